/** Money formats and bar maths of the admin usage modal (all amounts in USD). */

export const USAGE_BAR_MIN_BASE_USD = 0.001;
export const USAGE_BAR_STAGGER_MS = 100;

const MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

function dollars(value: number, decimals: number): string {
  const sign = value < 0 ? '-' : '';
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole = '0', fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** Totals: $0.00 for zero, 4 decimals under one cent, else 2 decimals. */
export function formatUsd(value: number | null | undefined): string {
  const amount = Number.isFinite(value) ? (value as number) : 0;
  if (amount === 0) return '$0.00';
  if (Math.abs(amount) < 0.01) return dollars(amount, 4);
  return dollars(amount, 2);
}

/** Monthly rows always use 4 decimals. */
export function formatMonthlyUsd(value: number | null | undefined): string {
  return dollars(Number.isFinite(value) ? (value as number) : 0, 4);
}

/** Cost per message with 5 decimals; null when there were no messages to divide by. */
export function formatCostPerMessage(costUsd: number, messageCount: number): string | null {
  if (!messageCount) return null;
  return dollars(costUsd / messageCount, 5);
}

/** '2025-01' -> 'Jan 2025'; anything else is returned unchanged. */
export function formatMonthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const name = MONTH_NAMES[Number(match[2]) - 1];
  return name ? `${name} ${match[1]}` : month;
}

/** Bar width in percent of the most expensive month (the base is never below 0.001 USD). */
export function usageBarPercent(costUsd: number, maxCostUsd: number): number {
  const base = Math.max(maxCostUsd, USAGE_BAR_MIN_BASE_USD);
  return Math.max(0, Math.min(100, (costUsd / base) * 100));
}
