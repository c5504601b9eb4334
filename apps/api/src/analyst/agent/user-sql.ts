/**
 * SQL the analyst writes: a SELECT pasted into the question box, or a saved query's SQL edited and run again.
 * It is run as written, through exactly what generated SQL passes (the warehouse guard: one read-only SELECT over
 * catalog names, no files or URLs; the row cap; the timeout; a read-only connection), and answered without a
 * reading of the question: the analyst did not write it, so the answer never narrates it as if it had. A statement
 * the guard refuses, and one that fails or runs out of time, is an error the caller shows as it is.
 *
 * Telling SQL from a question: text that starts like an SQL statement and that DuckDB's parser reads is SQL
 * ("DROP TABLE users" too, so that it is refused as SQL). A question that merely starts with an SQL word ("Show
 * full fibre coverage by region", "Select the top ten councils") does not parse and goes to the analyst, and so
 * does a short one-line sentence the parser happens to read ("select coverage from Wales") when its names are
 * not the catalog's.
 */
import type { AgentColumn, AgentResultSet, AgentWarehouse } from './agent-warehouse.js';

/** The first word of an SQL statement (after comments and an opening bracket). */
const SQL_START =
  /^\s*(?:(?:--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)\s*)*\(?\s*(select|with|insert|update|delete|drop|create|alter|copy|attach|detach|pragma|install|load|call|export|import|set|truncate|grant|revoke|vacuum|checkpoint|explain|describe|summarize|from|values|merge|upsert|begin|commit|rollback|use|reset)\s/i;
/** Guard reasons that say the text is not SQL at all. */
const NOT_PARSED = /^(The SQL could not be parsed|Unterminated|The SQL is empty)/;
/** Guard reasons about names, which a plain sentence that happens to parse also gets. */
const UNKNOWN_NAME = /^Unknown (table|column)/;
/** Punctuation a sentence rarely has and SQL usually does. */
const SQL_PUNCTUATION = /[*,()=;'"<>.]|\n/;
const MAX_SENTENCE_WORDS = 12;

export type SqlTextCheck =
  /** Not SQL: a question for the analyst. */
  | { sql: false }
  /** SQL the guard accepts: `guarded` is what runs (with the row cap). */
  | { sql: true; ok: true; guarded: string; tables: string[] }
  /** SQL the guard refuses, with its reason. */
  | { sql: true; ok: false; reason: string };

/** Whether `text` is SQL, and if so whether the guard lets it run. */
export async function checkSqlText(
  warehouse: AgentWarehouse,
  text: string,
  rowLimit: number,
): Promise<SqlTextCheck> {
  if (!SQL_START.test(text)) return { sql: false };
  const guarded = await warehouse.guard(text, { rowLimit });
  if (guarded.ok) return { sql: true, ok: true, guarded: guarded.sql, tables: tablesOf(text, warehouse) };
  if (NOT_PARSED.test(guarded.reason)) return { sql: false };
  const sentence =
    !SQL_PUNCTUATION.test(text.trim()) && text.trim().split(/\s+/).length <= MAX_SENTENCE_WORDS;
  if (sentence && UNKNOWN_NAME.test(guarded.reason)) return { sql: false };
  return { sql: true, ok: false, reason: guarded.reason };
}

/** The catalog tables the SQL names (for the classification's datasets). */
function tablesOf(sql: string, warehouse: AgentWarehouse): string[] {
  const lower = sql.toLowerCase();
  return Object.keys(warehouse.tableColumns()).filter((table) => new RegExp(`\\b${table}\\b`).test(lower));
}

/** What the user's SQL was refused or stopped for, said to the user. */
export class UserSqlError extends Error {
  constructor(
    message: string,
    readonly kind: 'refused' | 'failed' | 'timeout',
  ) {
    super(message);
    this.name = 'UserSqlError';
  }
}

export function refusedMessage(reason: string): string {
  return `The SQL was refused by the safety check: ${reason}`;
}

/** A failed run in words: the timeout says how long it ran, anything else the engine's message. */
export function failedMessage(error: unknown, timeoutMs: number): UserSqlError {
  const message = error instanceof Error ? error.message : String(error);
  if ((error as { code?: string }).code === 'timeout' || /ran longer than/i.test(message)) {
    return new UserSqlError(
      `The SQL ran longer than ${Math.round(timeoutMs / 1000)} seconds and was stopped. Narrow it (a place, a snapshot, fewer joins) and run it again.`,
      'timeout',
    );
  }
  return new UserSqlError(`The SQL failed: ${message}`, 'failed');
}

export type UserSqlSource = 'user' | 'edited';

export const USER_SQL_INTERPRETATION: Record<UserSqlSource, string> = {
  user: 'Your SQL, run as written',
  edited: 'Your edited SQL, run as written',
};

/** The explanation of user SQL: what was done to it, never what it means (the analyst did not write it). */
export function userSqlExplanation({ rowLimit, timeoutMs }: { rowLimit: number; timeoutMs: number }): string {
  return [
    'This SQL was written by you and run as written, after the same safety check as generated SQL:',
    '',
    '- one read-only `SELECT` (or `WITH ... SELECT`) over the catalog tables, with no file, URL or system access;',
    `- at most ${rowLimit.toLocaleString('en-GB')} rows;`,
    `- stopped after ${Math.round(timeoutMs / 1000)} seconds.`,
  ].join('\n');
}

/** The analysis of user SQL: what came back, in plain words, and no reading of a question it did not have. */
export function userSqlAnalysis(result: AgentResultSet, rowLimit: number): string {
  const names = (columns: AgentColumn[]) => columns.map((c) => `\`${c.name}\``).join(', ');
  const rows = result.rowCount === 1 ? '1 row' : `${result.rowCount.toLocaleString('en-GB')} rows`;
  const lines = [
    `_Written by you: the analyst did not write this SQL, so it gives no reading of the figures; check them against what you meant._`,
    '',
    result.rowCount === 0
      ? 'The query returned no rows.'
      : `The query returned **${rows}**${result.columns.length ? ` with the columns ${names(result.columns)}` : ''}.`,
  ];
  if (result.truncated)
    lines.push('', `_The result was cut at ${rowLimit.toLocaleString('en-GB')} rows, the row cap._`);
  return lines.join('\n');
}
