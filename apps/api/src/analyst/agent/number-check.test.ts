import { describe, expect, it } from 'vitest';
import type { AgentResultSet } from './agent-warehouse.js';
import { untracedNumbers } from './number-check.js';

const result: AgentResultSet = {
  columns: [
    { name: 'la_name', type: 'text' },
    { name: 'premises_gained', type: 'double' },
    { name: 'coverage', type: 'double' },
  ],
  rows: [
    ['Leeds', 12_345, 0.853],
    ['York', 4_000, 0.5],
    ['Hull', 1_655, 0.25],
  ],
  rowCount: 3,
  truncated: false,
  elapsedMs: 1,
};
const context = {
  question: 'Which local authorities gained the most in the last 6 months?',
  sql: 'SELECT ... LIMIT 10',
};

describe('untracedNumbers', () => {
  it('accepts figures from the result, rounded, abbreviated, totalled, as shares and differences', () => {
    const analysis =
      'Leeds leads with 12,345 premises (about 12.3k, 68.6% of the 18,000 shown), 8,345 more than York; ' +
      'its coverage is 85.3%. Hull added 1,655. The top 3 of the last 6 months, as of 2026-11-01.';
    expect(untracedNumbers(analysis, result, context)).toEqual([]);
  });

  it('reports figures that appear nowhere', () => {
    const analysis =
      'Leeds leads with 12,345 premises, out of a UK total of 33.6 million; growth was 42,000.';
    expect(untracedNumbers(analysis, result, context)).toEqual(['33.6 million', '42,000']);
  });
});
