/**
 * The conversation as the screen shows it, driven by the chat stream events and its request states
 * (idle -> thinking indicator -> streaming). The indicator shows from the moment a request starts and
 * hides on the first text_delta, tool_preparing, tool_call, typing_end or error. Everything is a pure
 * reducer so each rule has a unit test; ids and clock readings come in on the actions.
 */
import type {
  Alternative,
  ChatHistory,
  ChatMessage,
  ChatStreamEvent,
  UsageObject,
  VerifiedBadge,
} from '@qa/contracts';
import {
  addToolCall,
  addToolResult,
  appendText,
  isSequentialThinkingTool,
  type MessagePart,
  partsFromSavedMessage,
  partsText,
  type ToolPart,
} from './tool-parts';

export const CANCELLED_MESSAGE = 'Request cancelled by user';

export type ChatItem = {
  id: string;
  type: 'user' | 'assistant' | 'error';
  /** User and error text; for an assistant message, its text parts joined. */
  content: string;
  /** Assistant messages: text, tool cells and thinking blocks in the order they arrived. */
  parts: MessagePart[];
  timestamp: string;
  usage?: UsageObject | undefined;
  model?: string | undefined;
  /** Error messages: the server's explanation, when it sent one with a failed status. */
  detail?: string | undefined;
  /** The assistant message still receiving the stream. */
  streaming?: boolean;
  /** Other readings of the question this answer read: the "Did you mean" choices. */
  alternatives?: Alternative[] | undefined;
  /** The verification vouching for this answer's shape (the "Verified" badge). */
  verified?: VerifiedBadge | undefined;
};

export type ChatState = {
  items: ChatItem[];
  running: boolean;
  thinking: boolean;
  /** The assistant message the stream is writing into, created by its first content. */
  draftId: string | null;
  /** Index of the first item of the current turn (the user's message). */
  turnStart: number;
  /** The latest usage object: the context badge reads it. */
  usage: UsageObject | null;
};

export const initialChatState: ChatState = {
  items: [],
  running: false,
  thinking: false,
  draftId: null,
  turnStart: 0,
  usage: null,
};

export type ChatAction =
  | { type: 'history_loaded'; history: ChatHistory }
  | {
      type: 'request_started';
      id: string;
      content: string;
      now: string;
      /** Regenerate / edit: the question (0-based among the questions) this one replaces, with what followed. */
      replaceFrom?: number | undefined;
    }
  | { type: 'stream_event'; event: ChatStreamEvent; id: string; now: string }
  | { type: 'reply_received'; message: ChatMessage; usage?: UsageObject | undefined }
  | { type: 'request_failed'; id: string; message: string; detail?: string | undefined; now: string }
  | { type: 'request_cancelled'; id: string; now: string }
  | { type: 'request_finished'; now: string };

/** Events that hide the thinking indicator. */
const HIDES_THINKING: ReadonlySet<ChatStreamEvent['type']> = new Set([
  'text_delta',
  'tool_preparing',
  'tool_call',
  'typing_end',
  'error',
]);

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'history_loaded':
      return historyState(action.history);
    case 'request_started': {
      const kept =
        action.replaceFrom === undefined ? state.items : itemsBefore(state.items, action.replaceFrom);
      return {
        ...state,
        items: [
          ...kept,
          { id: action.id, type: 'user', content: action.content, parts: [], timestamp: action.now },
        ],
        running: true,
        thinking: true,
        draftId: null,
        turnStart: kept.length,
      };
    }
    case 'stream_event':
      return applyStreamEvent(state, action.event, action.id, action.now);
    case 'reply_received': {
      const item = savedMessageItem(action.message);
      const usage = action.usage ?? action.message.usage;
      return {
        ...state,
        items: [...state.items, { ...item, usage }],
        thinking: false,
        usage: usage ?? state.usage,
      };
    }
    case 'request_failed': {
      const closed = closeDraft(state);
      return {
        ...closed,
        items: [...closed.items, errorItem(action.id, action.message, action.now, action.detail)],
        running: false,
        thinking: false,
      };
    }
    case 'request_cancelled': {
      const closed = closeDraft(state);
      // Not an error: an assistant message says what happened; any partial answer stays.
      const notice: ChatItem = {
        id: action.id,
        type: 'assistant',
        content: CANCELLED_MESSAGE,
        parts: [{ kind: 'text', id: `${action.id}-text`, text: CANCELLED_MESSAGE }],
        timestamp: action.now,
      };
      return { ...closed, items: [...closed.items, notice], running: false, thinking: false };
    }
    case 'request_finished':
      return { ...closeDraft(state), running: false, thinking: false };
  }
}

function applyStreamEvent(state: ChatState, event: ChatStreamEvent, id: string, now: string): ChatState {
  const next: ChatState = HIDES_THINKING.has(event.type) ? { ...state, thinking: false } : state;
  switch (event.type) {
    case 'typing_start':
    case 'typing_end':
      return next;
    case 'tool_preparing':
    case 'tool_args_streaming':
    case 'thinking_stream':
      // Only logged: the cell appears with the complete tool_call.
      console.debug(`chat stream: ${event.type}`, event);
      return next;
    case 'text_delta':
      if (typeof event.delta !== 'string' || !event.delta) return next;
      return updateDraft(next, id, now, (parts) => appendText(parts, event.delta, id));
    case 'tool_call':
      return updateDraft(next, id, now, (parts) =>
        addToolCall(
          parts,
          {
            tool_call_id: event.tool_call_id ?? '',
            tool_name: event.tool_name ?? 'tool',
            args: event.args,
            is_mcp: Boolean(event.is_mcp),
          },
          id,
        ),
      );
    case 'tool_result':
      return addResultToTurn(next, event, id, now);
    case 'usage_update': {
      const withUsage = { ...next, usage: event.usage };
      return withUsage.draftId
        ? mapItem(withUsage, withUsage.draftId, (item) => ({ ...item, usage: event.usage }))
        : withUsage;
    }
    case 'message_complete': {
      const message = event.message;
      const timestamp = message?.timestamp || now;
      let updated = next;
      if (!updated.draftId && message?.content) {
        updated = updateDraft(updated, id, now, (parts) => appendText(parts, message.content, id));
      }
      if (!updated.draftId) return updated;
      return mapItem(updated, updated.draftId, (item) => {
        const parts =
          !item.content && message?.content
            ? appendText(item.parts, message.content, `${id}-final`)
            : item.parts;
        return {
          ...item,
          parts,
          content: partsText(parts),
          timestamp,
          usage: item.usage ?? message?.usage,
          model: message?.model ?? item.model,
          alternatives: message?.alternatives ?? item.alternatives,
          verified: message?.verified ?? item.verified,
        };
      });
    }
    case 'error': {
      const closed = closeDraft(next);
      const text = typeof event.message === 'string' && event.message ? event.message : 'Unknown error';
      return { ...closed, items: [...closed.items, errorItem(id, text, now)] };
    }
  }
}

/**
 * A tool result completes a cell anywhere in the current turn (text or an error may have come between):
 * first the cell with its call id, then the first pending cell of the same tool; otherwise it joins a
 * results block at the end of the answer. Sequential-thinking results are not shown.
 */
function addResultToTurn(
  state: ChatState,
  event: Extract<ChatStreamEvent, { type: 'tool_result' }>,
  id: string,
  now: string,
): ChatState {
  const result = {
    tool_call_id: event.tool_call_id ?? '',
    tool_name: event.tool_name ?? 'tool',
    result: event.result,
    details: event.details ?? { result_length: 0 },
  };
  if (isSequentialThinkingTool(result.tool_name)) return state;
  const turn = state.items.slice(state.turnStart).filter((item) => item.type === 'assistant');
  const target =
    (result.tool_call_id
      ? locateCell(turn, (part) => part.call.tool_call_id === result.tool_call_id)
      : null) ?? locateCell(turn, (part) => part.result === null && part.call.tool_name === result.tool_name);
  if (target) {
    return mapItem(state, target.itemId, (item) => ({
      ...item,
      parts: item.parts.map((part, i) =>
        i === target.index && part.kind === 'tool' ? { ...part, result } : part,
      ),
    }));
  }
  return updateDraft(state, id, now, (parts) => addToolResult(parts, result, id));
}

function locateCell(
  items: ChatItem[],
  matches: (part: ToolPart) => boolean,
): { itemId: string; index: number } | null {
  for (const item of items) {
    const index = item.parts.findIndex((part) => part.kind === 'tool' && matches(part));
    if (index >= 0) return { itemId: item.id, index };
  }
  return null;
}

/** Applies a change to the draft assistant message, creating it on first content. */
function updateDraft(
  state: ChatState,
  id: string,
  now: string,
  change: (parts: MessagePart[]) => MessagePart[],
): ChatState {
  if (state.draftId && state.items.some((item) => item.id === state.draftId)) {
    return mapItem(state, state.draftId, (item) => {
      const parts = change(item.parts);
      return { ...item, parts, content: partsText(parts) };
    });
  }
  const parts = change([]);
  const draft: ChatItem = {
    id,
    type: 'assistant',
    content: partsText(parts),
    parts,
    timestamp: now,
    streaming: true,
  };
  return { ...state, items: [...state.items, draft], draftId: id };
}

function closeDraft(state: ChatState): ChatState {
  if (!state.draftId) return state;
  return { ...mapItem(state, state.draftId, (item) => ({ ...item, streaming: false })), draftId: null };
}

function mapItem(state: ChatState, id: string, change: (item: ChatItem) => ChatItem): ChatState {
  return { ...state, items: state.items.map((item) => (item.id === id ? change(item) : item)) };
}

function errorItem(id: string, message: string, now: string, detail?: string): ChatItem {
  return { id, type: 'error', content: message, parts: [], timestamp: now, detail };
}

/** A saved message (history, or the non-streaming reply) as a screen item. */
export function savedMessageItem(message: ChatMessage): ChatItem {
  const parts =
    message.type === 'assistant'
      ? partsFromSavedMessage(message.id, message.content, message.tool_calls, message.tool_results)
      : [];
  return {
    id: message.id,
    type: message.type,
    content: message.content,
    parts,
    timestamp: message.timestamp,
    usage: message.usage,
    model: message.model,
    alternatives: message.alternatives,
    verified: message.verified,
  };
}

/**
 * A restored conversation. The badge's context figure comes from the last message that carries usage;
 * the session's cost from the history's cumulative usage when the server sends it.
 */
function historyState(history: ChatHistory): ChatState {
  const items = history.messages.map(savedMessageItem);
  const lastUsage = [...history.messages].reverse().find((m) => m.usage)?.usage ?? null;
  let usage: UsageObject | null = lastUsage;
  if (history.usage) {
    const current = lastUsage
      ? 'current_request' in lastUsage
        ? lastUsage.current_request
        : lastUsage
      : null;
    usage = {
      current_request: current ?? { ...history.usage },
      session_cumulative: history.usage,
      ...(lastUsage && 'model' in lastUsage && lastUsage.model ? { model: lastUsage.model } : {}),
      ...(lastUsage && 'context_window' in lastUsage && lastUsage.context_window
        ? { context_window: lastUsage.context_window }
        : {}),
    };
  }
  return { ...initialChatState, items, usage, turnStart: items.length };
}

/** The items before the question at `position` (0-based among the user's questions). */
export function itemsBefore(items: ChatItem[], position: number): ChatItem[] {
  let seen = -1;
  const index = items.findIndex((item) => item.type === 'user' && ++seen === position);
  return index < 0 ? items : items.slice(0, index);
}

/** The position of a user's question among the questions (what `replace_from` names). */
export function questionPosition(items: ChatItem[], id: string): number {
  return items.filter((item) => item.type === 'user').findIndex((item) => item.id === id);
}
