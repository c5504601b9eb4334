/**
 * What the chat shows between the words of an answer: one cell per tool
 * call, pending until its result arrives and then completed in place; results that match no call in a
 * separate results block; and all sequential-thinking calls of a turn folded into one growing 'Sequential
 * Thinking' block of numbered steps. These helpers are pure so the stream reducer and the history loader
 * build the same parts.
 */
import {
  type ChartEmbed,
  chartEmbedSchema,
  DEFAULT_CHART_HEIGHT_PX,
  LA_STATS_CHART_HEIGHT_PX,
  type ToolCall,
  type ToolResult,
} from '@qa/contracts';

export type TextPart = { kind: 'text'; id: string; text: string };
export type ToolPart = { kind: 'tool'; id: string; call: ToolCall; result: ToolResult | null };
export type ThinkingStep = {
  thoughtNumber: number;
  totalThoughts: number | null;
  thought: string;
  nextThoughtNeeded: boolean;
};
export type ThinkingPart = { kind: 'thinking'; id: string; steps: ThinkingStep[]; closed: boolean };
export type ResultsPart = { kind: 'results'; id: string; results: ToolResult[] };
export type MessagePart = TextPart | ToolPart | ThinkingPart | ResultsPart;

/** Tool names such as `sequentialthinking` or `mcp__sequential-thinking__sequential_thinking`. */
export function isSequentialThinkingTool(toolName: string): boolean {
  const name = toolName.toLowerCase();
  return name.includes('sequentialthinking') || name.includes('sequential_thinking');
}

/** Reads the sequential-thinking arguments (thought, thoughtNumber, totalThoughts, nextThoughtNeeded). */
export function thinkingStepFromArgs(args: unknown, fallbackNumber: number): ThinkingStep {
  const record = asRecord(typeof args === 'string' ? safeJson(args) : args) ?? {};
  const number = toNumber(record.thoughtNumber) ?? toNumber(record.thought_number) ?? fallbackNumber;
  const total = toNumber(record.totalThoughts) ?? toNumber(record.total_thoughts);
  const next = record.nextThoughtNeeded ?? record.next_thought_needed;
  const thought = record.thought;
  return {
    thoughtNumber: number,
    totalThoughts: total,
    thought: typeof thought === 'string' ? thought : thought === undefined ? '' : JSON.stringify(thought),
    // Absent means the model did not say it is finished, so the block stays open.
    nextThoughtNeeded: next === undefined ? true : next === true || next === 'true',
  };
}

/** Adds a step to a thinking block: one step per number (a repeat replaces it), sorted by number. */
export function addThinkingStep(part: ThinkingPart, step: ThinkingStep): ThinkingPart {
  const steps = part.steps.filter((s) => s.thoughtNumber !== step.thoughtNumber);
  steps.push(step);
  steps.sort((a, b) => a.thoughtNumber - b.thoughtNumber);
  return { ...part, steps, closed: !step.nextThoughtNeeded };
}

/**
 * Adds a tool call to a turn's parts. Sequential-thinking calls grow the open thinking block (or start one);
 * a call whose id is already shown updates that cell; anything else appends a pending cell.
 */
export function addToolCall(parts: MessagePart[], call: ToolCall, newId: string): MessagePart[] {
  if (isSequentialThinkingTool(call.tool_name)) {
    const openIndex = findLastIndex(parts, (p) => p.kind === 'thinking' && !p.closed);
    const open = openIndex >= 0 ? (parts[openIndex] as ThinkingPart) : null;
    const step = thinkingStepFromArgs(call.args, (open?.steps.length ?? 0) + 1);
    if (open) return replaceAt(parts, openIndex, addThinkingStep(open, step));
    return [...parts, addThinkingStep({ kind: 'thinking', id: newId, steps: [], closed: false }, step)];
  }
  const existing = parts.findIndex((p) => p.kind === 'tool' && p.call.tool_call_id === call.tool_call_id);
  if (existing >= 0 && call.tool_call_id) {
    const part = parts[existing] as ToolPart;
    return replaceAt(parts, existing, { ...part, call });
  }
  return [...parts, { kind: 'tool', id: newId, call, result: null }];
}

/** Where a result goes: the cell with its call id, else the first pending cell of the same tool, else -1. */
export function findCellForResult(parts: MessagePart[], result: ToolResult): number {
  if (result.tool_call_id) {
    const byId = parts.findIndex((p) => p.kind === 'tool' && p.call.tool_call_id === result.tool_call_id);
    if (byId >= 0) return byId;
  }
  return parts.findIndex(
    (p) => p.kind === 'tool' && p.result === null && p.call.tool_name === result.tool_name,
  );
}

/**
 * Adds a tool result to a turn's parts: it completes the matching cell in place; with no match it
 * joins the results block at the end (started if needed). Sequential-thinking results are not shown.
 */
export function addToolResult(parts: MessagePart[], result: ToolResult, newId: string): MessagePart[] {
  if (isSequentialThinkingTool(result.tool_name)) return parts;
  const index = findCellForResult(parts, result);
  if (index >= 0) return replaceAt(parts, index, { ...(parts[index] as ToolPart), result });
  const last = parts[parts.length - 1];
  if (last?.kind === 'results') {
    return replaceAt(parts, parts.length - 1, { ...last, results: [...last.results, result] });
  }
  return [...parts, { kind: 'results', id: newId, results: [result] }];
}

/** Appends streamed text to the last text part, or starts a new one after a tool cell. */
export function appendText(parts: MessagePart[], delta: string, newId: string): MessagePart[] {
  const last = parts[parts.length - 1];
  if (last?.kind === 'text') return replaceAt(parts, parts.length - 1, { ...last, text: last.text + delta });
  return [...parts, { kind: 'text', id: newId, text: delta }];
}

export function partsText(parts: MessagePart[]): string {
  return parts
    .filter((p): p is TextPart => p.kind === 'text')
    .map((p) => p.text)
    .join('');
}

/** Builds a saved message's parts (history, non-streaming reply): its tool cells, then its text. */
export function partsFromSavedMessage(
  id: string,
  content: string,
  calls: ToolCall[] | undefined,
  results: ToolResult[] | undefined,
): MessagePart[] {
  let parts: MessagePart[] = [];
  (calls ?? []).forEach((call, i) => {
    parts = addToolCall(parts, call, `${id}-call-${i}`);
  });
  (results ?? []).forEach((result, i) => {
    parts = addToolResult(parts, result, `${id}-results-${i}`);
  });
  if (content) parts = [...parts, { kind: 'text', id: `${id}-text`, text: content }];
  return parts;
}

/** The chart or map a tool drew (`result.chart`), if any. */
export function chartFromResult(result: unknown): ChartEmbed | null {
  const record = asRecord(typeof result === 'string' ? safeJson(result) : result);
  if (!record) return null;
  const parsed = chartEmbedSchema.safeParse(record.chart);
  return parsed.success ? parsed.data : null;
}

/** Chart iframes are 400 px high for la_stats and 500 otherwise. */
export function chartHeightPx(kind: string): number {
  return kind === 'la_stats' ? LA_STATS_CHART_HEIGHT_PX : DEFAULT_CHART_HEIGHT_PX;
}

/** A value as display text: strings as they are, anything else as indented JSON. */
export function formatToolValue(value: unknown): string {
  if (typeof value === 'string') {
    const parsed = safeJson(value);
    return parsed !== undefined && typeof parsed === 'object' && parsed !== null
      ? JSON.stringify(parsed, null, 2)
      : value;
  }
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function toNumber(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

function replaceAt<T>(items: T[], index: number, item: T): T[] {
  const copy = items.slice();
  copy[index] = item;
  return copy;
}

function findLastIndex<T>(items: T[], predicate: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i -= 1) if (predicate(items[i] as T)) return i;
  return -1;
}

/** A tool's arguments as name/value rows when they are a flat-enough object, else null (show as JSON). */
export function argumentRows(args: unknown): { name: string; value: string; multiline: boolean }[] | null {
  const record = asRecord(typeof args === 'string' ? safeJson(args) : args);
  if (!record) return null;
  const entries = Object.entries(record);
  if (entries.length === 0) return null;
  return entries.map(([name, value]) => {
    const text = typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? String(value));
    return { name, value: text, multiline: text.includes('\n') };
  });
}

export type TabularResult = {
  columns: string[];
  rows: unknown[][];
  rowCount: number | null;
  truncated: boolean;
};

/** A result shaped like a table ({columns, rows}, e.g. run_sql), to show as one. */
export function tabularResult(result: unknown): TabularResult | null {
  const record = asRecord(typeof result === 'string' ? safeJson(result) : result);
  if (!record || !Array.isArray(record.columns) || !Array.isArray(record.rows)) return null;
  const columns = record.columns.map((column) =>
    typeof column === 'string' ? column : String(asRecord(column)?.name ?? column),
  );
  const rows = record.rows.map((row) =>
    Array.isArray(row) ? row : columns.map((column) => asRecord(row)?.[column] ?? null),
  );
  return {
    columns,
    rows,
    rowCount: toNumber(record.row_count),
    truncated: record.truncated === true,
  };
}

/** A tool's own failure report (`{ error: '...' }`), shown as a failed cell. */
export function toolErrorMessage(result: unknown): string | null {
  const record = asRecord(typeof result === 'string' ? safeJson(result) : result);
  return record && typeof record.error === 'string' && record.error ? record.error : null;
}
