/**
 * The warehouse calendar: monthly availability snapshots, half-yearly forecast points, take-up quarters and
 * attractiveness quarters. Dates are ISO strings 'YYYY-MM-DD', always the first of a month.
 */
export const FIRST_SNAPSHOT = '2021-01-01';
export const LATEST_SNAPSHOT = '2026-11-01';
export const FIRST_FORECAST = '2024-12-01';
export const LAST_FORECAST = '2030-12-01';
/** The generator's monthly build curves run to the end of the forecast horizon. */
export const CURVE_END = '2030-12-01';
export const FIRST_ATTRACTIVENESS = '2024-01-01';
export const FIRST_TAKE_UP_QUARTER = '2021Q1';

export function monthIndex(date: string): number {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const [y0, m0] = FIRST_SNAPSHOT.split('-').map(Number) as [number, number];
  return (y - y0) * 12 + (m - m0);
}

/** The first of the month `months` after `date` (before it when negative); `date` is a first of month. */
export function addMonths(date: string, months: number): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + months;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-01`;
}

export function monthAt(index: number): string {
  return addMonths(FIRST_SNAPSHOT, index);
}

export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let i = monthIndex(from); i <= monthIndex(to); i++) out.push(monthAt(i));
  return out;
}

export const SNAPSHOT_MONTHS = monthsBetween(FIRST_SNAPSHOT, LATEST_SNAPSHOT);
export const LATEST_INDEX = monthIndex(LATEST_SNAPSHOT);
export const CURVE_END_INDEX = monthIndex(CURVE_END);

export const FORECAST_DATES = monthsBetween(FIRST_FORECAST, LAST_FORECAST).filter((d) => {
  const m = d.slice(5, 7);
  return m === '06' || m === '12';
});

export function quarterOf(date: string): string {
  const y = date.slice(0, 4);
  const m = Number(date.slice(5, 7));
  return `${y}Q${Math.floor((m - 1) / 3) + 1}`;
}

export function quarterStart(quarter: string): string {
  const y = quarter.slice(0, 4);
  const q = Number(quarter.slice(5));
  return `${y}-${String((q - 1) * 3 + 1).padStart(2, '0')}-01`;
}

/** Take-up quarters from 2021Q1 up to the quarter holding the latest snapshot. */
export const TAKE_UP_QUARTERS: string[] = (() => {
  const out: string[] = [];
  for (const d of SNAPSHOT_MONTHS) {
    const q = quarterOf(d);
    if (out[out.length - 1] !== q) out.push(q);
  }
  return out;
})();

/** Postcode-level take-up covers the latest four quarters. */
export const POSTCODE_TAKE_UP_QUARTERS = TAKE_UP_QUARTERS.slice(-4);

/** The snapshot whose availability a take-up quarter reflects: its last month, or the latest snapshot. */
export function takeUpSnapshot(quarter: string): string {
  const start = monthIndex(quarterStart(quarter));
  return monthAt(Math.min(start + 2, LATEST_INDEX));
}

export const ATTRACTIVENESS_DATES = monthsBetween(FIRST_ATTRACTIVENESS, LATEST_SNAPSHOT).filter((d) =>
  ['01', '04', '07', '10'].includes(d.slice(5, 7)),
);

/**
 * SQL turning a month index (0 = the first snapshot) into its DATE: a lookup in a constant list, several times
 * faster in DuckDB than date arithmetic with to_months on tens of millions of rows.
 */
export function monthDateSql(indexExpr: string): string {
  const dates = Array.from({ length: CURVE_END_INDEX + 1 }, (_, i) => `DATE '${monthAt(i)}'`);
  return `[${dates.join(', ')}][(${indexExpr}) + 1]`;
}
