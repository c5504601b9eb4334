/**
 * The built-in analyst's words: an explanation of the SQL (from the plan and the query's own steps) and an
 * analysis of the result. Every number in the analysis is read from the result rows, or derived from them by
 * arithmetic that the text states (a sum, a share of the shown total, a difference); nothing else is quoted.
 */

import { DIMENSION_LIST, MEASURES, SEGMENTS, segmentSql, techSegment } from '@qa/warehouse';
import { describeGroupFilter, GEO_DIMENSIONS, type Plan, TIME_DIMENSIONS } from '../semantic/plan.js';
import { type AlongsidePart, alongsidePlans } from './alongside.js';
import { type ColumnMeta, columnMeta, formatValue } from './column-meta.js';
import { footprintParts, offering, place, provider, subjectClause, takeUpFilters } from './interpret.js';
import { sideBySideParts, subjectName } from './side-by-side.js';
import type { BuiltQuery } from './sql-builder.js';
import { columnMonth, datesInWords, dateWords, inWords, monthWords, techWords } from './words.js';

export interface ResultLike {
  columns: { name: string; type: string }[];
  rows: unknown[][];
  truncated: boolean;
}

const nf0 = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const nf2 = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

export function formatNumber(value: unknown, column = ''): string {
  if (typeof value !== 'number') return value === null || value === undefined ? '—' : String(value);
  if (/pct|pp_change|share/.test(column))
    return `${nf2.format(value)}${/pp_change/.test(column) ? ' pp' : '%'}`;
  if (/avg_/.test(column)) return nf2.format(value);
  return Number.isInteger(value) || Math.abs(value) >= 100 ? nf0.format(value) : nf2.format(value);
}

export function explain(plan: Plan, built: BuiltQuery): string {
  // The compiler's steps name what the SQL reads; the reader gets them in the model's words (words.ts).
  const lines = ['**What the query does**', '', ...built.steps.map((s, i) => `${i + 1}. ${inWords(s)}`)];
  if (plan.order && plan.limit)
    lines.push(
      `${built.steps.length + 1}. Sorts ${plan.order === 'asc' ? 'ascending' : 'descending'} and keeps the first ${plan.limit}.`,
    );
  const columnLines = Object.entries(built.columns).filter(([name]) => built.sql.includes(name));
  if (columnLines.length) {
    lines.push(
      '',
      '**Columns**',
      '',
      ...columnLines.map(([name, meaning]) => `- \`${name}\`: ${inWords(meaning)}`),
    );
  }
  const rules: string[] = [];
  // The per-postcode summaries (first full fibre, forecast entries) stand for the same rows, counted the same way.
  if (
    /fact_operator|fact_altnet|forecast_footprint|postcode_service_latest|network_postcode_latest|forecast_\w+_entry/.test(
      built.sql,
    ) &&
    /premises/.test(built.sql)
  )
    rules.push(
      'Premises are counted once per postcode (DISTINCT postcodes), never summed over operator rows, so a postcode with several operators or technologies is not double counted.',
    );
  if (/operator_group/.test(built.sql))
    rules.push(
      'Networks are operator groups: BT, Sky, TalkTalk and Vodafone all resell the one Openreach network.',
    );
  if (/fact_altnet/.test(built.sql))
    rules.push(
      "`fact_altnet` holds independent full-fibre networks only, with CityFibre's retail variants collapsed to `CityFibre`.",
    );
  // The model's definitions of the named filters the answer applies, stated as the model states them.
  if (built.sql.includes(segmentSql('gigabit', 'row', { alias: '' })))
    rules.push(`${SEGMENTS.gigabit.title} means ${inWords(SEGMENTS.gigabit.definition)}.`);
  if (alongsidePlans(plan).some((part) => part.subject.belowUso))
    rules.push(`${SEGMENTS.below_uso.title} means ${inWords(SEGMENTS.below_uso.definition)}.`);
  if (rules.length) lines.push('', '**Counting rules**', '', ...rules.map((r) => `- ${r}`));
  return lines.join('\n');
}

function isNumeric(result: ResultLike, index: number): boolean {
  return result.rows.some((row) => typeof row[index] === 'number');
}

/** The result as the analysis reads it: which column labels the rows, which one is the figure, what each is. */
interface Columns {
  labelIndex: number;
  primaryIndex: number;
  primaryName: string;
  metas: ColumnMeta[];
  primaryMeta: ColumnMeta;
  /** A share or a change in points shown next to the figure, if any. */
  pctIndex: number;
  pctMeta: ColumnMeta | undefined;
  fmt: (value: unknown, signed?: boolean) => string;
}

export function analyse(
  plan: Plan,
  built: BuiltQuery,
  result: ResultLike,
  latest: string,
  /** The first month of the availability history: a first date there means then or earlier. */
  earliest?: string,
): string {
  if (built.parts?.length && (plan.withUk || placeBesidePlace(plan)))
    return describePlaceAndUk(plan, built.parts, result, latest);
  if (built.parts?.length) return describeAlongside(plan, built.parts, result, latest);
  const rows = result.rows;
  if (rows.length === 0) return finish(describeEmpty(plan), plan, latest);
  const primaryIndex = pickPrimary(result, built);
  // What each column is (a count, a share of what, points), from the plan: never guessed from its name.
  const metas: ColumnMeta[] = result.columns.map((c) => columnMeta(plan, c.name));
  const primaryMeta: ColumnMeta = metas[primaryIndex] ?? { kind: 'count', unit: '', additive: false };
  const pctIndex = metas.findIndex(
    (m, i) =>
      i !== primaryIndex &&
      (m.kind === 'share' || m.kind === 'points') &&
      !CHANGE_END.test(result.columns[i]?.name ?? ''),
  );
  const columns: Columns = {
    labelIndex: result.columns.findIndex((_, i) => !isNumeric(result, i)),
    primaryIndex,
    primaryName: result.columns[primaryIndex]?.name ?? '',
    metas,
    primaryMeta,
    pctIndex,
    pctMeta: metas[pctIndex],
    fmt: (value, signed = false) => formatValue(value, primaryMeta, signed),
  };

  if (plan.compare?.length) return finish(describeSideBySide(plan, result), plan, latest);
  if (plan.measure === 'first_date') return finish(describeFirstDates(plan, result, earliest), plan, latest);
  // "When did Leeds pass 50% full fibre": the first point past the level, said as a date (not as a series of one).
  if (
    plan.groupFilter &&
    plan.limit === 1 &&
    plan.dimension !== undefined &&
    TIME_DIMENSIONS.has(plan.dimension) &&
    rows.length === 1
  ) {
    const date = dateWords(String(rows[0]![0]));
    const at = result.columns.findIndex((c) => /_pct$/.test(c.name));
    const figure = at >= 0 ? formatValue(rows[0]![at], metas[at]!) : null;
    const where = place(plan);
    const forecast = plan.dataset === 'upc_forecast';
    const what = offering(plan.subject, forecast) ?? 'the service';
    return finish(
      [
        `The ${plan.groupFilter.on === 'count' ? 'count' : 'share of premises'}${where ? ` ${where}` : ''} with ${what} ${forecast ? 'is first forecast to be' : 'was first'} ${describeGroupFilter(plan.groupFilter)} in **${date}**${figure ? ` (${figure})` : ''}.`,
      ],
      plan,
      latest,
    );
  }
  if (result.columns[0]?.name === 'quarter' && result.columns[1]?.name === 'operator') {
    const lines = describeBrandSeries(result);
    if (lines.length) return finish(lines, plan, latest);
  }
  if (plan.withUk && columns.labelIndex >= 0 && primaryIndex >= 0)
    return finish(describeBesideTheUk(result, columns), plan, latest);
  if (plan.leaderPerDimension) return finish(describeLeaders(result), plan, latest);
  if (plan.dimension === 'speed_band') {
    const lines = describeSpeedBands(plan, result);
    if (lines) return finish(lines, plan, latest);
  }
  if (plan.splitUrbanRural) {
    const lines = describeUrbanRuralSplit(result);
    if (lines) return finish(lines, plan, latest);
  }
  if (plan.footprintShare && rows.length === 1) {
    const line = describeFootprintShare(plan, result);
    if (line) return finish(line, plan, latest);
  }
  if (plan.rankWithin) return finish(describeWithinGroups(plan, built, result, columns), plan, latest);
  if (plan.rankOf?.length) return finish(describeRankOf(plan, built, result, columns), plan, latest);
  if (plan.urbanRuralGap) return finish(describeUrbanRuralGap(plan, result), plan, latest);
  if (
    plan.thenBy &&
    (GEO_DIMENSIONS.has(plan.thenBy) || plan.thenBy === 'operator_group') &&
    plan.dataset !== 'take_up'
  ) {
    const lines = describeSeriesByPlace(plan, result);
    if (lines) return finish(lines, plan, latest);
  }
  if (plan.thenBy) return finish(describeTwoKeys(plan, result), plan, latest);
  if (plan.placeStats?.length) return finish(describePlaceStats(plan, result), plan, latest);
  if (plan.placeBands) return finish(describePlaceBands(plan, result), plan, latest);
  if (plan.measure === 'operator_list') return finish(describeOperatorList(result), plan, latest);
  if (plan.dimension === 'networks') {
    const lines = describeDistribution(plan, result);
    if (lines) return finish(lines, plan, latest);
  }
  if (rows.length === 1 && columns.labelIndex < 0) {
    const sentence = describeChange(plan, result) ?? describeOneFigure(plan, built, result, columns) ?? null;
    if (sentence) return finish(sentence, plan, latest);
    return finish(describeOneRow(plan, built, result, columns), plan, latest);
  }
  // A yearly series leads with its year, then the snapshot date it was read at (sql-builder withYearLabel).
  const lead = result.columns[0]?.name;
  const isSeries =
    lead === 'reported_at' ||
    lead === 'quarter' ||
    (lead === 'year' && result.columns[1]?.name === 'reported_at');
  if (isSeries && primaryIndex >= 0 && plan.flow)
    return finish(describeFlow(plan, result, columns), plan, latest);
  if (isSeries && primaryIndex >= 0)
    return finish(describeSeries(plan, built, result, columns), plan, latest);
  if (columns.labelIndex >= 0 && primaryIndex >= 0)
    return finish(describeRanking(plan, built, result, columns), plan, latest);
  return finish([`The query returned ${rows.length} rows.`], plan, latest);
}

/**
 * Places beside the UK as a whole: each place's figure and how far it is above or below the UK's (the rows are the
 * places then the UK, not a ranking, so no place "leads").
 */
function describeBesideTheUk(result: ResultLike, columns: Columns): string[] {
  const { labelIndex, primaryIndex, primaryMeta, fmt } = columns;
  const uk = result.rows.find(
    (row) => row[labelIndex] === 'United Kingdom' || row[labelIndex] === 'Rest of the UK',
  );
  const rest = uk?.[labelIndex] === 'Rest of the UK';
  const ukValue = uk?.[primaryIndex];
  const out = [
    `**${rest ? 'The rest of the UK' : 'The UK as a whole'}:** ${typeof ukValue === 'number' ? `**${fmt(ukValue)}**` : 'no figure'}.`,
  ];
  for (const row of result.rows) {
    if (row === uk) continue;
    const value = row[primaryIndex];
    if (typeof value !== 'number') continue;
    const gap =
      typeof ukValue === 'number'
        ? ` (${formatValue(value - ukValue, primaryMeta.kind === 'share' ? { kind: 'points' } : primaryMeta, true)} against ${rest ? 'the rest of the UK' : 'the UK'})`
        : '';
    out.push(`**${String(row[labelIndex])}:** **${fmt(value)}**${gap}.`);
  }
  return out;
}

/**
 * Subjects side by side: each subject's own figure (the leader and the last of a ranking, or the figure of the
 * one place), then how the first subject compares with each other one, row by row.
 */
function describeSideBySide(plan: Plan, result: ResultLike): string[] {
  const names = result.columns.map((c) => c.name);
  const parts = sideBySideParts(plan);
  const PRIMARY = [
    'premises_gained',
    'postcodes_gained',
    'pp_change',
    'coverage_pct',
    'premises_passed',
    'postcodes_passed',
  ];
  const figures = parts.map((part) => {
    const column = PRIMARY.map((p) => `${part.prefix}_${p}`).find((c) => names.includes(c));
    const index = column ? names.indexOf(column) : -1;
    return {
      name: subjectName(part.plan.subject),
      index,
      meta: column ? columnMeta(plan, column) : undefined,
    };
  });
  const labelIndex = plan.dimension ? names.indexOf(plan.dimension) : -1;
  const rows = result.rows;
  const out: string[] = [];
  const say = (value: unknown, meta: ColumnMeta | undefined) =>
    meta
      ? `${formatValue(value, meta, meta.kind === 'points')}${meta.kind === 'share' ? ` of ${meta.base}` : ''}`
      : String(value);
  if (labelIndex < 0 || rows.length === 1) {
    const row = rows[0]!;
    const where = labelIndex >= 0 ? `${labelWords(names[labelIndex]!, row[labelIndex])}: ` : '';
    const each = figures.filter((f) => f.index >= 0).map((f) => `${f.name} **${say(row[f.index], f.meta)}**`);
    out.push(capitalise(`${where}${each.join('; ')}.`));
  } else {
    const label = (row: unknown[]) => labelWords(names[labelIndex]!, row[labelIndex]);
    for (const f of figures) {
      if (f.index < 0) continue;
      const sorted = [...rows].sort((a, b) => Number(b[f.index]) - Number(a[f.index]));
      const top = sorted[0]!;
      const bottom = sorted.at(-1)!;
      out.push(
        `**${capitalise(f.name)}**: highest in **${label(top)}** (${say(top[f.index], f.meta)}), lowest in ${label(bottom)} (${say(bottom[f.index], f.meta)}).`,
      );
    }
    const [first, ...others] = figures;
    for (const other of others) {
      if (!first || first.index < 0 || other.index < 0) continue;
      const above = rows.filter((row) => Number(row[other.index]) > Number(row[first.index])).length;
      const noun = PLURAL_NOUNS[names[labelIndex]!] ?? 'rows';
      out.push(
        `${capitalise(other.name)} is above ${first.name} in ${above} of the ${rows.length} ${noun} shown${above === 0 || above === rows.length ? '' : `, and at or below it in ${rows.length - above}`}.`,
      );
    }
  }
  const counts = figures.filter((f) => f.meta?.kind === 'count');
  if (counts.length)
    out.push('Footprints of different networks and technologies overlap, so their figures are not added up.');
  if (result.truncated)
    out.push('_The result was cut at the row limit; refine the question to see the rest._');
  return out;
}

function describeEmpty(plan: Plan): string[] {
  // A place ranked by a count it has none of is left out of the figures it would be ranked among.
  if (plan.rankOf?.length) return [rankOfMissing(plan, plan.rankOf)];
  const out = ['The query returned no rows: nothing in the data matches these conditions.'];
  if (plan.geo)
    out.push(
      `Check the place (${plan.geo.values.join(', ')}) and the operator names; for example, an altnet may not be present there at all.`,
    );
  return out;
}

/** One row and no label: a sentence for a level, otherwise each column's value and meaning. */
function describeOneRow(plan: Plan, built: BuiltQuery, result: ResultLike, columns: Columns): string[] {
  const sentence = describeLevel(plan, built, result);
  if (sentence) return [sentence];
  const row = result.rows[0]!;
  const facts = result.columns.map(
    (c, i) =>
      `- **${formatValue(row[i], columns.metas[i]!)}** — ${inWords(built.columns[c.name] ?? c.name.replace(/_/g, ' '))}`,
  );
  return ['**Result**', '', ...facts];
}

/** A snapshot date as a month ("November 2026"), a quarter as "2026 Q4". */
const when = dateWords;

/** Each point is what that snapshot added: the total, the average and the busiest and quietest points. */
function describeFlow(plan: Plan, result: ResultLike, columns: Columns): string[] {
  const change = result.columns.findIndex((c) => c.name === 'pp_change');
  if (plan.measure === 'coverage_pct' && change >= 0) return describePointsFlow(plan, result, change);
  const { primaryIndex, primaryName, fmt } = columns;
  const rows = result.rows;
  const values = rows.map((row) => Number(row[primaryIndex]) || 0);
  const total = values.reduce((sum, v) => sum + v, 0);
  const most = values.indexOf(Math.max(...values));
  const least = values.indexOf(Math.min(...values));
  const out = [
    `**${when(rows[0]![0])} to ${when(rows[rows.length - 1]![0])}:** **${fmt(total)}** ${primaryName.replace(/^new_/, '').replace(/_/g, ' ')} newly got ${subjectWords(plan)} over ${rows.length} snapshots, about **${fmt(Math.round(total / rows.length))}** per snapshot.`,
  ];
  if (rows.length >= 2)
    out.push(
      `The most was added in ${when(rows[most]![0])} (**${fmt(values[most]!)}**), the least in ${when(rows[least]![0])} (**${fmt(values[least]!)}**).`,
    );
  // "W/ YoY growth %": the growth at the first and the last point.
  const growth = result.columns.findIndex((c) => c.name === 'growth_pct');
  if (growth >= 0 && rows.length >= 2)
    out.push(
      `Growth on the point before went from **${Number(rows[0]![growth]).toFixed(1)}%** in ${when(rows[0]![0])} to **${Number(rows[rows.length - 1]![growth]).toFixed(1)}%** in ${when(rows[rows.length - 1]![0])}.`,
    );
  return out;
}

/** A share's change from point to point: where it ended, what it gained in all, the biggest and smallest step. */
function describePointsFlow(plan: Plan, result: ResultLike, change: number): string[] {
  const rows = result.rows;
  const level = result.columns.findIndex((c) => c.name === 'coverage_pct');
  const steps = rows.map((row) => Number(row[change]) || 0);
  const points = (v: number) => formatValue(v, { kind: 'points' }, true);
  const total = steps.reduce((sum, v) => sum + v, 0);
  const most = steps.indexOf(Math.max(...steps));
  const least = steps.indexOf(Math.min(...steps));
  const last = rows[rows.length - 1]!;
  const out = [
    `**${when(rows[0]![0])} to ${when(last[0])}:** the share of premises with ${subjectWords(plan)} moved **${points(total)}** over ${rows.length} steps${level >= 0 ? `, to **${formatValue(last[level], { kind: 'share', base: 'its premises' })}**` : ''}.`,
  ];
  if (rows.length >= 2)
    out.push(
      `The biggest step was ${when(rows[most]![0])} (**${points(steps[most]!)}**), the smallest ${when(rows[least]![0])} (**${points(steps[least]!)}**).`,
    );
  return out;
}

/** A series of levels: first to last, the share alongside, and the biggest single step. */
function describeSeries(plan: Plan, built: BuiltQuery, result: ResultLike, columns: Columns): string[] {
  const { primaryIndex, primaryName, primaryMeta, pctIndex, pctMeta, fmt } = columns;
  const rows = result.rows;
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  const a = first[primaryIndex] as number;
  const b = last[primaryIndex] as number;
  // A change in a share is a change in percentage points ("+10.41 pp"), and a relative change of a share
  // ("+30%") would read as points: only counts get the relative change.
  const change =
    typeof a === 'number' && typeof b === 'number'
      ? primaryMeta.kind === 'share' || primaryMeta.kind === 'points'
        ? ` (${formatValue(b - a, { kind: 'points' }, true)}).`
        : ` (${fmt(b - a, true)}${a && primaryMeta.kind === 'count' ? `, ${b >= a ? '+' : ''}${nf2.format(((b - a) / a) * 100)}%` : ''}).`
      : '.';
  const out = [
    `**${when(first[0])} to ${when(last[0])}:** ${metricPhrase(plan, primaryName, built, primaryMeta)} went from **${fmt(a)}** to **${fmt(b)}**${change}`,
  ];
  if (pctIndex >= 0 && pctMeta?.kind === 'share') {
    const pa = first[pctIndex] as number;
    const pb = last[pctIndex] as number;
    if (typeof pa === 'number' && typeof pb === 'number')
      out.push(
        `As a share of ${pctMeta.base}: ${formatValue(pa, pctMeta)} → ${formatValue(pb, pctMeta)} (${formatValue(pb - pa, { kind: 'points' }, true)}).`,
      );
  }
  if (rows.length >= 3 && typeof a === 'number') {
    let best = { step: 0, at: '' };
    for (let i = 1; i < rows.length; i++) {
      const step = (rows[i]![primaryIndex] as number) - (rows[i - 1]![primaryIndex] as number);
      if (step > best.step) best = { step, at: when(rows[i]![0]) };
    }
    if (best.step > 0)
      out.push(
        `The biggest single step was **${primaryMeta.kind === 'share' ? formatValue(best.step, { kind: 'points' }, true) : fmt(best.step, true)}** in ${best.at}.`,
      );
  }
  return out;
}

/**
 * A series for each place (rows by place, then date): each place's first and last point and the change between,
 * the places in order of where they ended, and which moved most.
 */
function describeSeriesByPlace(plan: Plan, result: ResultLike): string[] | null {
  const names = result.columns.map((c) => c.name);
  const placeAt = names.indexOf(plan.thenBy ?? '');
  const dateAt = names.indexOf('reported_at');
  // The figure asked: the share when a share was asked, else the count.
  const share = plan.measure === 'coverage_pct' ? names.indexOf('coverage_pct') : -1;
  const figureAt = share >= 0 ? share : names.findIndex((n) => n === 'premises' || n === 'postcodes');
  if (placeAt < 0 || dateAt < 0 || figureAt < 0) return null;
  const meta = columnMeta(plan, names[figureAt]!);
  const ends = new Map<string, { from: unknown[]; to: unknown[] }>();
  for (const row of result.rows) {
    const key = String(row[placeAt]);
    const seen = ends.get(key);
    if (seen) seen.to = row;
    else ends.set(key, { from: row, to: row });
  }
  const places = [...ends.entries()].map(([name, { from, to }]) => ({
    name,
    from,
    to,
    a: Number(from[figureAt]),
    b: Number(to[figureAt]),
  }));
  places.sort((x, y) => y.b - x.b);
  const change = (p: (typeof places)[number]) =>
    meta.kind === 'share'
      ? formatValue(p.b - p.a, { kind: 'points' }, true)
      : formatValue(p.b - p.a, meta, true);
  const what = share >= 0 ? 'share of premises' : names[figureAt]!;
  const byNetwork = plan.thenBy === 'operator_group';
  const out = [
    `The ${what}${offering(plan.subject, plan.dataset === 'upc_forecast') ? ` with ${offering(plan.subject, plan.dataset === 'upc_forecast')}` : ''}, ${byNetwork ? 'network by network' : 'place by place'} (${places.length} ${byNetwork ? 'networks' : places.length === 1 ? 'place' : 'places'}, highest at the end first):`,
    ...places
      .slice(0, 12)
      .map(
        (p) =>
          `- **${p.name}**: ${formatValue(p.a, meta)} (${when(p.from[dateAt])}) → **${formatValue(p.b, meta)}** (${when(p.to[dateAt])}), ${change(p)}`,
      ),
  ];
  if (places.length > 12) out.push(`- and ${places.length - 12} more in the table.`);
  const moved = [...places].sort((x, y) => y.b - y.a - (x.b - x.a))[0];
  if (moved && places.length >= 2) out.push(`**${moved.name}** moved most (${change(moved)}).`);
  return out;
}

/** The two columns of a fastest-speeds answer (`max_speeds`), as the compiler names them. */
const DOWNLOAD_COLUMN = 'max_fastest_down_mbps';
const UPLOAD_COLUMN = 'max_fastest_up_mbps';

/**
 * Labelled rows: the first leads (or is lowest), the next three follow, a total only when the rows partition
 * what is counted, and the last shown.
 */
function describeRanking(plan: Plan, built: BuiltQuery, result: ResultLike, columns: Columns): string[] {
  const { labelIndex, primaryIndex, primaryName, primaryMeta, pctIndex, pctMeta, fmt } = columns;
  const lowest = plan.order === 'asc';
  // Said in the order of the figure described: the table may be in another's (a figure looked up for the rows of a
  // ranking, places ranked by their size), and "leads" must name the highest.
  const figureOf = (row: unknown[]) =>
    typeof row[primaryIndex] === 'number' ? (row[primaryIndex] as number) : null;
  const rows = result.rows.every((row) => figureOf(row) !== null)
    ? [...result.rows].sort((a, b) => (lowest ? 1 : -1) * (figureOf(a)! - figureOf(b)!))
    : result.rows;
  const out: string[] = [];
  const labelColumn = result.columns[labelIndex]?.name ?? '';
  const label = (row: unknown[]) => labelWords(labelColumn, row[labelIndex]);
  const value = (row: unknown[]) => row[primaryIndex] as number;
  const top = rows[0]!;
  const noun = PLURAL_NOUNS[labelColumn] ?? labelColumn.replace(/_/g, ' ');
  const metric = metricPhrase(plan, primaryName, built, primaryMeta);
  const ends = changeEnds(result.columns.map((c) => c.name));
  // Both speeds asked: the upload is said beside each network's download.
  const upload =
    plan.measure === 'max_speeds' ? result.columns.findIndex((c) => c.name === UPLOAD_COLUMN) : -1;
  const describe = (row: unknown[]) => {
    if (upload >= 0 && typeof row[upload] === 'number') return ` (${fmt(row[upload] as number)} up)`;
    // A change in points is said with the coverage it started and ended at.
    if (primaryMeta.kind === 'points' && ends) {
      const [a, b] = [row[ends.from.index], row[ends.to.index]];
      if (typeof a === 'number' && typeof b === 'number')
        return ` (from ${formatValue(a, SHARE)} in ${ends.from.month} to ${formatValue(b, SHARE)} in ${ends.to.month})`;
    }
    const v = row[pctIndex];
    if (pctIndex < 0 || typeof v !== 'number' || !pctMeta) return '';
    return pctMeta.kind === 'share'
      ? ` (${formatValue(v, pctMeta)} of ${pctMeta.base})`
      : ` (${formatValue(v, pctMeta, true)})`;
  };
  const shareWords = primaryMeta.kind === 'share' ? ` of ${primaryMeta.base}` : '';
  out.push(
    rows.length === 1
      ? `**${label(top)}**: ${metric} **${fmt(value(top))}**${shareWords}${describe(top)}.`
      : `**${label(top)}** ${lowest ? 'is lowest' : 'leads'} on ${metric}: **${fmt(value(top))}**${shareWords}${describe(top)}.`,
  );
  if (rows.length > 1) {
    const next = rows
      .slice(1, 4)
      .map((r) => `${label(r)} (${fmt(value(r))}${upload >= 0 ? `, ${fmt(r[upload] as number)} up` : ''})`);
    out.push(`Then ${next.join(', ')}.`);
    const numericValues = rows.map(value).filter((v) => typeof v === 'number');
    // Only counts whose rows partition what is counted add up: overlapping footprints never do.
    if (primaryMeta.kind === 'count' && primaryMeta.additive && numericValues.length === rows.length) {
      const total = numericValues.reduce((sum, v) => sum + v, 0);
      if (total > 0) {
        out.push(
          `The ${rows.length} ${noun} shown total **${fmt(total)}**; ${label(top)} alone is ${nf2.format((value(top) / total) * 100)}% of that.`,
        );
      }
    } else if (primaryMeta.kind === 'count' && !primaryMeta.additive && rows.length > 1) {
      out.push(
        `These figures overlap (the same ${primaryMeta.unit} can count for several ${noun}), so they are not added up.`,
      );
    }
    const last = rows[rows.length - 1]!;
    if (rows.length > 4)
      out.push(`${lowest ? 'The highest' : 'The lowest'} shown is ${label(last)} at ${fmt(value(last))}.`);
  }
  if (result.truncated)
    out.push('_The result was cut at the row limit; refine the question to see the rest._');
  return out;
}

function pickPrimary(result: ResultLike, built: BuiltQuery): number {
  const names = result.columns.map((c) => c.name);
  const preferred = [
    'new_premises',
    'new_postcodes',
    'premises_gained',
    'postcodes_gained',
    'pp_change',
    'coverage_pct',
    'share_pct',
    'share_without_pct',
  ];
  const order = built.sql.match(/ORDER BY ([a-z_]+)/)?.[1];
  // A ranking by the places' own size ("the ten largest LAs") is not what the answer measures.
  if (
    order &&
    names.includes(order) &&
    order !== 'reported_at' &&
    order !== 'quarter' &&
    order !== 'year' &&
    !order.startsWith('total_')
  )
    return names.indexOf(order);
  for (const p of preferred) if (names.includes(p)) return names.indexOf(p);
  // A series' year is its label, not its figure.
  return result.columns.findIndex((c, i) => c.name !== 'year' && isNumeric(result, i));
}

/**
 * Figures of different kinds in one question: each figure described from its own columns as its own answer would
 * be, in the order they were asked, then the whole answer's assumptions and notes once.
 */
/** One share in one place and in a wider place it lies in ("Belfast compared with Northern Ireland as a whole"). */
function placeBesidePlace(plan: Plan): boolean {
  const other = plan.alongside?.length === 1 ? plan.alongside[0] : undefined;
  if (!other || plan.measure !== 'coverage_pct' || other.measure !== 'coverage_pct') return false;
  const same = (p: Plan) =>
    JSON.stringify({ ...p, geo: undefined, alongside: undefined, notes: [], unknowns: [], assumptions: [] });
  return Boolean(plan.geo && other.geo) && same(plan) === same(other);
}

/** One place beside the UK in one row: each figure said, then how far the place is above or below the UK's. */
function describePlaceAndUk(plan: Plan, parts: AlongsidePart[], result: ResultLike, latest: string): string {
  const text = describeAlongside({ ...plan, assumptions: [], unknowns: [] }, parts, result, latest);
  const figure = (part: AlongsidePart | undefined) => {
    const output = Object.entries(part?.columns ?? {}).find(([, own]) => own === 'coverage_pct')?.[0];
    const i = result.columns.findIndex((c) => c.name === output);
    const value = i >= 0 ? result.rows[0]?.[i] : undefined;
    return typeof value === 'number'
      ? value
      : value === undefined || value === null
        ? undefined
        : Number(value);
  };
  const [place, uk] = [figure(parts[0]), figure(parts[1])];
  const footer = text.lastIndexOf('\n\n_');
  const body = footer >= 0 ? text.slice(0, footer) : text;
  const name = plan.geo?.label ?? plan.geo?.values.join(', ') ?? 'The place';
  const lines = [body];
  if (place !== undefined && uk !== undefined && !Number.isNaN(place) && !Number.isNaN(uk)) {
    const gap = place - uk;
    const words = Math.abs(gap) < 0.005 ? 'level with' : gap > 0 ? 'above' : 'below';
    const whole = parts[1]?.plan.geo;
    const wider = whole ? (whole.label ?? whole.values.join(', ')) : 'the UK';
    lines.push('', `${name} is **${nf2.format(Math.abs(gap))} pp** ${words} ${wider} as a whole.`);
  }
  return finish(lines, plan, latest);
}

function describeAlongside(plan: Plan, parts: AlongsidePart[], result: ResultLike, latest: string): string {
  const asked = [...parts].sort((a, b) => a.asked - b.asked);
  const out: string[] = [];
  for (const part of asked) {
    // A part joined on the lead's places shows no place column of its own: its rows are named by the lead's.
    const dim = part.plan.dimension;
    const placeColumn =
      dim && !Object.values(part.columns).includes(dim) && result.columns.some((c) => c.name === dim)
        ? { [dim]: dim }
        : {};
    const columns = { ...placeColumn, ...part.columns };
    const indexes = Object.keys(columns).map((output) => result.columns.findIndex((c) => c.name === output));
    const own: ResultLike = {
      columns: indexes.map((i, k) => ({
        name: Object.values(columns)[k]!,
        type: result.columns[i]?.type ?? '',
      })),
      rows: result.rows.map((row) => indexes.map((i) => (i >= 0 ? row[i] : null))),
      truncated: result.truncated,
    };
    // A figure repeated beside each row of another is said once.
    if (part !== parts[0] && !part.plan.dimension) own.rows = own.rows.slice(0, 1);
    const text = analyse({ ...part.plan, assumptions: [], unknowns: [] }, part.built, own, latest);
    // Each part's own note on the data is the whole answer's, said once at its end.
    const footer = text.lastIndexOf('\n\n_');
    out.push(footer >= 0 ? text.slice(0, footer) : text, '');
  }
  out.pop();
  return finish(out, plan, latest);
}

function finish(out: string[], plan: Plan, latest: string): string {
  if (plan.assumptions.length)
    out.push('', `_Assumptions: ${plan.assumptions.map(datesInWords).join('; ')}._`);
  if (plan.unknowns.length)
    out.push(
      '',
      `_Not used from the question: ${plan.unknowns.join('; ')}. The figures above do not take ${plan.unknowns.length === 1 ? 'it' : 'them'} into account; rephrase if ${plan.unknowns.length === 1 ? 'it matters' : 'they matter'}._`,
    );
  if (plan.dataset !== 'take_up')
    out.push(
      '',
      `_Figures are from the ${plan.dataset === 'upc_forecast' ? 'forecast' : `${monthWords(latest)} snapshot`} of modelled operator footprints (synthetic data calibrated to public figures); places and premises counts follow real UK geography._`,
    );
  else out.push('', '_Take-up figures are modelled (synthetic data calibrated to public figures)._');
  return out.join('\n');
}

/** How many of a dimension's values there are, in words ("12 regions"): the model's plurals, a few of its own. */
const PLURAL_NOUNS: Record<string, string> = {
  ...Object.fromEntries(
    DIMENSION_LIST.filter((d) => d.kind !== 'time' && d.kind !== 'count').map((d) => [d.id, d.plural]),
  ),
  urban_rural: 'groups',
  quarter: 'quarters',
};

/**
 * How the ranked measure reads in a sentence ("premises gained", "coverage", "premises where Hyperoptic is
 * present"): from the plan and the model's labels, the compiler's column meanings only in words.
 */
function metricPhrase(plan: Plan, column: string, built: BuiltQuery, meta: ColumnMeta): string {
  const gained = /^(\w+)_gained$/.exec(column);
  if (gained) return `${gained[1]} gained`;
  if (meta.kind === 'points') return 'the change in coverage';
  if (column === 'coverage_pct') return 'coverage';
  if (meta.kind === 'share') {
    const label: string | undefined = MEASURES[plan.measure as keyof typeof MEASURES]?.label;
    return label && /share/.test(label) ? label : 'share';
  }
  if (meta.kind === 'count' && /_passed$|^(premises|postcodes)$/.test(column)) {
    if (plan.dataset === 'upc_forecast') return `${meta.unit} ${forecastWords(plan)}`;
    if (plan.dimension && NETWORK_COLUMNS.has(plan.dimension)) return `${meta.unit} passed`;
    const condition = conditionWords(plan);
    return condition ? `${meta.unit} where ${condition}` : meta.unit;
  }
  const meaning = built.columns[column];
  return meaning && meaning.length < 60
    ? inWords(meaning).replace(/ \(distinct postcodes\)$/, '')
    : column.replace(/_/g, ' ');
}

/** A column of one period: a snapshot month (premises_2025_11) or a quarter (lines_2025q4), in words. */
function columnPeriod(column: string): string | null {
  const quarter = /_(\d{4})q([1-4])$/i.exec(column);
  return quarter ? `${quarter[1]} Q${quarter[2]}` : columnMonth(column);
}

/**
 * One-row answers with a figure of their own, as a sentence: the fastest speed on offer, postcodes reached for
 * the first time, take-up of a footprint.
 */
function describeOneFigure(
  plan: Plan,
  built: BuiltQuery,
  result: ResultLike,
  columns: Columns,
): string[] | null {
  const names = result.columns.map((c) => c.name);
  const row = result.rows[0]!;
  const where = whereWords(plan);
  const value = (name: string) => {
    const i = names.indexOf(name);
    return i >= 0 ? formatValue(row[i], columns.metas[i]!) : null;
  };
  if (names.length === 1 && columns.metas[0]?.kind === 'speed') {
    const label = MEASURES[plan.measure as keyof typeof MEASURES]?.label ?? 'speed';
    return [`The ${label} on offer ${where} is **${formatValue(row[0], columns.metas[0])}**.`];
  }
  // Both speeds asked: each is said, the upload as much as the download.
  if (plan.measure === 'max_speeds' && value(UPLOAD_COLUMN) && value(DOWNLOAD_COLUMN)) {
    return [
      `The fastest download on offer ${where} is **${value(DOWNLOAD_COLUMN)}** and the fastest upload **${value(UPLOAD_COLUMN)}**.`,
    ];
  }
  if (plan.measure === 'first_postcodes' || plan.measure === 'first_premises') {
    const postcodes = value('postcodes');
    const premises = value('premises');
    if (!postcodes || !premises) return null;
    const what = offering(plan.subject) ?? 'service';
    const who = provider(plan.subject);
    const counted =
      plan.measure === 'first_premises'
        ? `**${premises}** premises (in ${postcodes} postcodes)`
        : `**${postcodes}** postcodes (${premises} premises)`;
    return [
      `${counted} ${where} got ${what}${who ? ` from ${who.who}` : ''} for the first time ${plan.time.phrase ?? 'in the window'}.`,
    ];
  }
  if (names.length === 1 && columns.metas[0]?.kind === 'count') {
    // One count: lines of a take-up filter, places passing a test ("60 local authorities whose share is ...").
    const meaning = inWords(built.columns[names[0]!] ?? names[0]!.replace(/_/g, ' '));
    const filters = plan.dataset === 'take_up' ? takeUpFilters(plan) : '';
    return [
      `**${formatValue(row[0], columns.metas[0])}** ${meaning}${filters ? ` ${filters}` : ''}${plan.geo ? ` ${where}` : ''}.`,
    ];
  }
  if (plan.measure === 'share_of_subject_pct' && plan.dataset !== 'take_up' && names.length === 3) {
    // A network's share of a footprint: its premises out of all premises with the service.
    const [part, whole, pct] = names as [string, string, string];
    const shareMeaning = inWords(built.columns[pct] ?? 'share').replace(/, %$/, '');
    const wholeMeaning = inWords(built.columns[whole] ?? whole).replace(/^all /, '');
    return [
      `${capitalise(shareMeaning)} of ${wholeMeaning}${plan.geo ? ` ${where}` : ''}: **${value(pct)}** (${value(part)} of ${value(whole)}).`,
    ];
  }
  const takeUpIndex = names.indexOf('take_up_pct');
  if (takeUpIndex >= 0 && names.length === 3) {
    const [lines, premises] = names.filter((_, i) => i !== takeUpIndex);
    const said = (name: string) =>
      `${value(name)} ${inWords(built.columns[name] ?? name.replace(/_/g, ' '))}`;
    return [`Take-up ${where}: **${value('take_up_pct')}**, ${said(lines!)} on ${said(premises!)}.`];
  }
  return null;
}

/** Rows by these are networks, operators or technologies: their counts are what each one passes. */
const NETWORK_COLUMNS = new Set(['operator', 'operator_group', 'tech']);

/** A row's label as a reader says it: a technology by its label, a date as a month, a setting capitalised. */
function labelWords(column: string, value: unknown): string {
  const text = String(value);
  if (column === 'tech') return techWords(text);
  if (column === 'urban_rural') return text.charAt(0).toUpperCase() + text.slice(1);
  return dateWords(text);
}

/** The coverage at each end of a change (coverage_2025_11_pct, coverage_2026_11_pct), when the SQL gives it. */
const CHANGE_END = /^coverage_\d{4}_\d{2}_pct$/;
const SHARE: ColumnMeta = { kind: 'share', base: '' };
function changeEnds(
  names: string[],
): { from: { index: number; month: string }; to: { index: number; month: string } } | null {
  const ends = names
    .map((name, index) => ({ index, month: CHANGE_END.test(name) ? columnMonth(name) : null }))
    .filter((e): e is { index: number; month: string } => e.month !== null);
  return ends.length === 2 ? { from: ends[0]!, to: ends[1]! } : null;
}

/** Where the answer is: "in Leeds", "in rural areas in Wales", or across the UK. */
/**
 * When the subject first reached the place, as a date said in words: one date, or the first of each network or
 * place in the order of the rows. A subject with no row there has no date, which is said, not shown as blank.
 */
function describeFirstDates(plan: Plan, result: ResultLike, earliest?: string): string[] {
  const forecast = plan.dataset === 'upc_forecast';
  const what = offering(plan.subject, forecast) ?? 'the service';
  const who = provider(plan.subject);
  const subject = `${what}${who ? ` from ${who.who}` : ''}`;
  const where = whereWords(plan);
  const dateAt = result.columns.length - 1;
  const dated = result.rows.filter((r) => r[dateAt] !== null && r[dateAt] !== undefined && r[dateAt] !== '');
  if (dated.length === 0)
    return [
      forecast
        ? `The forecast has no date at which ${subject} reaches ${where}.`
        : `No network's rows give ${subject} ${where} in the latest snapshot, so it has no first date.`,
    ];
  const when = (r: unknown[]) => monthWords(String(r[dateAt]));
  // The history starts at its first snapshot: a date there was reached then or before, which the data cannot tell.
  const atStart = !forecast && earliest && dated.some((r) => String(r[dateAt]).slice(0, 10) === earliest);
  const startNote = atStart
    ? `${monthWords(earliest)} is the first month of the data, so a date there means then or earlier.`
    : null;
  const withNote = (lines: string[]) => (startNote ? [...lines, '', startNote] : lines);
  if (result.columns.length === 1)
    return withNote([
      forecast
        ? `${capitalise(subject)} is first forecast ${where} in **${when(dated[0]!)}** (the earliest forecast point at which it is present).`
        : `${capitalise(subject)} was first available ${where} in **${when(dated[0]!)}** (the earliest activation date of its rows in the latest snapshot).`,
    ]);
  const shown = dated.slice(0, 10).map((r) => `**${String(r[0])}** ${when(r)}`);
  const more = dated.length > 10 ? ` (and ${dated.length - 10} more in the table)` : '';
  const named = offering(plan.subject, forecast);
  return withNote([
    `${forecast ? 'First forecast date' : 'First available'}${named ? ` of ${named}` : ''} ${where}: ${shown.join('; ')}${more}.`,
  ]);
}

function whereWords(plan: Plan): string {
  return place(plan) || 'across the UK';
}

/** The condition a counted postcode meets, as a clause after "where" ("full fibre is available"). */
function conditionWords(plan: Plan): string | null {
  return subjectClause(plan.subject, { forecast: plan.dataset === 'upc_forecast' });
}

/**
 * What a forecast counts: premises planned to get a service, said as such ("forecast to have full fibre from
 * Openreach by December 2027"), never as if it were coverage today.
 */
function forecastWords(plan: Plan): string {
  const s = plan.subject;
  const what = offering(s, true) ?? SEGMENTS.full_fibre.label;
  const who = provider(s);
  const by = plan.time.at ? ` by ${monthWords(plan.time.at)}` : '';
  return `${s.absent ? 'not ' : ''}forecast to have ${what}${who ? ` from ${who.who}` : ''}${by}`;
}

/** The counted unit as a noun ("premises", "people" for population). */
const unitWords = (unit: string) => (unit === 'population' ? 'people' : unit.replace(/_/g, ' '));
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A change between two snapshots in one place: the level at each end, by its month, and the change; a change in
 * points with the coverage at both ends ("went from 61.2% in November 2025 to 68.4% in November 2026, up 7.2
 * points").
 */
function describeChange(plan: Plan, result: ResultLike): string[] | null {
  const names = result.columns.map((c) => c.name);
  const row = result.rows[0]!;
  const gainedIndex = names.findIndex((n) => /_gained$|^change_\w+$/.test(n));
  if (gainedIndex < 0) return null;
  const unit = names[gainedIndex]!.replace(/_gained$|^change_/g, '');
  // The level at each end, in a column named after its month (premises_2025_11) or quarter (lines_2025q4).
  const levels = names
    .map((name, index) => ({ index, month: name.startsWith(`${unit}_`) ? columnPeriod(name) : null }))
    .filter((e): e is { index: number; month: string } => e.month !== null);
  const [from, to] = levels;
  if (levels.length !== 2 || !from || !to) return null;
  const a = row[from.index];
  const b = row[to.index];
  const gained = row[gainedIndex];
  if (typeof a !== 'number' || typeof b !== 'number' || typeof gained !== 'number') return null;
  const count = (v: number) => formatValue(v, { kind: 'count', unit, additive: false });
  const forecast = plan.dataset === 'upc_forecast';
  const condition = conditionWords(plan);
  const takeUp = plan.dataset === 'take_up' ? takeUpFilters(plan) : '';
  const what = takeUp
    ? `${unit} ${takeUp}${plan.geo ? ` ${whereWords(plan)}` : ''}`
    : forecast
      ? `${unitWords(unit)} ${whereWords(plan)} with ${offering(plan.subject, true) ?? SEGMENTS.full_fibre.label}${provider(plan.subject) ? ` from ${provider(plan.subject)!.who}` : ''}`
      : `${unitWords(unit)} ${whereWords(plan)}${condition ? ` where ${condition}` : ''}`;
  const verb = forecast ? 'are forecast to go' : 'went';
  const direction = (v: number) => (v >= 0 ? 'up' : 'down');
  const ends = changeEnds(names);
  const pp = row[names.indexOf('pp_change')];
  if (ends && typeof pp === 'number') {
    const [ca, cb] = [row[ends.from.index], row[ends.to.index]];
    if (typeof ca === 'number' && typeof cb === 'number')
      return [
        `The share of ${what} ${forecast ? 'is forecast to go' : 'went'} from **${formatValue(ca, SHARE)}** in ${ends.from.month} to **${formatValue(cb, SHARE)}** in ${ends.to.month}, ${direction(pp)} **${nf2.format(Math.abs(pp))} points** (${count(a)} to ${count(b)} ${unitWords(unit)}).`,
      ];
  }
  // The relative change as the SQL gives it (take-up's year on year), else from the two levels.
  const givenPct = names.findIndex((n) => /_change_pct$/.test(n));
  const pct = givenPct >= 0 ? row[givenPct] : a ? (gained / a) * 100 : undefined;
  const relative = typeof pct === 'number' ? `, ${pct >= 0 ? '+' : ''}${nf2.format(pct)}%` : '';
  return [
    `${capitalise(what)} ${verb} from **${count(a)}** in ${from.month} to **${count(b)}** in ${to.month}, ${direction(gained)} **${count(Math.abs(gained))}**${relative ? ` (${relative.slice(2)})` : ''}.`,
  ];
}

/** Premises by the band of their best download speed: a line per band, lowest first, with its share. */
function describeSpeedBands(plan: Plan, result: ResultLike): string[] | null {
  const names = result.columns.map((c) => c.name);
  const [band, premises, share] = ['speed_band', 'premises', 'share_of_premises_pct'].map((n) =>
    names.indexOf(n),
  );
  if (band === undefined || premises === undefined || share === undefined || band < 0 || premises < 0)
    return null;
  const total = result.rows.reduce((sum, row) => sum + (Number(row[premises]) || 0), 0);
  const where = place(plan);
  return [
    `Of the ${formatNumber(total, 'premises')} premises${where ? ` ${where}` : ''}, by the best download speed on offer at their postcode:`,
    '',
    ...result.rows.map(
      (row) =>
        `- **${String(row[band])}**: ${formatNumber(row[premises], 'premises')} premises` +
        (share >= 0 ? ` (${formatNumber(row[share], 'share_pct')})` : ''),
    ),
  ];
}

/** "10.05% of the premises where CityFibre is present are in rural areas (412,000 of 4,100,000)." */
function describeFootprintShare(plan: Plan, result: ResultLike): string[] | null {
  const names = result.columns.map((c) => c.name);
  const row = result.rows[0] ?? [];
  const [there, whole, share] = ['premises_there', 'footprint_premises', 'share_of_footprint_pct'].map((n) =>
    names.indexOf(n),
  );
  if (there === undefined || whole === undefined || share === undefined || share < 0) return null;
  const { premises, part } = footprintParts(plan);
  return [
    `**${formatNumber(row[share], 'share_pct')}** ${premises} are ${part} ` +
      `(${formatNumber(row[there], 'premises')} of ${formatNumber(row[whole], 'premises')}).`,
  ];
}

/**
 * "Urban vs rural in each nation": one line per place with its urban and rural figures and the gap between them,
 * then the place where the gap is widest.
 */
function describeUrbanRuralSplit(result: ResultLike): string[] | null {
  const names = result.columns.map((c) => c.name);
  const split = names.indexOf('urban_rural');
  const pct = names.findIndex((n) => /_pct$/.test(n));
  const figure = pct >= 0 ? pct : names.findIndex((n, i) => i > split && isNumeric(result, i));
  if (split !== 1 || figure < 0) return null;
  const byPlace = new Map<string, Map<string, number>>();
  for (const row of result.rows) {
    const parts = byPlace.get(String(row[0])) ?? new Map<string, number>();
    parts.set(String(row[split]), Number(row[figure]));
    byPlace.set(String(row[0]), parts);
  }
  const name = names[figure]!;
  const say = (v: number | undefined) => (v === undefined ? 'none' : formatNumber(v, name));
  const gaps: [string, number][] = [];
  const lines = [...byPlace.entries()].map(([place, parts]) => {
    const urban = parts.get('urban');
    const rural = parts.get('rural');
    if (urban !== undefined && rural !== undefined) gaps.push([place, urban - rural]);
    const gap =
      urban !== undefined && rural !== undefined && pct >= 0
        ? ` (rural ${Math.abs(urban - rural) < 0.005 ? 'level with' : `${formatNumber(Math.abs(urban - rural), 'pp_change')} ${rural < urban ? 'behind' : 'ahead of'}`} urban)`
        : '';
    return `- **${place}**: urban ${say(urban)}, rural ${say(rural)}${gap}`;
  });
  const widest = gaps.sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]))[0];
  if (widest && pct >= 0 && gaps.length > 1)
    lines.push('', `The gap between urban and rural is widest in **${widest[0]}**.`);
  return lines;
}

/**
 * "In England, Openreach leads with ...": one line per place for leader questions. With the first N networks of
 * each place, the line names them in order, and the leader of each place is its first.
 */
/** A series for each brand (quarter, operator, lines): each brand's first and last quarter, largest first. */
function describeBrandSeries(result: ResultLike): string[] {
  const byBrand = new Map<string, [string, number][]>();
  for (const [quarter, operator, lines] of result.rows) {
    if (typeof lines !== 'number') continue;
    const series = byBrand.get(String(operator)) ?? [];
    series.push([String(quarter), lines]);
    byBrand.set(String(operator), series);
  }
  const quarter = (q: string) => q.replace(/^(\d{4})Q/, '$1 Q');
  return [...byBrand.entries()]
    .sort((a, b) => (b[1].at(-1)?.[1] ?? 0) - (a[1].at(-1)?.[1] ?? 0))
    .map(([brand, series]) => {
      const [firstQ, first] = series[0]!;
      const [lastQ, last] = series.at(-1)!;
      if (series.length === 1) return `- **${brand}**: ${nf0.format(last)} lines in ${quarter(lastQ)}.`;
      const change = last - first;
      const pct = first ? ` (${change >= 0 ? '+' : ''}${nf2.format((100 * change) / first)}%)` : '';
      return `- **${brand}**: ${nf0.format(first)} lines in ${quarter(firstQ)} to **${nf0.format(last)}** in ${quarter(lastQ)}, ${change >= 0 ? '+' : ''}${nf0.format(change)}${pct}.`;
    });
}

function describeLeaders(result: ResultLike): string[] {
  const names = result.columns.map((c) => c.name);
  const place = 0;
  const network = names.indexOf('operator_group');
  const premises = names.indexOf('premises');
  const share = names.indexOf('share_of_premises_pct');
  const byPlace = new Map<string, unknown[][]>();
  for (const row of result.rows)
    byPlace.set(String(row[place]), [...(byPlace.get(String(row[place])) ?? []), row]);
  const one = (row: unknown[]) =>
    `${String(row[network])} with ${formatNumber(row[premises], 'premises')} premises` +
    (share >= 0 ? ` (${formatNumber(row[share], 'share_pct')} of all premises there)` : '');
  const lines = [...byPlace.entries()].map(([name, rows]) =>
    rows.length === 1
      ? `- **${name}**: ${one(rows[0] as unknown[])}`
      : `- **${name}**: ${rows.map((row, i) => `${i + 1}. ${one(row)}`).join('; ')}`,
  );
  const counts = new Map<string, number>();
  for (const rows of byPlace.values()) {
    const leader = String((rows[0] as unknown[])[network]);
    counts.set(leader, (counts.get(leader) ?? 0) + 1);
  }
  const summary = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  const head =
    summary.length === 1
      ? `${summary[0]![0]} leads everywhere shown.`
      : `${summary.map(([name, n]) => `${name} leads in ${n}`).join(', ')}.`;
  return [head, '', ...lines];
}

/** One or a few places per group ("for each region, the local authority with the lowest ..."): a line per group. */
function describeWithinGroups(plan: Plan, built: BuiltQuery, result: ResultLike, columns: Columns): string[] {
  const names = result.columns.map((c) => c.name);
  const group = names.indexOf(plan.rankWithin ?? '');
  const place = names.indexOf(plan.dimension ?? '');
  const { primaryIndex, primaryName, primaryMeta, fmt } = columns;
  if (group < 0 || place < 0 || primaryIndex < 0) return [`The query returned ${result.rows.length} rows.`];
  const metric = metricPhrase(plan, primaryName, built, primaryMeta).replace(/^the /, '');
  const shareWords = primaryMeta.kind === 'share' ? ` of ${primaryMeta.base}` : '';
  const byGroup = new Map<string, string[]>();
  for (const row of result.rows) {
    const key = String(row[group]);
    byGroup.set(key, [...(byGroup.get(key) ?? []), `${String(row[place])} (${fmt(row[primaryIndex])})`]);
  }
  const which = plan.order === 'asc' ? 'lowest' : 'highest';
  return [
    `The ${which} ${metric}${shareWords} in each of ${byGroup.size} ${DIMENSION_PLURAL[plan.rankWithin ?? ''] ?? 'groups'}:`,
    '',
    ...[...byGroup.entries()].map(([name, places]) => `- **${name}**: ${places.join(', ')}`),
  ];
}

/** The figure a statistic or a band of places is taken of, in words ("share of premises with full fibre"). */
function placeFigureWords(plan: Plan): string {
  const share = plan.measure === 'coverage_pct' || plan.measure === 'change_pp';
  const where = subjectClause(plan.subject, { forecast: plan.dataset === 'upc_forecast' });
  const what = share ? 'share of premises' : plan.measure.replace(/_/g, ' ');
  return where ? `${what} where ${where}` : what;
}

/** "Urban 86.6%, rural 68.67%: a gap of 17.93 pp." A line per place, widest first, when there are places. */
function describeUrbanRuralGap(plan: Plan, result: ResultLike): string[] {
  const names = result.columns.map((c) => c.name);
  const [urban, rural, gap] = ['urban_coverage_pct', 'rural_coverage_pct', 'gap_pp'].map((n) =>
    names.indexOf(n),
  ) as [number, number, number];
  const place = plan.dimension ? names.indexOf(plan.dimension) : -1;
  if (urban < 0 || rural < 0 || gap < 0 || result.rows.length === 0) return ['No premises to compare.'];
  const pct = (v: unknown) => (v === null || v === undefined ? 'none' : `${nf2.format(Number(v))}%`);
  const line = (row: (typeof result.rows)[number]) =>
    `urban **${pct(row[urban])}**, rural **${pct(row[rural])}**: a gap of **${nf2.format(Number(row[gap]))} pp**`;
  const what = `the share of premises with ${subjectWords(plan)}`;
  if (place < 0)
    return [
      `For ${what}${plan.geo ? ` in ${plan.geo.values.join(', ')}` : ' across the UK'}: ${line(result.rows[0]!)} (urban minus rural).`,
    ];
  return [
    `The urban-rural gap in ${what}, urban minus rural, ${plan.order === 'asc' ? 'narrowest' : 'widest'} first:`,
    '',
    ...result.rows.map((row) => `- **${String(row[place])}**: ${line(row)}`),
  ];
}

/** Lines by two groupings: for each value of the first, its lines by the second, and its total. */
function describeTwoKeys(plan: Plan, result: ResultLike): string[] {
  const names = result.columns.map((c) => c.name);
  const key = (d: string | undefined) => (d === 'operator_group' ? 'operator' : (d ?? ''));
  const [first, second, lines] = [key(plan.dimension), key(plan.thenBy), 'lines'].map((n) =>
    names.indexOf(n),
  ) as [number, number, number];
  if (first < 0 || second < 0 || lines < 0) return [`The query returned ${result.rows.length} rows.`];
  const groups = new Map<string, [string, number][]>();
  for (const row of result.rows) {
    const k = String(row[first]);
    groups.set(k, [...(groups.get(k) ?? []), [String(row[second]), Number(row[lines])]]);
  }
  const n = (v: number) => v.toLocaleString('en-GB');
  return [
    `Subscriber lines by ${DIMENSION_LABEL[plan.dimension ?? ''] ?? 'group'} and ${DIMENSION_LABEL[plan.thenBy ?? ''] ?? 'group'}:`,
    '',
    ...[...groups.entries()].map(([k, parts]) => {
      const total = parts.reduce((sum, [, v]) => sum + v, 0);
      return `- **${k}**: ${n(total)} in all (${parts.map(([p, v]) => `${p} ${n(v)}`).join(', ')})`;
    }),
  ];
}

const DIMENSION_LABEL: Record<string, string> = Object.fromEntries(
  DIMENSION_LIST.map((d) => [d.id, d.label]),
);

const STAT_WORDS: Record<string, string> = {
  min: 'lowest',
  p10: '10th percentile',
  p25: 'lower quartile',
  median: 'median',
  mean: 'mean',
  p75: 'upper quartile',
  p90: '90th percentile',
  max: 'highest',
};

/** "Across the 32 local authorities in Scotland, each counted once: the lowest ... is 14.82%, the median 81.41%." */
function describePlaceStats(plan: Plan, result: ResultLike): string[] {
  const row = result.rows[0];
  const names = result.columns.map((c) => c.name);
  if (!row) return ['No place has a figure.'];
  const unit = plan.measure === 'coverage_pct' || plan.measure === 'change_pp' ? '%' : '';
  const fmt = (v: unknown): string =>
    `**${Number(v).toLocaleString('en-GB', { maximumFractionDigits: 2 })}${unit}**`;
  // Over a change: each statistic at the two dates and its change ("the median went from 81.43% to 85.79%").
  const change = plan.measure.startsWith('change_');
  const stats = (plan.placeStats ?? []).map((stat) => {
    if (change) {
      const at = names.filter((n) => n.startsWith(`${stat}_`) && /_\d{4}_\d{2}/.test(n));
      const delta = names.indexOf(`${stat}_change`);
      const [a, b] = at.map((n) => row[names.indexOf(n)]);
      const when = (n: string | undefined) => columnMonth(n ?? '') ?? '';
      const pts = plan.measure === 'change_pp' ? ' pp' : '';
      return `the ${STAT_WORDS[stat]} went from ${fmt(a)} (${when(at[0])}) to ${fmt(b)} (${when(at[1])}), **${Number(row[delta]) >= 0 ? '+' : ''}${nf2.format(Number(row[delta]))}${pts}**`;
    }
    const i = names.findIndex((n) => n.startsWith(`${stat}_`));
    return `the ${STAT_WORDS[stat]} ${fmt(row[i])}`;
  });
  const places = Number(row[names.indexOf('places')]);
  const within = plan.geo ? ` in ${plan.geo.label ?? plan.geo.values.join(' and ')}` : '';
  const level = DIMENSION_PLURAL[plan.dimension ?? ''] ?? 'places';
  return [
    `Across the ${places.toLocaleString('en-GB')} ${level}${within}, each counted once whatever its size, the ${placeFigureWords(plan)}: ${stats.join(', ')}.`,
    'A median of places is not the figure of all their premises together: a small place counts as much as a large one.',
  ];
}

/** A row per band: how many places fall in it, and where most are. */
function describePlaceBands(plan: Plan, result: ResultLike): string[] {
  const names = result.columns.map((c) => c.name);
  const [from, to, count] = ['band_from', 'band_to', 'places'].map((n) => names.indexOf(n)) as [
    number,
    number,
    number,
  ];
  const unit = plan.measure === 'coverage_pct' ? '%' : '';
  const rows = result.rows;
  if (rows.length === 0 || from < 0 || count < 0) return ['No place has a figure.'];
  const total = rows.reduce((sum, row) => sum + Number(row[count]), 0);
  const most = rows.reduce((best, row) => (Number(row[count]) > Number(best[count]) ? row : best), rows[0]!);
  const band = (row: (typeof rows)[number]) => `${Number(row[from])}–${Number(row[to])}${unit}`;
  const level = DIMENSION_PLURAL[plan.dimension ?? ''] ?? 'places';
  return [
    `The ${total.toLocaleString('en-GB')} ${level} by their ${placeFigureWords(plan)}; the most, **${Number(most[count]).toLocaleString('en-GB')}**, are in ${band(most)}:`,
    '',
    ...rows.map((row) => `- ${band(row)}: ${Number(row[count]).toLocaleString('en-GB')}`),
  ];
}

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n.toLocaleString('en-GB')}${suffix}`;
};

/** "Cardiff ranks 3rd of 22 local authorities in Wales by the share of premises ... (61.2%)." A line per place. */
function describeRankOf(plan: Plan, built: BuiltQuery, result: ResultLike, columns: Columns): string[] {
  const names = result.columns.map((c) => c.name);
  const place = names.indexOf(plan.dimension ?? '');
  const rank = names.indexOf('rank');
  const of = names.indexOf('places_ranked');
  const { primaryIndex, primaryName, primaryMeta, fmt } = columns;
  const asked = plan.rankOf ?? [];
  if (place < 0 || rank < 0 || of < 0 || primaryIndex < 0 || result.rows.length === 0)
    return [rankOfMissing(plan, asked)];
  const metric = metricPhrase(plan, primaryName, built, primaryMeta);
  const shareWords = primaryMeta.kind === 'share' ? ` of ${primaryMeta.base}` : '';
  const peers = DIMENSION_PLURAL[plan.dimension ?? ''] ?? 'places';
  const within = plan.geo ? ` in ${plan.geo.label ?? plan.geo.values.join(' and ')}` : '';
  const which = plan.order === 'asc' ? 'lowest' : 'highest';
  const lines = result.rows.map(
    (row) =>
      `${String(row[place])} ranks ${ordinal(Number(row[rank]))} of ${Number(row[of]).toLocaleString('en-GB')} ${peers}${within} by ${metric}${shareWords} (${fmt(row[primaryIndex])}; 1 = the ${which}).`,
  );
  const found = new Set(result.rows.map((row) => String(row[place]).toLowerCase()));
  const missing = asked.filter((name) => !found.has(name.toLowerCase()));
  if (missing.length) lines.push(rankOfMissing(plan, missing));
  return lines;
}

/**
 * A place asked whose rank the result has not: it lies outside the places ranked ("Leeds among Welsh councils"), or
 * has none of a count, which leaves it out of the figures.
 */
function rankOfMissing(plan: Plan, places: string[]): string {
  const peers = DIMENSION_PLURAL[plan.dimension ?? ''] ?? 'places';
  const within = plan.geo ? ` in ${plan.geo.label ?? plan.geo.values.join(' and ')}` : '';
  return `${places.join(', ')}: not among the ${peers}${within} ranked (outside them, or with none of the figure).`;
}

const DIMENSION_PLURAL: Record<string, string> = Object.fromEntries(
  DIMENSION_LIST.map((d) => [d.id, d.plural]),
);

/** "The Openreach network carries 4 operator names: BT, Sky, TalkTalk and Vodafone." A list, not a ranking. */
function describeOperatorList(result: ResultLike): string[] {
  const names = result.columns.map((c) => c.name);
  const operator = names.indexOf('operator');
  const group = names.indexOf('operator_group');
  if (operator < 0 || group < 0) return [`The query returned ${result.rows.length} rows.`];
  const byGroup = new Map<string, string[]>();
  for (const row of result.rows) {
    const key = String(row[group]);
    byGroup.set(key, [...(byGroup.get(key) ?? []), String(row[operator])]);
  }
  return [...byGroup.entries()].map(
    ([network, operators]) =>
      `The ${network} network carries ${operators.length} operator name${operators.length === 1 ? '' : 's'}: ${operators.join(', ')}.`,
  );
}

/**
 * Premises by the number of networks offering the subject: each postcode falls in one row, so the rows add up
 * to all premises and each row's share of that total is exact.
 */
function describeDistribution(plan: Plan, result: ResultLike): string[] | null {
  const names = result.columns.map((c) => c.name);
  const networks = names.indexOf('networks');
  const unit = plan.measure === 'postcodes' ? 'postcodes' : 'premises';
  const value = names.indexOf(unit);
  if (networks < 0 || value < 0) return null;
  const total = result.rows.reduce((sum, row) => sum + (Number(row[value]) || 0), 0);
  if (total <= 0) return null;
  const word = plan.subject.networksAreAltnets || plan.subject.altnet ? 'altnet' : 'network';
  return [
    `All ${formatNumber(total)} ${unit}, by how many ${word}s offer ${offering(plan.subject, plan.dataset === 'upc_forecast') ?? 'a service'} there:`,
    '',
    ...result.rows.map((row) => {
      // The last band may be a label ("3+": 3 or more networks), said as it is.
      const band = String(row[networks]);
      const n = Number(band);
      const v = Number(row[value]) || 0;
      return `- **${band}** ${n === 1 ? word : `${word}s`}: ${formatNumber(v)} ${unit} (${nf2.format((100 * v) / total)}% of all)`;
    }),
  ];
}

/**
 * One-row answers of the level queries, as a sentence written from the plan: what is counted, where, and the
 * condition in the model's words ("8,786 premises in Northern Ireland are in postcodes where gigabit-capable
 * broadband is available"); a forecast as what it is, planned coverage.
 */
function describeLevel(plan: Plan, built: BuiltQuery, result: ResultLike): string | null {
  const names = result.columns.map((c) => c.name);
  const row = result.rows[0]!;
  const metas = names.map((n) => columnMeta(plan, n));
  // The counted column, the total it is out of, and the share: the level queries write all three.
  const totalIndex = names.findIndex((n) => n.startsWith('total_'));
  const passedIndex = metas.findIndex((m, i) => m.kind === 'count' && i !== totalIndex);
  const pctIndex = metas.findIndex((m) => m.kind === 'share');
  if (passedIndex < 0 || totalIndex < 0 || pctIndex < 0) return null;
  const units = unitWords(names[totalIndex]!.replace('total_', ''));
  const count = (value: unknown) => formatValue(value, metas[passedIndex]!);
  const n = count(row[passedIndex]);
  // "1 postcode", never "1 postcodes" (premises and people are the same in the singular).
  const unit = row[passedIndex] === 1 && units === 'postcodes' ? 'postcode' : units;
  const total = count(row[totalIndex]);
  const share = formatValue(row[pctIndex], metas[pctIndex]!);
  const where = whereWords(plan);
  const there = plan.geo ? ' there' : '';
  if (plan.dataset === 'take_up') {
    // Lines have no postcode condition: the share is said as the compiler names it, in words.
    const meaning = inWords(built.columns[names[pctIndex]!] ?? 'share').replace(/, %$/, '');
    return `${capitalise(meaning)}${plan.geo ? ` ${where}` : ''}: **${share}** (${n} of ${total} ${unit}).`;
  }
  if (plan.dataset === 'upc_forecast') {
    const planned = forecastWords(plan);
    return plan.measure === 'coverage_pct'
      ? `**${share}** of ${unit} ${where} (${n} of ${total}) are ${planned}.`
      : `**${n}** ${unit} ${where} are ${planned}: **${share}** of all ${total} ${unit}${there}.`;
  }
  const condition = conditionWords(plan);
  const postcodes = units === 'postcodes';
  const which = !condition
    ? ''
    : postcodes
      ? ` ${unit === 'postcode' ? 'is one' : 'are ones'} where ${condition}`
      : ` are in postcodes where ${condition}`;
  return plan.measure === 'coverage_pct'
    ? `Coverage ${where}: **${share}** of ${units} (${n} of ${total})${which.replace(/^ is one/, ' are ones')}.`
    : postcodes
      ? `**${n}** ${unit} ${where} (**${share}** of all ${total})${which}.`
      : `**${n}** ${unit} ${where}${which}: **${share}** of all ${total} ${units}${there}.`;
}

function subjectWords(plan: Plan): string {
  const s = plan.subject;
  const groups = s.operatorGroups ?? s.operators;
  // A network present with no technology named is its whole network (CityFibre's, any technology).
  if (groups?.length && !s.gigabit && !s.minDown && !s.tech) return `${groups.join(' or ')}'s network`;
  // A flow of any subject reads from its own label (gigabit is not full fibre).
  const what = s.gigabit
    ? `${SEGMENTS.gigabit.label} broadband`
    : s.minDown
      ? `${s.minDown} Mbit/s or more`
      : s.tech
        ? (techSegment(s.tech)?.label ?? s.tech)
        : 'full fibre';
  return `${groups?.length ? `${groups.join(' or ')} ` : ''}${what}`;
}
