import { describe, expect, it } from 'vitest';
import { compareAnswers } from './agreement.js';

describe('compareAnswers', () => {
  it('agrees across renamed, reordered and extra columns and a different row order', () => {
    const llm = {
      columns: ['la', 'gained'],
      rows: [
        ['Leeds', 100],
        ['York', 50.004],
      ],
    };
    const builtin = {
      columns: ['premises_gained', 'la_name', 'premises_2026_11'],
      rows: [
        [50, 'York', 900],
        [100, 'Leeds', 1200],
      ],
    };
    expect(compareAnswers(llm, builtin)).toEqual({ agree: true, reason: 'the same values' });
    expect(compareAnswers(builtin, llm).agree).toBe(true);
  });

  it('disagrees on different values or row counts, and says which', () => {
    const a = {
      columns: ['la', 'gained'],
      rows: [
        ['Leeds', 100],
        ['York', 50],
      ],
    };
    expect(
      compareAnswers(a, {
        columns: ['la', 'gained'],
        rows: [
          ['Leeds', 100],
          ['York', 51],
        ],
      }),
    ).toEqual({
      agree: false,
      reason: 'different values',
    });
    expect(compareAnswers(a, { columns: ['la', 'gained'], rows: [['Leeds', 100]] }).reason).toBe(
      '2 rows against 1',
    );
  });

  it('pairs values row by row, not only column by column', () => {
    const a = {
      columns: ['la', 'n'],
      rows: [
        ['Leeds', 1],
        ['York', 2],
      ],
    };
    const b = {
      columns: ['la', 'n'],
      rows: [
        ['Leeds', 2],
        ['York', 1],
      ],
    };
    expect(compareAnswers(a, b).agree).toBe(false);
  });

  it('treats numeric strings and numbers alike, and nulls only as nulls', () => {
    expect(
      compareAnswers({ columns: ['x'], rows: [['12.50']] }, { columns: ['y'], rows: [[12.5]] }).agree,
    ).toBe(true);
    expect(compareAnswers({ columns: ['x'], rows: [[null]] }, { columns: ['y'], rows: [[0]] }).agree).toBe(
      false,
    );
  });
});
