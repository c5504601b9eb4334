/**
 * The built-in analyst's words: an explanation of the SQL (from the plan and the query's own steps) and an
 * analysis of the result. Every number in the analysis is read from the result rows, or derived from them by
 * arithmetic that the text states (a sum, a share of the shown total, a difference); nothing else is quoted.
 */

import { DIMENSION_LIST, SEGMENTS, segmentSql, techSegment } from '@qa/warehouse';
import type { Plan } from '../semantic/plan.js';
import { formatMonth } from '../semantic/time-context.js';
import { type ColumnMeta, columnMeta, formatValue } from './column-meta.js';
import type { BuiltQuery } from './sql-builder.js';

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
  const lines = ['**What the query does**', '', ...built.steps.map((s, i) => `${i + 1}. ${s}`)];
  if (plan.order && plan.limit)
    lines.push(
      `${built.steps.length + 1}. Sorts ${plan.order === 'asc' ? 'ascending' : 'descending'} and keeps the first ${plan.limit}.`,
    );
  const columnLines = Object.entries(built.columns).filter(([name]) => built.sql.includes(name));
  if (columnLines.length) {
    lines.push('', '**Columns**', '', ...columnLines.map(([name, meaning]) => `- \`${name}\`: ${meaning}`));
  }
  const rules: string[] = [];
  if (/fact_operator|fact_altnet|forecast_footprint/.test(built.sql) && /premises/.test(built.sql))
    rules.push(
      'Premises are counted once per postcode (DISTINCT postcodes), never summed over operator rows, so a postcode with several operators or technologies is not double counted.',
    );
  if (/operator_group/.test(built.sql))
    rules.push(
      'Networks are operator groups: BT, Sky, TalkTalk and Vodafone all resell the one Openreach network.',
    );
  if (/fact_altnet/.test(built.sql))
    rules.push(
      "fact_altnet holds independent full-fibre networks only, with CityFibre's retail variants collapsed to `CityFibre`.",
    );
  // The model's definitions of the named filters the answer applies, stated as the model states them.
  if (built.sql.includes(segmentSql('gigabit', 'row', { alias: '' })))
    rules.push(`${SEGMENTS.gigabit.title} means ${SEGMENTS.gigabit.definition}.`);
  if (plan.subject.belowUso)
    rules.push(`${SEGMENTS.below_uso.title} means ${SEGMENTS.below_uso.definition}.`);
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

export function analyse(plan: Plan, built: BuiltQuery, result: ResultLike, latest: string): string {
  const rows = result.rows;
  if (rows.length === 0) return finish(describeEmpty(plan), plan, latest);
  const primaryIndex = pickPrimary(result, built);
  // What each column is (a count, a share of what, points), from the plan: never guessed from its name.
  const metas: ColumnMeta[] = result.columns.map((c) => columnMeta(plan, c.name));
  const primaryMeta: ColumnMeta = metas[primaryIndex] ?? { kind: 'count', unit: '', additive: false };
  const pctIndex = metas.findIndex(
    (m, i) => i !== primaryIndex && (m.kind === 'share' || m.kind === 'points'),
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

  if (plan.leaderPerDimension) return finish(describeLeaders(result), plan, latest);
  if (plan.rankWithin) return finish(describeWithinGroups(plan, built, result, columns), plan, latest);
  if (plan.measure === 'operator_list') return finish(describeOperatorList(result), plan, latest);
  if (plan.dimension === 'networks') {
    const lines = describeDistribution(plan, result);
    if (lines) return finish(lines, plan, latest);
  }
  if (rows.length === 1 && columns.labelIndex < 0)
    return finish(describeOneRow(plan, built, result, columns), plan, latest);
  const isSeries = result.columns[0]?.name === 'reported_at' || result.columns[0]?.name === 'quarter';
  if (isSeries && primaryIndex >= 0 && plan.flow)
    return finish(describeFlow(plan, result, columns), plan, latest);
  if (isSeries && primaryIndex >= 0) return finish(describeSeries(built, result, columns), plan, latest);
  if (columns.labelIndex >= 0 && primaryIndex >= 0)
    return finish(describeRanking(plan, built, result, columns), plan, latest);
  return finish([`The query returned ${rows.length} rows.`], plan, latest);
}

function describeEmpty(plan: Plan): string[] {
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
      `- **${formatValue(row[i], columns.metas[i]!)}** — ${built.columns[c.name] ?? c.name.replace(/_/g, ' ')}`,
  );
  return ['**Result**', '', ...facts];
}

/** A snapshot date as a month ("November 2026"); a quarter label as it is. */
function when(value: unknown): string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatMonth(value) : String(value);
}

/** Each point is what that snapshot added: the total, the average and the busiest and quietest points. */
function describeFlow(plan: Plan, result: ResultLike, columns: Columns): string[] {
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
  return out;
}

/** A series of levels: first to last, the share alongside, and the biggest single step. */
function describeSeries(built: BuiltQuery, result: ResultLike, columns: Columns): string[] {
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
    `**${when(first[0])} to ${when(last[0])}:** ${metricPhrase(primaryName, built, primaryMeta)} went from **${fmt(a)}** to **${fmt(b)}**${change}`,
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
 * Labelled rows: the first leads (or is lowest), the next three follow, a total only when the rows partition
 * what is counted, and the last shown.
 */
function describeRanking(plan: Plan, built: BuiltQuery, result: ResultLike, columns: Columns): string[] {
  const { labelIndex, primaryIndex, primaryName, primaryMeta, pctIndex, pctMeta, fmt } = columns;
  const rows = result.rows;
  const out: string[] = [];
  const label = (row: unknown[]) => String(row[labelIndex]);
  const value = (row: unknown[]) => row[primaryIndex] as number;
  const top = rows[0]!;
  const labelColumn = result.columns[labelIndex]?.name ?? '';
  const noun = PLURAL_NOUNS[labelColumn] ?? labelColumn.replace(/_/g, ' ');
  const metric = metricPhrase(primaryName, built, primaryMeta);
  const lowest = plan.order === 'asc';
  const describe = (row: unknown[]) => {
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
    const next = rows.slice(1, 4).map((r) => `${label(r)} (${fmt(value(r))})`);
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
    'premises_gained',
    'postcodes_gained',
    'pp_change',
    'coverage_pct',
    'share_pct',
    'share_without_pct',
  ];
  const order = built.sql.match(/ORDER BY ([a-z_]+)/)?.[1];
  if (order && names.includes(order) && order !== 'reported_at' && order !== 'quarter')
    return names.indexOf(order);
  for (const p of preferred) if (names.includes(p)) return names.indexOf(p);
  return result.columns.findIndex((_, i) => isNumeric(result, i));
}

function finish(out: string[], plan: Plan, latest: string): string {
  if (plan.assumptions.length) out.push('', `_Assumptions: ${plan.assumptions.join('; ')}._`);
  if (plan.unknowns.length)
    out.push(
      '',
      `_Not used from the question: ${plan.unknowns.join('; ')}. The figures above do not take ${plan.unknowns.length === 1 ? 'it' : 'them'} into account; rephrase if ${plan.unknowns.length === 1 ? 'it matters' : 'they matter'}._`,
    );
  if (plan.dataset !== 'take_up')
    out.push(
      '',
      `_Figures are from the ${plan.dataset === 'upc_forecast' ? 'forecast' : `${formatMonth(latest)} snapshot`} of modelled operator footprints (synthetic data calibrated to public figures); places and premises counts follow real UK geography._`,
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

/** How the ranked measure reads in a sentence ("premises gained", "coverage"). */
function metricPhrase(column: string, built: BuiltQuery, meta: ColumnMeta): string {
  if (column === 'premises_gained') return 'premises gained';
  if (column === 'postcodes_gained') return 'postcodes gained';
  if (meta.kind === 'points') return 'the change in coverage';
  if (column === 'coverage_pct') return 'coverage';
  if (meta.kind === 'share') return 'share';
  const meaning = built.columns[column];
  return meaning && meaning.length < 60 ? meaning : column.replace(/_/g, ' ');
}

/** "In England, Openreach leads with ...": one line per place for leader questions. */
function describeLeaders(result: ResultLike): string[] {
  const names = result.columns.map((c) => c.name);
  const place = 0;
  const network = names.indexOf('operator_group');
  const premises = names.indexOf('premises');
  const share = names.indexOf('share_of_premises_pct');
  const lines = result.rows.map(
    (row) =>
      `- **${String(row[place])}**: ${String(row[network])} with ${formatNumber(row[premises], 'premises')} premises` +
      (share >= 0 ? ` (${formatNumber(row[share], 'share_pct')} of all premises there)` : ''),
  );
  const counts = new Map<string, number>();
  for (const row of result.rows)
    counts.set(String(row[network]), (counts.get(String(row[network])) ?? 0) + 1);
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
  const metric = metricPhrase(primaryName, built, primaryMeta).replace(/^the /, '');
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
    `All ${formatNumber(total)} ${unit}, by how many ${word}s offer it:`,
    '',
    ...result.rows.map((row) => {
      const n = Number(row[networks]);
      const v = Number(row[value]) || 0;
      return `- **${n}** ${n === 1 ? word : `${word}s`}: ${formatNumber(v)} ${unit} (${nf2.format((100 * v) / total)}% of all)`;
    }),
  ];
}

/** One-row answers of the level queries, as a sentence. */
function describeLevel(plan: Plan, built: BuiltQuery, result: ResultLike): string | null {
  const names = result.columns.map((c) => c.name);
  const row = result.rows[0]!;
  const metas = names.map((n) => columnMeta(plan, n));
  // The counted column, the total it is out of, and the share: the level queries write all three.
  const totalIndex = names.findIndex((n) => n.startsWith('total_'));
  const passedIndex = metas.findIndex((m, i) => m.kind === 'count' && i !== totalIndex);
  const pctIndex = metas.findIndex((m) => m.kind === 'share');
  if (passedIndex < 0 || totalIndex < 0 || pctIndex < 0) return null;
  const unit = names[totalIndex]!.replace('total_', '');
  const count = (value: unknown) => formatValue(value, metas[passedIndex]!);
  const where = plan.geo ? ` in ${plan.geo.label ?? plan.geo.values.join(' and ')}` : ' across the UK';
  const meaning = built.columns[names[passedIndex]!] ?? names[passedIndex]!;
  const share = formatValue(row[pctIndex], metas[pctIndex]!);
  const lead =
    plan.measure === 'coverage_pct'
      ? `Coverage${where}: **${share}**`
      : `**${count(row[passedIndex])}** ${meaning}${where}`;
  return plan.measure === 'coverage_pct'
    ? `${lead} — ${count(row[passedIndex])} of ${count(row[totalIndex])} ${unit} (${meaning}).`
    : `${lead}: **${share}** of all ${count(row[totalIndex])} ${unit}${plan.geo ? ' there' : ''}.`;
}

function subjectWords(plan: Plan): string {
  const s = plan.subject;
  const groups = s.operatorGroups ?? s.operators;
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
