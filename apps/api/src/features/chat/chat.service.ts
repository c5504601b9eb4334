/**
 * One chat turn, streamed or whole: check the model and the budget and the session BEFORE any model call
 * (refusals are plain HTTP errors), then run the AI SDK tool loop (bounded to MAX_TOOL_STEPS) over the tools of
 * the user's MCP servers, turning its stream into the chat events. Every model step is written to the cost
 * ledger as it finishes; a Stop (the client going away) aborts the model call, and the partial answer is saved
 * with its usage (the unfinished step's usage estimated from its text, since providers report usage only at the
 * end of a step). The conversation is saved as it happens: the user's message first, the answer at the end.
 */
import { randomUUID } from 'node:crypto';
import type { JSONValue } from '@ai-sdk/provider';
import type {
  ChatHistory,
  ChatMessage,
  ChatRequest,
  ChatSessionSummary,
  ChatStreamEvent,
  NestedUsage,
  ToolCall,
  ToolResult,
} from '@qa/contracts';
import { type LanguageModel, type ModelMessage, stepCountIs, streamText } from 'ai';
import type { AppDb } from '../../db/database.js';
import { currentAsker, runAsAsker } from '../../lib/asker-context.js';
import type { RequestUser } from '../../lib/auth-guard.js';
import { AppError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import type { AgentRuntime, ReadyAgent } from '../agent/agent-runtime.js';
import type { ChartService } from '../charts/charts.service.js';
import { addUsage, type TokenUsage, tokenUsageFrom, ZERO_USAGE } from '../llm/cost.js';
import { BUILTIN_MODEL_ID, findModel } from '../llm/model-table.js';
import type { ModelRegistry } from '../llm/providers.js';
import { assertWithinBudget, recordUsage } from '../llm/usage.js';
import type { McpService, ToolServer } from '../mcp/mcp.service.js';
import type { ToolContext } from '../tools/tool-types.js';
import { snapshotRange } from '../tools/warehouse-sql.js';
import type { ChatTurnContext } from './builtin-intent.js';
import { BuiltinChatModel } from './builtin-model.js';
import {
  createSession,
  deleteSession,
  getSession,
  insertMessage,
  latestAnswerPlan,
  listMessages,
  listSessions,
  renameSession,
  searchSessions,
  sessionUsage,
  touchSession,
  truncateFromQuestion,
} from './chat.queries.js';
import { chatToolSet } from './chat-tools.js';
import { nestedUsage, type SessionTotals, sessionFlat } from './chat-usage.js';
import { chatSystemPrompt } from './system-prompt.js';

/** "A model that keeps calling tools forever is a bug": at most this many model calls per answer. */
export const MAX_TOOL_STEPS = 8;
/** A whole answer, tools included, may take at most this long. */
export const TURN_TIMEOUT_MS = 5 * 60_000;
/** Earlier messages sent with a new one (newest kept), and their size. */
export const HISTORY_MESSAGES = 20;
export const HISTORY_CHARS = 60_000;
/**
 * An earlier tool result goes back to the model at most this long (its first rows, then a note that it was
 * cut), so a follow-up can refer to what was found without re-sending whole result sets.
 */
export const HISTORY_RESULT_CHARS = 2_000;
const HISTORY_RESULT_ROWS = 15;
const CHARS_PER_TOKEN = 4;
const SESSIONS_LISTED = 50;
const TITLE_CHARS = 80;
export const WAREHOUSE_UNAVAILABLE =
  'The broadband warehouse is not available yet. It is built on the first start; try again in a few minutes.';
export const CANCELLED_MESSAGE = 'Request cancelled by user';

const titleFrom = (message: string) => message.replace(/\s+/g, ' ').trim().slice(0, TITLE_CHARS);

export type EmitEvent = (event: ChatStreamEvent) => void | Promise<void>;

export interface ChatServiceDeps {
  db: AppDb;
  logger: Logger;
  registry: ModelRegistry;
  agent: AgentRuntime;
  charts: ChartService;
  mcp: McpService;
}

/** What prepare() settled before the stream starts. */
export interface PreparedTurn {
  user: RequestUser;
  input: ChatRequest;
  modelId: string;
  model: LanguageModel;
  contextWindow: number;
  ready: ReadyAgent;
  sessionId: string;
}

interface TurnState {
  text: string;
  toolCalls: ToolCall[];
  toolResults: ToolResult[];
  usage: TokenUsage;
  costUsd: number;
  error: string | null;
}

const nowIso = () => new Date().toISOString();
const EMPTY_TOTALS: SessionTotals = {
  input_tokens: 0,
  output_tokens: 0,
  cache_read_tokens: 0,
  cache_write_tokens: 0,
  cost_usd: 0,
  requests: 0,
};

export function createChatService({ db, logger, registry, agent, charts, mcp }: ChatServiceDeps) {
  async function resolveModel(requested: string | undefined) {
    const modelId = registry.resolveId(requested?.trim() || registry.defaultModelId());
    const entry = registry.find(modelId) ?? findModel(modelId);
    if (modelId === BUILTIN_MODEL_ID || entry?.provider === 'builtin') {
      return {
        modelId: BUILTIN_MODEL_ID,
        builtin: true,
        contextWindow: entry?.pricing.context_window ?? 128_000,
      };
    }
    // Throws a clear 422 for an unknown model or one whose provider is not configured.
    const model = registry.languageModel(modelId);
    return { modelId, builtin: false, model, contextWindow: entry?.pricing.context_window ?? 128_000 };
  }

  async function ensureSession(user: RequestUser, sessionId: string, message: string): Promise<void> {
    const existing = await getSession({ db, id: sessionId });
    if (existing) {
      if (existing.user_id !== user.id) throw AppError.notFound('Chat session not found');
      return;
    }
    const title = titleFrom(message);
    // Lost a race with another request creating the same id: it is ours only if it was our own request.
    if (!(await createSession({ db, row: { id: sessionId, user_id: user.id, title } }))) {
      const created = await getSession({ db, id: sessionId });
      if (created?.user_id !== user.id) throw AppError.notFound('Chat session not found');
    }
  }

  /**
   * The conversation so far, as model messages, newest kept within the limits. An answer goes back with its
   * tool calls and their results (each result cut to its first rows and HISTORY_RESULT_CHARS), so a model can
   * resolve "those" or "the same for gigabit" from what was actually queried and found, not only from the text.
   */
  async function earlierMessages(sessionId: string): Promise<ModelMessage[]> {
    const rows = await listMessages({ db, sessionId, limit: HISTORY_MESSAGES });
    const turns: ModelMessage[][] = [];
    let budget = HISTORY_CHARS;
    for (const row of [...rows].reverse()) {
      if (row.type === 'error') continue;
      const turn =
        row.type === 'user'
          ? userTurn(row.content)
          : answerTurn(row.content, row.tool_calls, row.tool_results);
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

  function toolContextFor(user: RequestUser, ready: ReadyAgent, sessionId: string | null): ToolContext {
    return { warehouse: ready.warehouse, charts: charts.sinkFor(user.id, sessionId) };
  }

  /**
   * The one place chart links are signed for the owner's browser. Stored results keep bare URLs; every message
   * that leaves the service (the history, the whole-answer response, `message_complete`) passes through here.
   */
  function forOwner(message: ChatMessage, ownerId: string): ChatMessage {
    if (!message.tool_results?.length) return message;
    return {
      ...message,
      tool_results: message.tool_results.map((result) => charts.signResult(result, ownerId)),
    };
  }

  /** Events carry results and messages too: the same signing, whatever path (stream or whole) sends them. */
  function eventForOwner(event: ChatStreamEvent, ownerId: string): ChatStreamEvent {
    if (event.type === 'tool_result') return charts.signResult(event, ownerId);
    if (event.type === 'message_complete') return { ...event, message: forOwner(event.message, ownerId) };
    return event;
  }

  function toChatMessage(
    row: Awaited<ReturnType<typeof listMessages>>[number],
    ownerId: string,
  ): ChatMessage {
    const usage = row.usage as NestedUsage | null;
    const toolCalls = (row.tool_calls ?? []) as ToolCall[];
    const toolResults = (row.tool_results ?? []) as ToolResult[];
    return forOwner(
      {
        id: row.id,
        type: row.type,
        content: row.content,
        timestamp: new Date(row.created_at).toISOString(),
        ...(usage ? { usage } : {}),
        ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
        ...(toolResults.length ? { tool_results: toolResults } : {}),
        ...(row.model ? { model: row.model } : {}),
      },
      ownerId,
    );
  }

  return {
    /** Everything that can refuse the request, before a byte of the stream or any model call. */
    async prepare(user: RequestUser, input: ChatRequest): Promise<PreparedTurn> {
      const resolved = await resolveModel(input.model);
      await assertWithinBudget(db, { userId: user.id, model: resolved.modelId });
      const ready = await agent.ready().catch((error: unknown) => {
        if (error instanceof AppError) throw error;
        logger.error({ err: error }, 'The warehouse could not be opened for the chat');
        throw new AppError('internal', WAREHOUSE_UNAVAILABLE);
      });
      // Last, so a refused request leaves no empty conversation behind.
      await ensureSession(user, input.session_id, input.message);
      // Regenerate / edit-and-resend: the replaced question and what followed go before the new turn is read.
      if (input.replace_from !== undefined) {
        const replaced = await truncateFromQuestion({
          db,
          sessionId: input.session_id,
          position: input.replace_from,
        });
        if (!replaced) throw AppError.notFound('That question is not in this conversation');
        // A new first question names the conversation, as the first one did.
        if (input.replace_from === 0) {
          await renameSession({ db, id: input.session_id, title: titleFrom(input.message) });
        }
      }
      // The built-in model reads a follow-up against the plan of the conversation's latest answer (after any
      // regenerate or edit above removed the answers that no longer stand).
      const previous = resolved.builtin
        ? ((await latestAnswerPlan({ db, sessionId: input.session_id })) as ChatTurnContext | null)
        : null;
      const model = resolved.builtin
        ? new BuiltinChatModel(ready.builtin.analyst, ready.warehouse.exampleQuestions(), previous)
        : resolved.model!;
      return {
        user,
        input,
        modelId: resolved.modelId,
        model,
        contextWindow: resolved.contextWindow,
        ready,
        sessionId: input.session_id,
      };
    },

    /** Runs the turn, emitting events; never throws (failures become an `error` event and an error message). */
    async run(turn: PreparedTurn, emitRaw: EmitEvent, clientSignal: AbortSignal): Promise<ChatMessage> {
      if (currentAsker()?.userId !== turn.user.id) {
        // The turn's warehouse queries (its tools) queue as the asking user, for a fair share per user.
        return runAsAsker({ userId: turn.user.id }, () => this.run(turn, emitRaw, clientSignal));
      }
      const { user, input, modelId, sessionId } = turn;
      const emit: EmitEvent = (event) => emitRaw(eventForOwner(event, user.id));
      const messageId = randomUUID();
      const startedAt = new Date();
      const signal = AbortSignal.any([clientSignal, AbortSignal.timeout(TURN_TIMEOUT_MS)]);
      const state: TurnState = {
        text: '',
        toolCalls: [],
        toolResults: [],
        usage: { ...ZERO_USAGE },
        costUsd: 0,
        error: null,
      };
      let before: SessionTotals = { ...EMPTY_TOTALS };
      const usageNow = () =>
        nestedUsage({
          current: state.usage,
          currentCostUsd: state.costUsd,
          before,
          model: modelId,
          contextWindow: turn.contextWindow,
        });
      const record = async (usage: TokenUsage) => {
        try {
          const { costUsd } = await recordUsage(db, {
            userId: user.id,
            sessionId,
            messageId,
            source: 'chat',
            model: modelId,
            usage,
          });
          state.usage = addUsage(state.usage, usage);
          state.costUsd += costUsd;
        } catch (error) {
          logger.error({ err: error, message_id: messageId }, 'Could not record chat usage');
        }
      };

      await emit({ type: 'typing_start' });
      before = await sessionUsage({ db, userId: user.id, sessionId });
      const earlier = await earlierMessages(sessionId);
      await insertMessage({
        db,
        row: {
          id: randomUUID(),
          session_id: sessionId,
          type: 'user',
          content: input.message,
          created_at: startedAt,
        },
      });

      let servers: ToolServer[] = [];
      let stepOpen = false;
      let stepChars = 0;
      let stepHasText = false;
      let lastInputTokens = 0;
      let promptChars = 0;
      try {
        const context = toolContextFor(user, turn.ready, sessionId);
        servers = await mcp.openToolServers(user, context);
        const { tools, info } = chatToolSet(servers);
        const dates = await snapshotRange(context).catch(() => ({ earliest: 'unknown', latest: 'unknown' }));
        const system = chatSystemPrompt({
          catalogMarkdown: turn.ready.warehouse.catalogMarkdown(),
          ...dates,
        });
        const messages: ModelMessage[] = [...earlier, { role: 'user', content: input.message }];
        promptChars = system.length + messages.reduce((n, m) => n + JSON.stringify(m.content).length, 0);

        const result = streamText({
          model: turn.model,
          system,
          messages,
          tools,
          stopWhen: stepCountIs(MAX_TOOL_STEPS),
          abortSignal: signal,
          maxRetries: 1,
          // Errors arrive as 'error' parts below; without this the SDK also prints them to the console.
          onError: ({ error }) => logger.debug({ err: error }, 'Chat model stream error'),
        });

        for await (const part of result.fullStream) {
          switch (part.type) {
            case 'start-step':
              stepOpen = true;
              stepHasText = false;
              stepChars = 0;
              break;
            case 'text-delta':
              // A later step's text starts a new paragraph (the saved message has no tool cells between them).
              if (!stepHasText && state.text && !state.text.endsWith('\n')) {
                state.text += '\n\n';
                await emit({ type: 'text_delta', delta: '\n\n' });
              }
              stepHasText = true;
              state.text += part.text;
              stepChars += part.text.length;
              await emit({ type: 'text_delta', delta: part.text });
              break;
            case 'reasoning-delta':
              stepChars += part.text.length;
              await emit({ type: 'thinking_stream', delta: part.text });
              break;
            case 'tool-input-start':
              await emit({ type: 'tool_preparing', tool_call_id: part.id, tool_name: part.toolName });
              break;
            case 'tool-input-delta':
              stepChars += part.delta.length;
              await emit({ type: 'tool_args_streaming', tool_call_id: part.id, delta: part.delta });
              break;
            case 'tool-call': {
              const call: ToolCall = {
                tool_call_id: part.toolCallId,
                tool_name: part.toolName,
                args: part.input,
                is_mcp: info.get(part.toolName)?.isMcp ?? false,
              };
              state.toolCalls.push(call);
              await emit({ type: 'tool_call', ...call });
              break;
            }
            case 'tool-result':
            case 'tool-error': {
              const output =
                part.type === 'tool-result'
                  ? part.output
                  : { error: part.error instanceof Error ? part.error.message : String(part.error) };
              const stored: ToolResult = {
                tool_call_id: part.toolCallId,
                tool_name: part.toolName,
                result: output,
                details: { result_length: JSON.stringify(output ?? null).length },
              };
              state.toolResults.push(stored);
              await emit({ type: 'tool_result', ...stored });
              break;
            }
            case 'finish-step': {
              stepOpen = false;
              const usage = tokenUsageFrom(part.usage);
              lastInputTokens = usage.inputTokens || lastInputTokens;
              await record(usage);
              await emit({ type: 'usage_update', usage: usageNow() });
              break;
            }
            case 'error': {
              const error = part.error;
              state.error = error instanceof Error ? error.message : String(error);
              break;
            }
            default:
              break;
          }
        }
      } catch (error) {
        if (!signal.aborted) state.error = error instanceof Error ? error.message : String(error);
      } finally {
        await Promise.all(servers.map((server) => server.close().catch(() => undefined)));
      }

      const aborted = signal.aborted && clientSignal.aborted;
      if (signal.aborted && !clientSignal.aborted && !state.error) {
        state.error = `The answer took longer than ${TURN_TIMEOUT_MS / 60_000} minutes and was stopped.`;
      }
      if (stepOpen) {
        // The provider never reported this step's usage: estimate it, since the tokens were still spent.
        await record({
          ...ZERO_USAGE,
          inputTokens: lastInputTokens || Math.ceil(promptChars / CHARS_PER_TOKEN),
          outputTokens: Math.ceil(stepChars / CHARS_PER_TOKEN),
        });
      }

      const usage = usageNow();
      const finishedAt = new Date(Math.max(Date.now(), startedAt.getTime() + 1));
      const assistant: ChatMessage = {
        id: messageId,
        type: 'assistant',
        content: state.text,
        timestamp: finishedAt.toISOString(),
        usage,
        ...(state.toolCalls.length ? { tool_calls: state.toolCalls } : {}),
        ...(state.toolResults.length ? { tool_results: state.toolResults } : {}),
        model: modelId,
      };
      const saveAssistant = state.text || state.toolCalls.length > 0 || !state.error;
      if (saveAssistant) {
        await insertMessage({
          db,
          row: {
            id: messageId,
            session_id: sessionId,
            type: 'assistant',
            content: state.text,
            model: modelId,
            tool_calls: state.toolCalls,
            tool_results: state.toolResults,
            usage: usage as unknown as Record<string, unknown>,
            plan:
              turn.model instanceof BuiltinChatModel && turn.model.turnContext
                ? (turn.model.turnContext as unknown as Record<string, unknown>)
                : null,
            aborted,
            created_at: finishedAt,
          },
        });
      }
      let final = assistant;
      if (state.error && !aborted) {
        logger.warn({ message_id: messageId, model: modelId, error: state.error }, 'Chat answer failed');
        const errorMessage: ChatMessage = {
          id: randomUUID(),
          type: 'error',
          content: state.error,
          timestamp: new Date(finishedAt.getTime() + 1).toISOString(),
        };
        await insertMessage({
          db,
          row: {
            id: errorMessage.id,
            session_id: sessionId,
            type: 'error',
            content: errorMessage.content,
            model: modelId,
            created_at: new Date(errorMessage.timestamp),
          },
        });
        if (!saveAssistant) final = errorMessage;
        await emit({ type: 'error', message: state.error });
      }
      await touchSession({ db, id: sessionId });
      logger.info(
        {
          session_id: sessionId,
          message_id: messageId,
          model: modelId,
          tool_calls: state.toolCalls.length,
          input_tokens: state.usage.inputTokens,
          output_tokens: state.usage.outputTokens,
          cost_usd: state.costUsd,
          aborted,
          ms: Date.now() - startedAt.getTime(),
        },
        aborted ? 'Chat answer stopped by the user' : 'Chat answer finished',
      );
      await emit({ type: 'typing_end' });
      await emit({ type: 'message_complete', message: { ...final, timestamp: nowIso() } });
      await emit({ type: 'usage_update', usage });
      return forOwner(final, user.id);
    },

    async history(user: RequestUser, sessionId: string): Promise<ChatHistory> {
      const session = await getSession({ db, id: sessionId });
      if (!session || session.user_id !== user.id) throw AppError.notFound('Chat session not found');
      const rows = await listMessages({ db, sessionId });
      const totals = await sessionUsage({ db, userId: user.id, sessionId });
      return {
        session_id: sessionId,
        messages: rows.map((row) => toChatMessage(row, user.id)),
        usage: sessionFlat(totals),
      };
    },

    /** The user's conversations, newest first; with `q`, those matching it (full-text), best first. */
    async sessions(user: RequestUser, q?: string): Promise<ChatSessionSummary[]> {
      const rows = q
        ? await searchSessions({ db, userId: user.id, q, limit: SESSIONS_LISTED })
        : await listSessions({ db, userId: user.id, limit: SESSIONS_LISTED });
      return rows.map((row) => {
        const snippet = (row as { snippet?: string | null }).snippet?.replace(/\s+/g, ' ').trim();
        return {
          session_id: row.id,
          title: row.title,
          updated_at: new Date(row.updated_at).toISOString(),
          message_count: Number(row.message_count ?? 0),
          ...(snippet ? { snippet } : {}),
        };
      });
    },

    /** Someone else's conversation is "not found", exactly like one that does not exist. */
    async ownSession(user: RequestUser, sessionId: string) {
      const session = await getSession({ db, id: sessionId });
      if (!session || session.user_id !== user.id) throw AppError.notFound('Chat session not found');
      return session;
    },

    async rename(user: RequestUser, sessionId: string, title: string): Promise<ChatSessionSummary> {
      await this.ownSession(user, sessionId);
      await renameSession({ db, id: sessionId, title });
      const session = (await listSessions({ db, userId: user.id, limit: SESSIONS_LISTED })).find(
        (row) => row.id === sessionId,
      );
      return {
        session_id: sessionId,
        title,
        updated_at: new Date(session?.updated_at ?? Date.now()).toISOString(),
        message_count: Number(session?.message_count ?? 0),
      };
    },

    async remove(user: RequestUser, sessionId: string): Promise<void> {
      await this.ownSession(user, sessionId);
      await deleteSession({ db, id: sessionId, userId: user.id });
    },

    models() {
      return {
        // A table model served through the OpenAI-compatible endpoint is listed once, under the id it resolves to.
        models: registry
          .list()
          .filter((model) => model.available && registry.resolveId(model.id) === model.id),
        default_model: registry.defaultModelId(),
      };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;

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
