import { describe, expect, it } from 'vitest';
import {
  addMonths,
  FIRST_SNAPSHOT,
  LATEST_SNAPSHOT,
  monthAt,
  monthIndex,
  SNAPSHOT_MONTHS,
} from './calendar.js';

describe('month arithmetic', () => {
  it('moves a first of month forwards and backwards across year ends', () => {
    expect(addMonths('2026-11-01', -12)).toBe('2025-11-01');
    expect(addMonths('2026-11-01', 2)).toBe('2027-01-01');
    expect(addMonths('2021-01-01', -1)).toBe('2020-12-01');
    expect(addMonths('2024-12-01', 0)).toBe('2024-12-01');
  });

  it('numbers the snapshot months from the first snapshot', () => {
    expect(monthAt(0)).toBe(FIRST_SNAPSHOT);
    expect(monthAt(monthIndex(LATEST_SNAPSHOT))).toBe(LATEST_SNAPSHOT);
    expect(SNAPSHOT_MONTHS).toHaveLength(71);
    expect(SNAPSHOT_MONTHS.at(-1)).toBe(LATEST_SNAPSHOT);
  });
});
