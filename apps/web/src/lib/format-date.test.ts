import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date';

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
