/** Forecast questions: the point in time of the forecast and what the forecast holds. */
import { FULL_FIBRE } from '@qa/warehouse';
import type { Draft } from './draft.js';

/**
 * A forecast answer is read at one forecast point: the date named, capped at the last forecast, or the last
 * forecast when none is named (said as an assumption). Scores and series need no point. Every forecast
 * footprint is full fibre, so neither full fibre nor gigabit is a filter there.
 */
export function readForecastPoint(draft: Draft): void {
  const { dataset, measure, subject, ctx } = draft;
  if (dataset !== 'upc_forecast' || measure === 'avg_attractiveness' || measure === 'avg_deprivation') return;
  const time = draft.parsed.time;
  // "When is Openreach forecast to reach BA22": the first forecast point is the answer, so no point is chosen.
  const pointless = measure === 'first_date' || draft.dimension === 'half_year' || draft.dimension === 'year';
  if (!time.at && !time.from && !pointless) {
    time.at = ctx.forecastLast;
    draft.assumptions.push(
      `no forecast date given: the last forecast point (${ctx.forecastLast.slice(0, 7)})`,
    );
  }
  if (time.at && time.at > ctx.forecastLast) time.at = ctx.forecastLast;
  if (subject.tech === FULL_FIBRE) delete subject.tech;
  if (subject.gigabit) delete subject.gigabit;
}
