/**
 * Every timestamp is shown en-GB, 24-hour, in London time, date and time with seconds
 * (e.g. "05/03/2025, 14:07:09"). One formatter for the whole app so no screen drifts.
 */
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export function formatDateTime(value: string | number | Date | null | undefined, fallback = '—'): string {
  if (value === null || value === undefined || value === '') return fallback;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return fallback;
  return dateTimeFormat.format(date);
}

/**
 * A day typed the British way, DD/MM/YYYY (also D/M/YYYY, with dots or dashes, or ISO YYYY-MM-DD), as ISO
 * YYYY-MM-DD; '' for an empty field and null for text that is not a real day.
 */
export function parseUkDate(text: string): string | null {
  const value = text.trim();
  if (!value) return '';
  let day: number;
  let month: number;
  let year: number;
  const uk = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (uk) [day, month, year] = [Number(uk[1]), Number(uk[2]), Number(uk[3])];
  else if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}
