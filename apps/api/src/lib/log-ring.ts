/**
 * The last few hundred log entries of this process, kept in memory for the admin log panel, plus live
 * subscribers (the /api/ws/logs sockets). Entries are the contracts' LogEntry, parsed from pino's JSON lines.
 */
import type { LogEntry } from '@qa/contracts';
import { maskSecrets } from './mask-secrets.js';

export const LOG_RING_CAPACITY = 500;

const PINO_LEVELS: Record<number, LogEntry['level']> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

/** Fields of a pino line that become LogEntry's own fields or are noise in the panel. */
const OWN_FIELDS = new Set(['level', 'time', 'msg', 'req_id', 'pid', 'hostname']);

export type LogListener = (entry: LogEntry) => void;

export class LogRing {
  private readonly entries: LogEntry[] = [];
  private readonly listeners = new Set<LogListener>();

  constructor(private readonly capacity = LOG_RING_CAPACITY) {}

  push(entry: LogEntry): void {
    this.entries.push(entry);
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
    for (const listener of this.listeners) {
      try {
        listener(entry);
      } catch {
        // A broken subscriber must never break logging; it is dropped instead.
        this.listeners.delete(listener);
      }
    }
  }

  /** The most recent entries, oldest first. */
  recent(limit = this.capacity): LogEntry[] {
    return this.entries.slice(-limit);
  }

  subscribe(listener: LogListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get subscriberCount(): number {
    return this.listeners.size;
  }

  /** A pino destination: each write is one serialized JSON line. */
  stream(): { write(line: string): void } {
    return {
      write: (line: string) => {
        const entry = toLogEntry(line);
        if (entry) this.push(entry);
      },
    };
  }
}

export function toLogEntry(line: string): LogEntry | null {
  let record: Record<string, unknown>;
  try {
    // Whatever logged it, a password link's token never reaches the panel (the mailer already masks its own).
    record = JSON.parse(maskSecrets(line)) as Record<string, unknown>;
  } catch {
    return null;
  }
  const level = PINO_LEVELS[Number(record.level)] ?? 'info';
  const time =
    typeof record.time === 'string'
      ? record.time
      : new Date(typeof record.time === 'number' ? record.time : Date.now()).toISOString();
  const context: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (!OWN_FIELDS.has(key)) context[key] = value;
  }
  const entry: LogEntry = { time, level, msg: typeof record.msg === 'string' ? record.msg : '' };
  if (typeof record.req_id === 'string') entry.req_id = record.req_id;
  if (Object.keys(context).length > 0) entry.context = context;
  return entry;
}
