/**
 * Do two result sets hold the same answer? Used for the honest confidence of the LLM planner: the built-in
 * analyst answers the same question independently, and agreement raises confidence while disagreement lowers it.
 * The rule is the golden-set one (eval/compare-results.ts): column names, column order and row order are
 * ignored, numbers match within a rounding tolerance, and one side may carry extra columns (an answer often adds
 * a share beside a count), but every column of the narrower side must be found, row for row, in the other.
 * Two plans are compared first (`samePlan`): the same semantic query needs no comparison of results.
 */

import type { Plan } from '../semantic/plan.js';

type Cell = string | number | boolean | null;

export interface Table {
  columns: string[];
  rows: unknown[][];
}

const RELATIVE_TOLERANCE = 1e-5;
/** Allows rounding to two decimals. */
const ABSOLUTE_TOLERANCE = 0.006;

function asNumber(value: Cell): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?(e-?\d+)?\s*$/i.test(value)) return Number(value);
  return null;
}

function normalise(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

function cellsMatch(a: Cell, b: Cell): boolean {
  if (a === null || b === null) return a === b;
  const x = asNumber(a);
  const y = asNumber(b);
  if (x !== null && y !== null) {
    return (
      Math.abs(x - y) <= Math.max(RELATIVE_TOLERANCE * Math.max(Math.abs(x), Math.abs(y)), ABSOLUTE_TOLERANCE)
    );
  }
  return String(a).trim().toLowerCase() === String(b).trim().toLowerCase();
}

const sortKey = (value: Cell) => {
  const n = asNumber(value);
  return n !== null ? `n:${n.toFixed(2).padStart(24, '0')}` : `s:${String(value).toLowerCase()}`;
};

function columnValues(table: Table, index: number): Cell[] {
  return table.rows.map((row) => normalise(row[index]));
}

function sameMultiset(a: Cell[], b: Cell[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort((p, q) => (sortKey(p) < sortKey(q) ? -1 : 1));
  const y = [...b].sort((p, q) => (sortKey(p) < sortKey(q) ? -1 : 1));
  return x.every((value, i) => cellsMatch(value, y[i] as Cell));
}

/** Every column of `narrow` found in `wide`, row for row. */
function contains(wide: Table, narrow: Table): boolean {
  if (wide.rows.length !== narrow.rows.length) return false;
  const narrowColumns = narrow.columns.map((_, i) => columnValues(narrow, i));
  const wideColumns = wide.columns.map((_, i) => columnValues(wide, i));
  const candidates = narrowColumns.map((values) =>
    wideColumns.flatMap((other, j) => (sameMultiset(other, values) ? [j] : [])),
  );
  if (candidates.some((list) => list.length === 0)) return false;
  const rowsMatch = (mapping: number[]) => {
    const remaining = wide.rows.map((row) => mapping.map((j) => normalise(row[j])));
    for (const row of narrow.rows) {
      const target = row.map(normalise);
      const index = remaining.findIndex((candidate) =>
        candidate.every((cell, i) => cellsMatch(cell, target[i] as Cell)),
      );
      if (index < 0) return false;
      remaining.splice(index, 1);
    }
    return true;
  };
  const assign = (i: number, used: Set<number>, mapping: number[]): boolean => {
    if (i === candidates.length) return rowsMatch(mapping);
    for (const j of candidates[i] ?? []) {
      if (used.has(j)) continue;
      used.add(j);
      mapping.push(j);
      if (assign(i + 1, used, mapping)) return true;
      mapping.pop();
      used.delete(j);
    }
    return false;
  };
  return assign(0, new Set(), []);
}

export interface Agreement {
  agree: boolean;
  reason: string;
}

export function compareAnswers(a: Table, b: Table): Agreement {
  if (a.rows.length !== b.rows.length) {
    return { agree: false, reason: `${a.rows.length} rows against ${b.rows.length}` };
  }
  const [wide, narrow] = a.columns.length >= b.columns.length ? [a, b] : [b, a];
  return contains(wide, narrow)
    ? { agree: true, reason: 'the same values' }
    : { agree: false, reason: 'different values' };
}

/** The semantic content of a plan: what the reading itself noted (notes, unknowns, defaults) left out. */
function semanticContent(plan: Plan): unknown {
  const { notes: _notes, unknowns: _unknowns, assumptions: _assumptions, ...content } = plan;
  const { phrase: _phrase, ...time } = content.time;
  return canonical({ ...content, time });
}

/** Objects with their keys sorted and empty values dropped, so two plans compare by what they say. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined && v !== null && v !== false)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

/** Two planners agree when they read the question into the same plan; the results need not be compared. */
export function samePlan(a: Plan, b: Plan): boolean {
  return JSON.stringify(semanticContent(a)) === JSON.stringify(semanticContent(b));
}
