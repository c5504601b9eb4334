/**
 * Messages as they leave the service. Stored results keep bare chart URLs; every message and event that leaves
 * (the history, the whole-answer response, the stream's `tool_result` and `message_complete`) has its chart
 * links signed for the owner's browser here, whatever path sends it.
 */
import type {
  Alternative,
  ChatMessage,
  ChatStreamEvent,
  NestedUsage,
  ToolCall,
  ToolResult,
} from '@qa/contracts';
import type { LinkOwner } from '../charts/chart-links.js';
import type { ChartService } from '../charts/charts.service.js';
import type { listMessages } from './chat.queries.js';

type StoredMessage = Awaited<ReturnType<typeof listMessages>>[number];

export function forOwner(charts: ChartService, message: ChatMessage, owner: LinkOwner): ChatMessage {
  if (!message.tool_results?.length) return message;
  return {
    ...message,
    tool_results: message.tool_results.map((result) => charts.signResult(result, owner)),
  };
}

export function eventForOwner(
  charts: ChartService,
  event: ChatStreamEvent,
  owner: LinkOwner,
): ChatStreamEvent {
  if (event.type === 'tool_result') return charts.signResult(event, owner);
  if (event.type === 'message_complete') return { ...event, message: forOwner(charts, event.message, owner) };
  return event;
}

/** The "Did you mean" choices of an answer, from the context saved with it (their plans stay on the server). */
export function alternativesOf(context: unknown): Alternative[] {
  const alternatives =
    context && typeof context === 'object' ? (context as { alternatives?: unknown }).alternatives : undefined;
  if (!Array.isArray(alternatives)) return [];
  return alternatives.flatMap((a) =>
    a && typeof a === 'object' && typeof (a as Alternative).interpretation === 'string'
      ? [{ interpretation: (a as Alternative).interpretation }]
      : [],
  );
}

/** The plan a chat answer was made from, in the context saved with it (the built-in model's), if any. */
export function contextPlan(context: unknown): unknown {
  return context && typeof context === 'object' ? (context as { plan?: unknown }).plan : undefined;
}

/** A stored message as the history shows it, its empty parts left out. */
export function toChatMessage(charts: ChartService, row: StoredMessage, owner: LinkOwner): ChatMessage {
  const usage = row.usage as NestedUsage | null;
  const toolCalls = (row.tool_calls ?? []) as ToolCall[];
  const toolResults = (row.tool_results ?? []) as ToolResult[];
  const alternatives = alternativesOf(row.plan);
  return forOwner(
    charts,
    {
      id: row.id,
      type: row.type,
      content: row.content,
      timestamp: new Date(row.created_at).toISOString(),
      ...(usage ? { usage } : {}),
      ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
      ...(toolResults.length ? { tool_results: toolResults } : {}),
      ...(row.model ? { model: row.model } : {}),
      ...(alternatives.length ? { alternatives } : {}),
    },
    owner,
  );
}
