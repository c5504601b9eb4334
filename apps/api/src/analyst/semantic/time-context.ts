/** The warehouse's dates that every reading, compilation and narration is relative to. */
export interface TimeContext {
  /** Latest monthly availability snapshot, e.g. '2026-11-01'. */
  latest: string;
  earliest: string;
  /** First and last forecast points. */
  forecastFirst: string;
  forecastLast: string;
  /** Latest take-up quarter label. */
  latestQuarter: string;
}

/** '2026-11-01' -> 'November 2026'. */
export function formatMonth(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
