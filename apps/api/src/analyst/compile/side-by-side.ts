/**
 * Subjects side by side ("full fibre and gigabit coverage by region", "CityFibre vs Openreach FTTP premises"):
 * a plan with `compare` is answered as one plan per subject, each computed exactly as it would be alone, joined
 * on the place so each subject's figures are columns of the same row. Each subject's columns are named after it
 * (`full_fibre_coverage_pct`, `gigabit_coverage_pct`); the place's total is shown once.
 *
 * This module says what the parts are; the compiler (sql-builder.ts) joins their SQL, the plan check verifies
 * each part, and the column meanings and the restatement are each part's own.
 */
import { SEGMENTS, TECHNOLOGY_SEGMENTS } from '@qa/warehouse';
import { GEO_DIMENSIONS, type Plan, type Subject } from '../semantic/plan.js';

/** The measures a comparison may hold: figures of a subject in a place, now or as a change. */
export const SIDE_BY_SIDE_MEASURES: ReadonlySet<Plan['measure']> = new Set<Plan['measure']>([
  'premises',
  'postcodes',
  'coverage_pct',
  'change_premises',
  'change_pp',
  'change_postcodes',
]);

export interface SideBySidePart {
  /** The prefix of this subject's columns ("full_fibre", "cityfibre", "gigabit"). */
  prefix: string;
  /** The plan of this subject alone (no `compare`, no limit: the ranking is applied once, to the whole). */
  plan: Plan;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

const TECH_SLUG = Object.fromEntries(TECHNOLOGY_SEGMENTS.map((t) => [t.tech, slug(t.label)])) as Record<
  string,
  string
>;

/** A short name for a subject's columns: who offers it and what ("cityfibre_full_fibre", "gigabit", "altnet"). */
export function subjectSlug(s: Subject): string {
  const parts: string[] = [];
  if (s.absent) parts.push('without');
  for (const name of [...(s.operatorGroups ?? []), ...(s.operators ?? []), ...(s.allGroups ?? [])])
    parts.push(slug(name));
  if (s.altnet) parts.push('altnet');
  if (s.minNetworks) parts.push(`${s.minNetworks}_plus_networks`);
  if (s.exactNetworks) parts.push(`${s.exactNetworks}_networks`);
  if (s.tech) parts.push(TECH_SLUG[s.tech] ?? slug(s.tech));
  if (s.onlyTech) parts.push(`only_${TECH_SLUG[s.onlyTech] ?? slug(s.onlyTech)}`);
  if (s.gigabit) parts.push(s.symmetric ? 'symmetric_gigabit' : 'gigabit');
  if (s.minDown) {
    // A speed the model names is said with its name ("superfast"), else as a threshold.
    const named = [SEGMENTS.superfast, SEGMENTS.ultrafast, SEGMENTS.gigabit].find(
      (segment) => segment.threshold.down === s.minDown,
    );
    parts.push(named ? slug(named.label) : `at_least_${s.minDown}_mbps`);
  }
  if (s.minUp) parts.push(`at_least_${s.minUp}_mbps_up`);
  if (s.bestDownBelow) parts.push(`below_${s.bestDownBelow}_mbps`);
  if (s.belowUso) parts.push('below_uso');
  // A column name starts with a letter.
  const name = parts.join('_') || 'all';
  return /^[a-z]/.test(name) ? name : `with_${name}`;
}

const TECH_LABEL = Object.fromEntries(TECHNOLOGY_SEGMENTS.map((t) => [t.tech, t.label])) as Record<
  string,
  string
>;

/** A subject in a few words, for the analysis ("CityFibre full fibre", "gigabit-capable", "superfast"). */
export function subjectName(s: Subject): string {
  const parts: string[] = [];
  const who = [...(s.operatorGroups ?? []), ...(s.operators ?? [])];
  if (who.length) parts.push(who.join(' or '));
  if (s.allGroups?.length) parts.push(`both ${s.allGroups.join(' and ')}`);
  if (s.altnet) parts.push('altnet');
  if (s.minNetworks) parts.push(`${s.minNetworks}+ networks`);
  if (s.exactNetworks) parts.push(`exactly ${s.exactNetworks} networks`);
  if (s.tech) parts.push(TECH_LABEL[s.tech] ?? s.tech);
  if (s.onlyTech) parts.push(`only ${TECH_LABEL[s.onlyTech] ?? s.onlyTech}`);
  if (s.gigabit) parts.push(s.symmetric ? 'symmetric gigabit' : SEGMENTS.gigabit.label);
  if (s.minDown) {
    const named = [SEGMENTS.superfast, SEGMENTS.ultrafast, SEGMENTS.gigabit].find(
      (segment) => segment.threshold.down === s.minDown,
    );
    parts.push(named ? named.label : `${s.minDown} Mbit/s or more`);
  }
  if (s.minUp) parts.push(`${s.minUp} Mbit/s or more up`);
  if (s.bestDownBelow) parts.push(`best download under ${s.bestDownBelow} Mbit/s`);
  if (s.belowUso) parts.push(SEGMENTS.below_uso.label);
  const name = parts.join(' ') || 'any service';
  return s.absent ? `without ${name}` : name;
}

/**
 * The parts of a side-by-side plan, first subject first; an error when the plan cannot be answered that way
 * (a measure other than premises, postcodes, a share or their change; a grouping other than places; rankings
 * within groups, place tests, leaders or flows).
 */
export function sideBySideParts(plan: Plan): SideBySidePart[] {
  const subjects = [plan.subject, ...(plan.compare ?? [])];
  if (subjects.length < 2) throw new Error('a comparison needs two subjects or more');
  if (!SIDE_BY_SIDE_MEASURES.has(plan.measure))
    throw new Error(`${plan.measure} cannot be shown side by side for several subjects`);
  if (plan.dataset === 'take_up') throw new Error('lines are compared by operator, not side by side');
  if (plan.dimension && !GEO_DIMENSIONS.has(plan.dimension))
    throw new Error(`subjects side by side are grouped by place, not by ${plan.dimension}`);
  if (plan.rankWithin || plan.groupFilter || plan.leaderPerDimension || plan.flow)
    throw new Error('subjects side by side cannot be ranked within groups, tested or led');
  const { compare: _compare, limit: _limit, ...rest } = plan;
  const seen = new Map<string, number>();
  return subjects.map((subject) => {
    const base = subjectSlug(subject);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { prefix: n === 1 ? base : `${base}_${n}`, plan: { ...rest, subject } };
  });
}

/** The part whose column this is, and the column's name within that part; undefined for a shared column. */
export function partOfColumn(plan: Plan, name: string): { part: SideBySidePart; column: string } | undefined {
  let parts: SideBySidePart[];
  try {
    parts = sideBySideParts(plan);
  } catch {
    return undefined;
  }
  // The longest prefix first: "cityfibre_full_fibre" before "cityfibre".
  const byLength = [...parts].sort((a, b) => b.prefix.length - a.prefix.length);
  const part = byLength.find((p) => name.startsWith(`${p.prefix}_`));
  return part ? { part, column: name.slice(part.prefix.length + 1) } : undefined;
}
