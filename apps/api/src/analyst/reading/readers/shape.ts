/** The shape of the answer over time: a series of levels or of additions, at the grain the data has. */
import { addMonths, FULL_FIBRE } from '@qa/warehouse';
import type { Draft } from './draft.js';

/**
 * Reads the shape that follows from the time phrases and the measure: "new full-fibre premises month by
 * month" is a flow (what each snapshot added); growth asked as a series is a series of levels; a series is
 * the dimension when no other is named, half-yearly for forecasts and quarterly for take-up; "by number of
 * networks" counts full-fibre networks unless another subject is named, and counts every number.
 */
export function readShape(draft: Draft, wantsPct: boolean): void {
  const { text, parsed, dataset, subject } = draft;
  draft.flow =
    Boolean(parsed.series) &&
    (dataset === 'upc' || dataset === 'upc_forecast') &&
    Boolean(subject.tech || subject.gigabit || subject.operatorGroups?.length || subject.minDown) &&
    /\b(new|newly|adds|added|additions|gained|gains)\b/.test(text) &&
    !/\b(coverage|share|%|percent(?:age)?)\b/.test(text);
  // "Quarter on quarter change in FTTP premises", "MoM growth in gigabit coverage": what each point of a series
  // added since the one before, a series of the grain named over the window asked ("in 2026").
  const onPrevious = ON_PREVIOUS.exec(text);
  const hasSubject = Boolean(
    subject.tech || subject.gigabit || subject.operatorGroups?.length || subject.minDown,
  );
  // "The latest snapshot vs 3 months ago, both levels and the QoQ pp move": a window of one step is one change.
  const step = /^m/.test(onPrevious?.[1] ?? '') ? 1 : 3;
  const { from: windowFrom, to: windowTo } = parsed.time;
  const oneStep = Boolean(windowFrom && windowTo && addMonths(windowFrom, step) === windowTo);
  if (onPrevious && dataset === 'upc' && hasSubject && !oneStep) {
    draft.flow = true;
    if (!parsed.series) {
      parsed.series = /^m/.test(onPrevious[1] ?? '') ? 'month' : 'quarter';
      const { from, to, ...rest } = parsed.time;
      // The first point whose change is shown is the first one after the window opens.
      if (from && to) parsed.time = { ...rest, seriesFrom: addMonths(from, 1), seriesTo: to };
    }
  }
  // "CityFibre premises at Nov 2024, Nov 2025 and Nov 2026 w/ YoY growth %", "homes passed at the start of each
  // quarter, with net adds between each": the levels asked, with what each point added beside them.
  const beside = BESIDE_CHANGE.exec(text);
  if (parsed.series && beside && (dataset === 'upc' || dataset === 'upc_forecast') && hasSubject) {
    draft.flow = true;
    if (/%|percent|rate/.test(beside[0])) draft.growthPct = true;
  }
  const measure = draft.measure;
  // "Premises getting full fibre for the first time in each quarter of 2025": the first activations of each point
  // of a series are what that point added (a flow), over the series' span rather than a default window.
  if (parsed.series && dataset === 'upc' && (measure === 'first_premises' || measure === 'first_postcodes')) {
    draft.flow = true;
    draft.measure = measure === 'first_premises' ? 'premises' : 'postcodes';
    const { from: _from, to: _to, quarterYear: _year, phrase, ...rest } = parsed.time;
    parsed.time = { ...rest, ...(phrase && !/last 12 months/.test(phrase) ? { phrase } : {}) };
    draft.assumptions = draft.assumptions.filter((a) => !a.startsWith('no period given'));
  }
  if (
    parsed.series &&
    (measure === 'change_premises' || measure === 'change_pp' || measure === 'change_postcodes')
  ) {
    draft.measure = wantsPct ? 'coverage_pct' : 'premises';
  }
  if (!draft.dimension && parsed.series) draft.dimension = parsed.series;
  if (draft.dimension === 'month' && dataset === 'upc_forecast') draft.dimension = 'half_year';
  if ((draft.dimension === 'month' || draft.dimension === 'half_year') && dataset === 'take_up')
    draft.dimension = 'quarter';
  // Take-up is quarterly: "each year" is each year's last quarter.
  if (draft.dimension === 'year' && dataset === 'take_up') {
    draft.dimension = 'quarter';
    parsed.time.quarterNumber ??= 4;
  }
  if (draft.dimension === 'networks' && !subject.tech && !subject.gigabit && !subject.altnet)
    subject.tech = FULL_FIBRE;
  if (draft.dimension === 'networks') {
    delete subject.minNetworks;
    delete subject.exactNetworks;
  }
}

/** A change from each point of a series to the next, by the grain it names. */
/** A change asked beside each point of a series: "w/ YoY growth %", "with net adds between each", "and the QoQ change". */
const BESIDE_CHANGE =
  /(?:\bw\/|\bwith\b|\bplus\b|\band\b|\+|,)\s*(?:the\s+)?(?:(?:yoy|qoq|mom|y-o-y|q-o-q|annual|year[- ]on[- ]year|quarter[- ]on[- ]quarter|period[- ]on[- ]period)\s+)?(?:(?:pp|pts?|points?|percentage[- ]points?|% ?pts?)\s+)?(?:growth|change|increase|net adds|adds|additions|uplift|move|movement)\b(?:\s*(?:%|percent|rate))?(?:\s+(?:between|since|from|on|vs)\s+(?:each|the (?:previous|last|prior)))?|(?:\bw\/|\bwith\b|\bplus\b|\band\b|,)\s*(?:the\s+)?(?:%|percent(?:age)?)\s+(?:growth|change|increase)\b/;
const ON_PREVIOUS = /\b(month[- ]on[- ]month|quarter[- ]on[- ]quarter|mom|m-o-m|qoq|q-o-q)\b/;
