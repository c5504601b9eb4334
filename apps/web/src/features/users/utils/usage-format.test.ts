import { describe, expect, it } from 'vitest';
import {
  formatCostPerMessage,
  formatMonthLabel,
  formatMonthlyUsd,
  formatUsd,
  usageBarPercent,
} from './usage-format';

describe('formatUsd', () => {
  it('shows zero as $0.00', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(null)).toBe('$0.00');
  });
  it('uses four decimals under one cent', () => {
    expect(formatUsd(0.0042)).toBe('$0.0042');
    expect(formatUsd(0.00999)).toBe('$0.0100');
  });
  it('uses two decimals from one cent up, with thousands separators', () => {
    expect(formatUsd(0.01)).toBe('$0.01');
    expect(formatUsd(12.345)).toBe('$12.35');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
  });
});

describe('monthly and per-message formats', () => {
  it('monthly rows always use four decimals', () => {
    expect(formatMonthlyUsd(0)).toBe('$0.0000');
    expect(formatMonthlyUsd(3.5)).toBe('$3.5000');
  });
  it('cost per message uses five decimals and needs at least one message', () => {
    expect(formatCostPerMessage(0.1, 3)).toBe('$0.03333');
    expect(formatCostPerMessage(1, 0)).toBeNull();
  });
});

describe('formatMonthLabel', () => {
  it('turns YYYY-MM into a short month and year', () => {
    expect(formatMonthLabel('2025-01')).toBe('Jan 2025');
    expect(formatMonthLabel('2024-12')).toBe('Dec 2024');
  });
  it('leaves anything unexpected alone', () => {
    expect(formatMonthLabel('2025-13')).toBe('2025-13');
    expect(formatMonthLabel('soon')).toBe('soon');
  });
});

describe('usageBarPercent', () => {
  it('is relative to the most expensive month', () => {
    expect(usageBarPercent(5, 10)).toBe(50);
    expect(usageBarPercent(10, 10)).toBe(100);
  });
  it('never divides by less than 0.001 dollars', () => {
    expect(usageBarPercent(0, 0)).toBe(0);
    expect(usageBarPercent(0.0005, 0.0005)).toBe(50);
  });
});
