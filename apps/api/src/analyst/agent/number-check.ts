/**
 * A check that an LLM's analysis does not invent numbers: every figure it quotes must be in the result, or be
 * simple arithmetic on it (a column total, a share of a column total, a difference between two rows of a column),
 * or appear in the question or the SQL (dates, "top 10"). Figures that cannot be traced are reported so the
 * analysis can say so; the built-in analyst's narration is built from the result and needs no check.
 */
import type { AgentResultSet } from './agent-warehouse.js';

/** Arithmetic on more rows than this is not enumerated (pairwise differences grow quadratically). */
const MAX_ROWS_FOR_DERIVED = 60;

const NUMBER =
  /(?<![\w.])(-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?)\s*(%|pp\b|k\b|K\b|m\b|M\b|million\b|thousand\b|bn\b|billion\b)?/g;

interface Quoted {
  text: string;
  value: number;
  /** Half a unit of the last printed digit, scaled: how far a correctly rounded figure can be from the truth. */
  rounding: number;
  percent: boolean;
}

function quotedNumbers(text: string): Quoted[] {
  const found: Quoted[] = [];
  for (const match of text.matchAll(NUMBER)) {
    const digits = match[1] ?? '';
    const suffix = (match[2] ?? '').toLowerCase();
    const plain = Number(digits.replace(/,/g, ''));
    if (!Number.isFinite(plain)) continue;
    const decimals = digits.includes('.') ? (digits.split('.')[1]?.length ?? 0) : 0;
    const scale =
      suffix === 'k' || suffix === 'thousand'
        ? 1e3
        : suffix === 'm' || suffix === 'million'
          ? 1e6
          : suffix === 'bn' || suffix === 'billion'
            ? 1e9
            : 1;
    found.push({
      text: match[0].trim(),
      value: plain * scale,
      rounding: (0.5 * 10 ** -decimals + 1e-9) * scale,
      percent: suffix === '%' || suffix === 'pp',
    });
  }
  return found;
}

function numericColumns(result: AgentResultSet): number[][] {
  return result.columns
    .map((_, i) => result.rows.map((row) => row[i]).filter((v): v is number => typeof v === 'number'))
    .filter((values) => values.length > 0);
}

function candidateValues(result: AgentResultSet): number[] {
  const values: number[] = [result.rowCount];
  for (const column of numericColumns(result)) {
    values.push(...column);
    const total = column.reduce((sum, v) => sum + v, 0);
    values.push(total);
    if (column.length <= MAX_ROWS_FOR_DERIVED) {
      if (total !== 0) values.push(...column.map((v) => (100 * v) / total));
      for (let i = 0; i < column.length; i++) {
        for (let j = i + 1; j < column.length; j++) {
          const a = column[i]!;
          const b = column[j]!;
          values.push(a - b, b - a);
          if (a !== 0) values.push((100 * (b - a)) / a, b / a);
          if (b !== 0) values.push((100 * (a - b)) / b, a / b);
        }
      }
    }
  }
  return values;
}

/** Figures quoted in `analysis` that cannot be traced to the result, the question or the SQL. */
export function untracedNumbers(
  analysis: string,
  result: AgentResultSet,
  context: { question: string; sql: string },
): string[] {
  const allowed = new Set(
    [...quotedNumbers(context.question), ...quotedNumbers(context.sql)].map((q) => q.value),
  );
  const candidates = candidateValues(result);
  const untraced: string[] = [];
  for (const quoted of quotedNumbers(analysis)) {
    const v = Math.abs(quoted.value);
    if (
      allowed.has(quoted.value) ||
      (Number.isInteger(v) && v <= 12) ||
      (v >= 1990 && v <= 2035 && Number.isInteger(v))
    ) {
      continue;
    }
    // A percentage may also be a fraction in the result (0.853 quoted as 85.3%).
    const targets = quoted.percent ? [v, v / 100] : [v];
    const traced = targets.some((target, i) =>
      candidates.some((c) => {
        const rounding = i === 0 ? quoted.rounding : quoted.rounding / 100;
        return Math.abs(Math.abs(c) - target) <= Math.max(rounding, Math.abs(c) * 0.005);
      }),
    );
    if (!traced) untraced.push(quoted.text);
  }
  return [...new Set(untraced)];
}
