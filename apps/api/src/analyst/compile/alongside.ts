/**
 * Two figures of different kinds asked in one question ("how many altnets operate in Wales, and how many premises
 * do they pass?", "what share of Scotland can get gigabit, and how many premises are below the USO?"): a plan with
 * `alongside` is answered as one plan per figure, each compiled exactly as it would be alone, and their rows put
 * side by side in one table. Subjects side by side (side-by-side.ts) are one measure of several subjects; this is
 * several plans, each with its own measure, subject, place or time.
 *
 * The parts are joined so every figure keeps its meaning: figures of one row each are crossed into one row; parts
 * grouped by the same place are joined on it; one part with several rows (a ranking) keeps its rows and order, the
 * single figures of the others repeated beside each. A column another part already named is prefixed with what its
 * own part counts, so no figure hides another.
 */
import { FULL_FIBRE } from '@qa/warehouse';
import { GEO_DIMENSIONS, type Plan } from '../semantic/plan.js';
import { subjectSlug } from './side-by-side.js';
import type { BuiltQuery } from './sql-builder.js';

/** One figure's plan, its own SQL, and which output column holds each of its columns. */
export interface AlongsidePart {
  /** Where the figure was asked in the question (0 = first). */
  asked: number;
  plan: Plan;
  built: BuiltQuery;
  /** Output column -> the part's own column name. */
  columns: Record<string, string>;
}

/** The plans of the figures, the question's first figure first. */
export function alongsidePlans(plan: Plan): Plan[] {
  const { alongside = [], ...first } = plan;
  return [first, ...alongside.map(({ alongside: _nested, ...part }) => part)];
}

const key = (value: unknown) => JSON.stringify(value ?? null);

/** The same subject, the forecast's (full fibre throughout, said or not) as full fibre. */
function sameService(a: Plan, b: Plan): boolean {
  const of = (p: Plan) =>
    p.dataset === 'upc_forecast' && !p.subject.tech ? { ...p.subject, tech: FULL_FIBRE } : p.subject;
  return key(of(a)) === key(of(b));
}

/** When a figure is read, as a column prefix: "now", "forecast_2030_12", "at_2025_11". */
function whenSlug(plan: Plan): string {
  // A change over a window ending at the latest snapshot: named by its start ("since_2025_11").
  const since = plan.time.from?.slice(0, 7).replace('-', '_');
  if (since && plan.time.to && /^change_/.test(plan.measure)) return `since_${since}`;
  const at = plan.time.at?.slice(0, 7).replace('-', '_');
  if (plan.dataset === 'upc_forecast') return at ? `forecast_${at}` : 'forecast';
  if (plan.dataset === 'take_up')
    return plan.time.quarter ? `q_${plan.time.quarter.toLowerCase()}` : 'latest';
  return at ? `at_${at}` : 'now';
}

/** At most one row: no grouping, or a ranking that keeps one. */
const oneRow = (plan: Plan) => !plan.dimension || plan.limit === 1;

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

/**
 * The columns a compiled part outputs: its place or label column, and each figure its explanation names that the
 * SQL gives as a column (the explanation may name a column of an inner step).
 */
function outputColumns(plan: Plan, built: BuiltQuery): string[] {
  const names = Object.keys(built.columns).filter((name) =>
    new RegExp(String.raw`\bAS ${name}\b`).test(built.sql),
  );
  return plan.dimension && !names.includes(plan.dimension) ? [plan.dimension, ...names] : names;
}

/** The ordering of a compiled query, as output column names ("coverage_pct DESC, la_name"). */
const FINAL_ORDER = /\nORDER BY ([^\n]+)(?:\nLIMIT \d+)?$/;

/**
 * Compiles each figure with `compile` (the whole compiler, so each part is what it would be alone) and joins them.
 * Throws when the figures cannot share one table: two parts with several rows each that are not the same places.
 */
export function buildAlongside(plan: Plan, compile: (part: Plan) => BuiltQuery): BuiltQuery {
  const plans = alongsidePlans(plan);
  const many = plans.filter((p) => !oneRow(p));
  const samePlaces =
    many.length === plans.length &&
    plans.every((p) => p.dimension === plans[0]!.dimension && !p.limit && !p.rankWithin);
  // "The bottom 10 councils on gigabit, with their FF coverage and how many networks each has": the first list is
  // ranked and kept to its rows; the others are figures of every place, each looked up for the ranked rows.
  const rankedRows =
    !samePlaces &&
    many.length > 1 &&
    many[0] === plans[0] &&
    Boolean(plans[0]!.dimension && GEO_DIMENSIONS.has(plans[0]!.dimension)) &&
    !plans[0]!.rankWithin &&
    many.slice(1).every((p) => p.dimension === plans[0]!.dimension && !p.limit && !p.rankWithin);
  if (many.length > 1 && !samePlaces && !rankedRows)
    throw new Error('two lists of different rows cannot be answered in one table: ask for each on its own');
  const joined = samePlaces || rankedRows;
  // The part with rows leads, so its columns keep their names and its order is the table's.
  const ordered = (samePlaces ? plans : [...many, ...plans.filter(oneRow)]).map((p) => ({
    p,
    asked: plans.indexOf(p),
  }));
  const built = ordered.map(({ p }) => compile(p));
  const taken = new Set<string>();
  const usedPrefixes = new Set<string>();
  const parts: AlongsidePart[] = ordered.map(({ p, asked }, i) => {
    const own = built[i]!;
    // Named by what sets it apart: the UK beside places, its place, its subject, or its measure.
    const placed = (q: Plan) => Boolean(q.geo || (q.dimension && GEO_DIMENSIONS.has(q.dimension)));
    let prefix =
      !placed(p) && ordered.some(({ p: other }) => placed(other))
        ? 'uk'
        : p.geo && key(p.geo) !== key(plans[0]!.geo)
          ? slug(p.geo.label ?? p.geo.values.join('_'))
          : // Lines' change on the quarter and on the year before: named by which.
            p.takeUp?.change && p.takeUp.change !== plans[0]!.takeUp?.change
            ? p.takeUp.change
            : // The same figure at another time ("forecast FF coverage at Dec 2030, and FF coverage today"): by when.
              sameService(p, plans[0]!) &&
                (p.dataset !== plans[0]!.dataset || key(p.time) !== key(plans[0]!.time))
              ? whenSlug(p)
              : subjectSlug(p.subject);
    if (prefix === 'all' || usedPrefixes.has(prefix)) prefix = slug(p.measure);
    if (usedPrefixes.has(prefix)) prefix = `figure_${i + 1}`;
    usedPrefixes.add(prefix);
    const columns: Record<string, string> = {};
    for (const name of outputColumns(p, own)) {
      // Grouped by the same places: the place column is the join's, shown once.
      if (joined && i > 0 && name === p.dimension) continue;
      const output = taken.has(name) ? `${prefix}_${name}` : name;
      taken.add(output);
      columns[output] = name;
    }
    return { asked, plan: p, built: own, columns };
  });
  const alias = (i: number) => `f${i + 1}`;
  const ctes = parts.map((part, i) => `${alias(i)} AS (\n${part.built.sql}\n)`);
  // The leading part is shown whole; the others by the columns they name, renamed where a name is taken.
  const select = [
    `${alias(0)}.*`,
    ...parts
      .slice(1)
      .flatMap((part, i) =>
        Object.entries(part.columns).map(([output, name]) =>
          output === name ? `${alias(i + 1)}.${name}` : `${alias(i + 1)}.${name} AS ${output}`,
        ),
      ),
  ];
  const dim = plans[0]!.dimension;
  const from = parts.map((part, i) =>
    i === 0
      ? `FROM ${alias(0)}`
      : samePlaces
        ? `FULL JOIN ${alias(i)} ON ${alias(i)}.${dim} = ${alias(0)}.${dim}`
        : rankedRows && !oneRow(part.plan)
          ? `LEFT JOIN ${alias(i)} ON ${alias(i)}.${dim} = ${alias(0)}.${dim}`
          : `CROSS JOIN ${alias(i)}`,
  );
  // The leading part's order, said in its output columns (which kept their names), so the rows stay ranked.
  const order = FINAL_ORDER.exec(parts[0]!.built.sql);
  const orderBy = order ? [`ORDER BY ${(order[1] ?? '').replace(/\b[a-z]\.(?=[a-z_])/g, '')}`] : [];
  const sql = [`WITH ${ctes.join(',\n')}`, `SELECT ${select.join(',\n       ')}`, ...from, ...orderBy].join(
    '\n',
  );
  const columns: Record<string, string> = {};
  for (const part of parts)
    for (const [output, name] of Object.entries(part.columns))
      columns[output] = part.built.columns[name] ?? '';
  return {
    sql,
    columns,
    steps: [
      // Each figure's own steps, the first of them saying which figure they make.
      ...parts.flatMap((part, i) =>
        part.built.steps.map((step, k) => (k === 0 ? `Figure ${i + 1}: ${step}` : step)),
      ),
      `Puts the ${parts.length} figures side by side in one table${many.length === 1 && !samePlaces ? ', the single figures repeated on each row' : ''}.`,
    ],
    parts,
  };
}
