/**
 * The built-in analyst's words: an explanation of the SQL (from the plan and the query's own steps) and an
 * analysis of the result. Every number in the analysis is read from the result rows, or derived from them by
 * arithmetic that the text states (a sum, a share of the shown total, a difference); nothing else is quoted.
 */

import type { Plan } from './plan.js';
import type { BuiltQuery } from './sql-builder.js';
import { formatMonth } from './time-phrases.js';

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
  if (/fastest_down >= 1000/.test(built.sql))
    rules.push(
      'Gigabit-capable means a fastest download speed of at least 1000 Mbit/s, which includes Virgin Media cable.',
    );
  if (rules.length) lines.push('', '**Counting rules**', '', ...rules.map((r) => `- ${r}`));
  return lines.join('\n');
}

function columnIndex(result: ResultLike, test: (name: string) => boolean): number {
  return result.columns.findIndex((c) => test(c.name));
}

function isNumeric(result: ResultLike, index: number): boolean {
  return result.rows.some((row) => typeof row[index] === 'number');
}

export function analyse(plan: Plan, built: BuiltQuery, result: ResultLike, latest: string): string {
  const out: string[] = [];
  const rows = result.rows;
  if (rows.length === 0) {
    out.push('The query returned no rows: nothing in the data matches these conditions.');
    if (plan.geo)
      out.push(
        `Check the place (${plan.geo.values.join(', ')}) and the operator names; for example, an altnet may not be present there at all.`,
      );
    return finish(out, plan, latest);
  }
  const labelIndex = result.columns.findIndex((_, i) => !isNumeric(result, i));
  const primaryIndex = pickPrimary(result, built);
  const primaryName = result.columns[primaryIndex]?.name ?? '';
  const pctIndex = columnIndex(result, (n) => /pct$|pp_change/.test(n) && n !== primaryName);

  if (plan.leaderPerDimension) return finish(describeLeaders(result), plan, latest);

  if (rows.length === 1 && labelIndex < 0) {
    const sentence = describeLevel(plan, built, result);
    if (sentence) {
      out.push(sentence);
      return finish(out, plan, latest);
    }
    const row = rows[0]!;
    const facts = result.columns.map(
      (c, i) =>
        `- **${formatNumber(row[i], c.name)}** — ${built.columns[c.name] ?? c.name.replace(/_/g, ' ')}`,
    );
    out.push('**Result**', '', ...facts);
    return finish(out, plan, latest);
  }

  const isSeries = result.columns[0]?.name === 'reported_at' || result.columns[0]?.name === 'quarter';
  if (isSeries && primaryIndex >= 0 && plan.flow) {
    // Each point is what that snapshot added: report the total, the average and the busiest and quietest points.
    const when = (v: unknown) =>
      typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatMonth(v) : String(v);
    const values = rows.map((row) => Number(row[primaryIndex]) || 0);
    const total = values.reduce((sum, v) => sum + v, 0);
    const most = values.indexOf(Math.max(...values));
    const least = values.indexOf(Math.min(...values));
    out.push(
      `**${when(rows[0]![0])} to ${when(rows[rows.length - 1]![0])}:** **${formatNumber(total, primaryName)}** ${primaryName.replace(/^new_/, '').replace(/_/g, ' ')} newly got ${subjectWords(plan)} over ${rows.length} snapshots, about **${formatNumber(Math.round(total / rows.length), primaryName)}** per snapshot.`,
    );
    if (rows.length >= 2)
      out.push(
        `The most was added in ${when(rows[most]![0])} (**${formatNumber(values[most]!, primaryName)}**), the least in ${when(rows[least]![0])} (**${formatNumber(values[least]!, primaryName)}**).`,
      );
    return finish(out, plan, latest);
  }
  if (isSeries && primaryIndex >= 0) {
    const first = rows[0]!;
    const last = rows[rows.length - 1]!;
    const a = first[primaryIndex] as number;
    const b = last[primaryIndex] as number;
    const when = (v: unknown) =>
      typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatMonth(v) : String(v);
    out.push(
      `**${when(first[0])} to ${when(last[0])}:** ${primaryName.replace(/_/g, ' ')} went from **${formatNumber(a, primaryName)}** to **${formatNumber(b, primaryName)}**` +
        (typeof a === 'number' && typeof b === 'number'
          ? ` (${b >= a ? '+' : ''}${formatNumber(b - a, primaryName)}${a ? `, ${b >= a ? '+' : ''}${nf2.format(((b - a) / a) * 100)}%` : ''}).`
          : '.'),
    );
    if (pctIndex >= 0) {
      const pa = first[pctIndex] as number;
      const pb = last[pctIndex] as number;
      if (typeof pa === 'number' && typeof pb === 'number')
        out.push(
          `As a share: ${formatNumber(pa, 'pct')} → ${formatNumber(pb, 'pct')} (${pb >= pa ? '+' : ''}${nf2.format(pb - pa)} percentage points).`,
        );
    }
    if (rows.length >= 3 && typeof a === 'number') {
      let best = { step: 0, at: '' };
      for (let i = 1; i < rows.length; i++) {
        const step = (rows[i]![primaryIndex] as number) - (rows[i - 1]![primaryIndex] as number);
        if (step > best.step) best = { step, at: when(rows[i]![0]) };
      }
      if (best.step > 0)
        out.push(`The biggest single step was **+${formatNumber(best.step, primaryName)}** in ${best.at}.`);
    }
    return finish(out, plan, latest);
  }

  if (labelIndex >= 0 && primaryIndex >= 0) {
    const label = (row: unknown[]) => String(row[labelIndex]);
    const value = (row: unknown[]) => row[primaryIndex] as number;
    const top = rows[0]!;
    const labelColumn = result.columns[labelIndex]?.name ?? '';
    const noun = PLURAL_NOUNS[labelColumn] ?? labelColumn.replace(/_/g, ' ');
    const metric = metricPhrase(primaryName, built);
    const lowest = plan.order === 'asc';
    const context =
      pctIndex >= 0 && typeof top[pctIndex] === 'number'
        ? ` (${formatNumber(top[pctIndex], result.columns[pctIndex]!.name)}${/pp_change/.test(result.columns[pctIndex]!.name) ? '' : ' of its premises'})`
        : '';
    out.push(
      rows.length === 1
        ? `**${label(top)}**: ${metric} **${formatNumber(value(top), primaryName)}**${context}.`
        : `**${label(top)}** ${lowest ? 'is lowest' : 'leads'} on ${metric}: **${formatNumber(value(top), primaryName)}**${context}.`,
    );
    if (rows.length > 1) {
      const next = rows.slice(1, 4).map((r) => `${label(r)} (${formatNumber(value(r), primaryName)})`);
      out.push(`Then ${next.join(', ')}.`);
      const numericValues = rows.map(value).filter((v) => typeof v === 'number');
      const additive = !/pct|pp_change|avg_|max_|networks|altnets/.test(primaryName);
      if (additive && numericValues.length === rows.length) {
        const total = numericValues.reduce((sum, v) => sum + v, 0);
        if (total > 0) {
          out.push(
            `The ${rows.length} ${noun} shown total **${formatNumber(total, primaryName)}**; ${label(top)} alone is ${nf2.format((value(top) / total) * 100)}% of that.`,
          );
        }
      }
      const last = rows[rows.length - 1]!;
      if (rows.length > 4)
        out.push(
          `${lowest ? 'The highest' : 'The lowest'} shown is ${label(last)} at ${formatNumber(value(last), primaryName)}.`,
        );
    }
    if (result.truncated)
      out.push('_The result was cut at the row limit; refine the question to see the rest._');
    return finish(out, plan, latest);
  }
  out.push(`The query returned ${rows.length} rows.`);
  return finish(out, plan, latest);
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
  if (plan.dataset !== 'take_up')
    out.push(
      '',
      `_Figures are from the ${plan.dataset === 'upc_forecast' ? 'forecast' : `${formatMonth(latest)} snapshot`} of modelled operator footprints (synthetic data calibrated to public figures); places and premises counts follow real UK geography._`,
    );
  else out.push('', '_Take-up figures are modelled (synthetic data calibrated to public figures)._');
  return out.join('\n');
}

const PLURAL_NOUNS: Record<string, string> = {
  la_name: 'local authorities',
  government_region: 'regions',
  country: 'nations',
  postcode_area: 'postcode areas',
  postcode_district: 'postcode districts',
  operator_group: 'networks',
  operator: 'operators',
  tech: 'technologies',
  urban_rural: 'groups',
  segment: 'segments',
  quarter: 'quarters',
};

/** How the ranked measure reads in a sentence ("premises gained", "coverage"). */
function metricPhrase(column: string, built: BuiltQuery): string {
  if (column === 'premises_gained') return 'premises gained';
  if (column === 'postcodes_gained') return 'postcodes gained';
  if (column === 'pp_change') return 'coverage growth';
  if (column === 'coverage_pct') return 'coverage';
  if (column === 'share_pct' || column === 'share_of_all_premises_pct') return 'share';
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

/** One-row answers of the level queries, as a sentence. */
function describeLevel(plan: Plan, built: BuiltQuery, result: ResultLike): string | null {
  const names = result.columns.map((c) => c.name);
  const row = result.rows[0]!;
  const passedIndex = names.findIndex((n) => /_(passed|without)$/.test(n));
  const totalIndex = names.findIndex((n) => n.startsWith('total_'));
  const pctIndex = names.findIndex((n) => n === 'coverage_pct' || n === 'share_without_pct');
  if (passedIndex < 0 || totalIndex < 0 || pctIndex < 0) return null;
  const unit = names[totalIndex]!.replace('total_', '');
  const where = plan.geo ? ` in ${plan.geo.label ?? plan.geo.values.join(' and ')}` : ' across the UK';
  const meaning = built.columns[names[passedIndex]!] ?? names[passedIndex]!;
  const lead =
    plan.measure === 'coverage_pct'
      ? `Coverage${where}: **${formatNumber(row[pctIndex], 'pct')}**`
      : `**${formatNumber(row[passedIndex], unit)}** ${meaning}${where}`;
  return plan.measure === 'coverage_pct'
    ? `${lead} — ${formatNumber(row[passedIndex], unit)} of ${formatNumber(row[totalIndex], unit)} ${unit} (${meaning}).`
    : `${lead}: **${formatNumber(row[pctIndex], 'pct')}** of all ${formatNumber(row[totalIndex], unit)} ${unit}${plan.geo ? ' there' : ''}.`;
}

function subjectWords(plan: Plan): string {
  const groups = plan.subject.operatorGroups ?? plan.subject.operators;
  return `${groups?.length ? `${groups.join(' or ')} ` : ''}full fibre`;
}
