import { describe, expect, it } from 'vitest';
import { formatDateTime, parseUkDate } from './format-date';

describe('formatDateTime', () => {
  it('shows London time, en-GB order, 24-hour with seconds', () => {
    // 13:05:09 UTC in July is 14:05:09 British Summer Time.
    expect(formatDateTime('2025-07-01T13:05:09Z')).toBe('01/07/2025, 14:05:09');
    // In winter London is on UTC; late evening must not read as 12-hour.
    expect(formatDateTime('2025-01-15T23:59:59Z')).toBe('15/01/2025, 23:59:59');
    expect(formatDateTime('2025-01-15T00:00:01Z')).toBe('15/01/2025, 00:00:01');
  });
  it('falls back for missing or invalid values', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('not a date', 'Never')).toBe('Never');
  });
});

describe('parseUkDate', () => {
  it('reads a day typed the British way, day first', () => {
    expect(parseUkDate('05/03/2025')).toBe('2025-03-05');
    expect(parseUkDate('5/3/2025')).toBe('2025-03-05');
    expect(parseUkDate('31.12.2026')).toBe('2026-12-31');
    expect(parseUkDate('2025-03-05')).toBe('2025-03-05');
  });
  it('leaves an empty field empty and refuses what is not a real day', () => {
    expect(parseUkDate('  ')).toBe('');
    expect(parseUkDate('31/02/2025')).toBeNull();
    expect(parseUkDate('03/25/2025')).toBeNull();
    expect(parseUkDate('yesterday')).toBeNull();
  });
});
