/** Turning websocket frames into log rows, and keeping only the newest LOG_PANEL_CAP of them. */
import type { LogEntry } from '@qa/contracts';

export type LogRow = {
  id: number;
  time: string;
  level: LogEntry['level'];
  msg: string;
  req_id?: string;
  context?: Record<string, unknown>;
};

const PINO_LEVELS: Record<number, LogEntry['level']> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};
const LEVEL_NAMES = new Set<string>(Object.values(PINO_LEVELS));

let nextId = 1;

function toLevel(value: unknown): LogEntry['level'] {
  if (typeof value === 'number') return PINO_LEVELS[value] ?? 'info';
  if (typeof value === 'string' && LEVEL_NAMES.has(value.toLowerCase()))
    return value.toLowerCase() as LogEntry['level'];
  return 'info';
}

function toTime(value: unknown): string {
  if (typeof value === 'number') return new Date(value).toISOString();
  if (typeof value === 'string' && value) return value;
  return new Date().toISOString();
}

function toRow(value: unknown): LogRow | null {
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const msg = record.msg ?? record.message;
  if (typeof msg !== 'string') return null;
  const row: LogRow = { id: nextId++, time: toTime(record.time), level: toLevel(record.level), msg };
  if (typeof record.req_id === 'string') row.req_id = record.req_id;
  else if (typeof record.reqId === 'string') row.req_id = record.reqId;
  if (record.context && typeof record.context === 'object')
    row.context = record.context as Record<string, unknown>;
  return row;
}

/**
 * Reads one websocket frame: a single entry, an array of entries, or an object carrying `entries`
 * (e.g. the backlog sent on connect). Anything unreadable yields no rows (parse errors are
 * only logged).
 */
export function parseLogFrame(data: unknown): LogRow[] {
  if (typeof data !== 'string') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch (error) {
    console.warn('Unreadable log frame', error);
    return [];
  }
  const items = Array.isArray(parsed)
    ? parsed
    : parsed && typeof parsed === 'object' && Array.isArray((parsed as { entries?: unknown }).entries)
      ? (parsed as { entries: unknown[] }).entries
      : [parsed];
  return items.map(toRow).filter((row): row is LogRow => row !== null);
}

/** Appends rows and drops the oldest beyond the cap. */
export function appendCapped<T>(current: readonly T[], added: readonly T[], cap: number): T[] {
  if (!added.length) return current as T[];
  const next = [...current, ...added];
  return next.length > cap ? next.slice(next.length - cap) : next;
}
