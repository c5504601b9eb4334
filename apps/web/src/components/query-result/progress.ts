/**
 * How progress messages are shown, for the live 'Progress Updates' panel and the saved progress
 * log alike: status tags around a message are removed, keep-alive 'ping' frames never show, and a message
 * that repeats the previous one is dropped — including an 'Executing SQL query:' for the SQL that was just
 * executed and a second 'Query executed successfully' for the same execution.
 */
import { LIVE_FEED_PING, type ProgressEntry } from '@qa/contracts';

export type DisplayProgress = { key: string; message: string; stage?: string; timestamp?: string };

const EXECUTING_PREFIX = /^executing sql query:?/i;
const EXECUTED_PREFIX = /^query executed successfully/i;
// Tags a server wraps a status line in: <status>..</status>, <progress stage="sql">..</progress>, [STATUS]..[/STATUS].
const WRAPPING_TAG =
  /^\s*(?:<([a-z][\w-]*)(?:\s[^>]*)?>([\s\S]*)<\/\1\s*>|\[([a-z][\w-]*)\]([\s\S]*)\[\/\3\])\s*$/i;
const STATUS_TAG =
  /<\/?(?:status|progress|stage|update|info|step)(?:\s[^>]*)?>|\[\/?(?:status|progress|stage)\]/gi;

export function stripStatusTags(message: string): string {
  let text = message;
  for (let depth = 0; depth < 5; depth++) {
    const match = WRAPPING_TAG.exec(text);
    if (!match) break;
    text = match[2] ?? match[4] ?? '';
  }
  return text.replace(STATUS_TAG, '').trim();
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

export function toDisplayProgress(entries: ReadonlyArray<ProgressEntry | string>): DisplayProgress[] {
  const shown: DisplayProgress[] = [];
  let previous: string | null = null;
  let lastSql: string | null = null;
  let executedSinceLastSql = false;

  entries.forEach((entry, index) => {
    const raw = typeof entry === 'string' ? entry : entry.message;
    if (typeof raw !== 'string' || raw.trim() === LIVE_FEED_PING) return;
    const message = stripStatusTags(raw);
    if (!message) return;
    const key = normalise(message);
    if (key === previous) return;

    if (EXECUTING_PREFIX.test(message)) {
      const sql = normalise(message.replace(EXECUTING_PREFIX, ''));
      if (sql === lastSql) return;
      lastSql = sql;
      executedSinceLastSql = false;
    } else if (EXECUTED_PREFIX.test(message)) {
      if (executedSinceLastSql) return;
      executedSinceLastSql = true;
    }

    previous = key;
    const item: DisplayProgress = { key: `${index}`, message };
    if (typeof entry !== 'string') {
      if (entry.stage) item.stage = entry.stage;
      if (entry.timestamp) item.timestamp = entry.timestamp;
    }
    shown.push(item);
  });
  return shown;
}

export type ParsedProgressLog = { ok: true; entries: ProgressEntry[] } | { ok: false };

/**
 * A saved progress log is a JSON string or an array of entries each with a message. Anything
 * else is reported as unparseable (the detail screen then says it could not load them) and logged in full.
 */
export function parseProgressLog(value: unknown): ParsedProgressLog {
  if (value === null || value === undefined || value === '') return { ok: true, entries: [] };
  let data: unknown = value;
  if (typeof value === 'string') {
    try {
      data = JSON.parse(value);
    } catch (error) {
      console.error('Progress log is not valid JSON', { error, value });
      return { ok: false };
    }
  }
  if (data === null) return { ok: true, entries: [] };
  if (!Array.isArray(data)) {
    console.error('Progress log is not an array of entries', { value: data });
    return { ok: false };
  }
  const entries: ProgressEntry[] = [];
  for (const item of data) {
    if (typeof item === 'string') entries.push({ message: item });
    else if (item && typeof item === 'object' && typeof (item as { message?: unknown }).message === 'string')
      entries.push(item as ProgressEntry);
    else {
      console.error('Progress log entry has no message', { entry: item, value: data });
      return { ok: false };
    }
  }
  return { ok: true, entries };
}
