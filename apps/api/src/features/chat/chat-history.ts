/**
 * The conversation so far as model messages, for the next turn: the newest messages within HISTORY_MESSAGES and
 * HISTORY_CHARS, each answer with its tool calls and their results (each result cut to its first rows and
 * HISTORY_RESULT_CHARS), so a model can resolve "those" or "the same for gigabit" from what was actually queried
 * and found, not only from the text.
 */
import type { JSONValue } from '@ai-sdk/provider';
import type { ToolCall, ToolResult } from '@qa/contracts';
import type { ModelMessage } from 'ai';
import type { AppDb } from '../../db/database.js';
import { listMessages } from './chat.queries.js';

/** Earlier messages sent with a new one (newest kept), and their size. */
export const HISTORY_MESSAGES = 20;
export const HISTORY_CHARS = 60_000;
/**
 * An earlier tool result goes back to the model at most this long (its first rows, then a note that it was
 * cut), so a follow-up can refer to what was found without re-sending whole result sets.
 */
export const HISTORY_RESULT_CHARS = 2_000;
const HISTORY_RESULT_ROWS = 15;

export async function earlierMessages(db: AppDb, sessionId: string): Promise<ModelMessage[]> {
  const rows = await listMessages({ db, sessionId, limit: HISTORY_MESSAGES });
  const turns: ModelMessage[][] = [];
  let budget = HISTORY_CHARS;
  for (const row of [...rows].reverse()) {
    if (row.type === 'error') continue;
    const turn =
      row.type === 'user' ? userTurn(row.content) : answerTurn(row.content, row.tool_calls, row.tool_results);
    if (turn.length === 0) continue;
    budget -= turn.reduce((n, m) => n + JSON.stringify(m.content).length, 0);
    if (budget < 0) break;
    turns.unshift(turn);
  }
  const messages = turns.flat();
  // The provider APIs want the conversation to start with the user.
  while (messages[0] && messages[0].role !== 'user') messages.shift();
  return messages;
}

function userTurn(content: string): ModelMessage[] {
  return content.trim() ? [{ role: 'user', content }] : [];
}

/**
 * A saved answer as model messages: its tool calls and their results (calls without a result, from a stopped
 * answer, are left out: providers refuse a call with no result), then its text.
 */
function answerTurn(content: string, storedCalls: unknown, storedResults: unknown): ModelMessage[] {
  const calls = (Array.isArray(storedCalls) ? storedCalls : []) as ToolCall[];
  const results = new Map(
    ((Array.isArray(storedResults) ? storedResults : []) as ToolResult[]).map((r) => [r.tool_call_id, r]),
  );
  const answered = calls.filter((call) => results.has(call.tool_call_id));
  const messages: ModelMessage[] = [];
  if (answered.length > 0) {
    messages.push({
      role: 'assistant',
      content: answered.map((call) => ({
        type: 'tool-call' as const,
        toolCallId: call.tool_call_id,
        toolName: call.tool_name,
        input: call.args,
      })),
    });
    messages.push({
      role: 'tool',
      content: answered.map((call) => ({
        type: 'tool-result' as const,
        toolCallId: call.tool_call_id,
        toolName: call.tool_name,
        output: compactResult(results.get(call.tool_call_id)?.result),
      })),
    });
  }
  if (content.trim()) messages.push({ role: 'assistant', content });
  return messages;
}

/** A tool result cut to its first rows and at most HISTORY_RESULT_CHARS, said to be cut when it was. */
export function compactResult(
  result: unknown,
): { type: 'json'; value: JSONValue } | { type: 'text'; value: string } {
  let value = result ?? null;
  let cut = false;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    if (Array.isArray(record.rows) && record.rows.length > HISTORY_RESULT_ROWS) {
      value = { ...record, rows: record.rows.slice(0, HISTORY_RESULT_ROWS) };
      cut = true;
    }
  }
  const json = JSON.stringify(value);
  if (json.length <= HISTORY_RESULT_CHARS) {
    const compact = cut
      ? { ...(value as Record<string, unknown>), note: `first ${HISTORY_RESULT_ROWS} rows of the result` }
      : value;
    return { type: 'json', value: compact as JSONValue };
  }
  return { type: 'text', value: `${json.slice(0, HISTORY_RESULT_CHARS)}… (cut: the result was longer)` };
}
