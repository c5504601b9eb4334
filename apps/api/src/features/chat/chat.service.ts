/**
 * One chat turn, streamed or whole: prepare() checks the model, the budget, the warehouse and the session BEFORE
 * any model call (refusals are plain HTTP errors); run() then streams the answer (chat-turn.ts). Also the user's
 * conversations (chat-sessions.ts) and the models a chat may use.
 */
import type { ChatRequest } from '@qa/contracts';
import type { AgentRuntime } from '../../analyst/agent/agent-runtime.js';
import { BUILTIN_MODEL_ID, findModel } from '../../analyst/llm/model-table.js';
import type { ModelRegistry } from '../../analyst/llm/providers.js';
import { assertWithinBudget } from '../../analyst/llm/usage.js';
import type { AppDb } from '../../db/database.js';
import type { RequestUser } from '../../lib/auth-guard.js';
import { AppError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import { warehouseReady } from '../../lib/warehouse-ready.js';
import type { ChartService } from '../charts/charts.service.js';
import type { McpService } from '../mcp/mcp.service.js';
import type { VerifiedStore } from '../verified/verified-store.js';
import type { ChatTurnContext } from './builtin-intent.js';
import { BuiltinChatModel } from './builtin-model.js';
import { latestAnswerPlan, renameSession, truncateFromQuestion } from './chat.queries.js';
import {
  ensureSession,
  ownSession,
  removeUserSession,
  renameUserSession,
  sessionHistory,
  sharedConversation,
  shareUserSession,
  titleFrom,
  userSessions,
} from './chat-sessions.js';
import { type EmitEvent, type PreparedTurn, runTurn } from './chat-turn.js';
import { type ChosenReading, chooseReading } from './reading-choice.js';

export type { EmitEvent, PreparedTurn } from './chat-turn.js';

export const CANCELLED_MESSAGE = 'Request cancelled by user';
const DEFAULT_CONTEXT_WINDOW = 128_000;

export interface ChatServiceDeps {
  db: AppDb;
  logger: Logger;
  registry: ModelRegistry;
  agent: AgentRuntime;
  charts: ChartService;
  mcp: McpService;
  /** The verified answers: answers whose plan has a verified shape carry the badge. */
  verified?: VerifiedStore;
}

export function createChatService(deps: ChatServiceDeps) {
  const { db, registry } = deps;
  return {
    /** Everything that can refuse the request, before a byte of the stream or any model call. */
    prepare: (user: RequestUser, input: ChatRequest) => prepareTurn(deps, user, input),
    /** Runs the turn, emitting events; never throws (failures become an `error` event and an error message). */
    run: (turn: PreparedTurn, emit: EmitEvent, clientSignal: AbortSignal) =>
      runTurn(deps, turn, emit, clientSignal),
    history: (user: RequestUser, sessionId: string) => sessionHistory(deps, user, sessionId),
    /** The user's conversations, newest first; with `q`, those matching it (full-text), best first. */
    sessions: (user: RequestUser, q?: string) => userSessions(db, user, q),
    /** Someone else's conversation is "not found", exactly like one that does not exist. */
    ownSession: (user: RequestUser, sessionId: string) => ownSession(db, user, sessionId),
    rename: (user: RequestUser, sessionId: string, title: string) =>
      renameUserSession(db, user, sessionId, title),
    remove: (user: RequestUser, sessionId: string) => removeUserSession(db, user, sessionId),
    /** The conversation's read-only link for other signed-in users. */
    share: (user: RequestUser, sessionId: string) => shareUserSession(db, user, sessionId),
    /** A conversation another user shared, read-only. */
    shared: (user: RequestUser, shareId: string) => sharedConversation(deps, user, shareId),
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

async function prepareTurn(
  { db, logger, registry, agent }: ChatServiceDeps,
  user: RequestUser,
  input: ChatRequest,
): Promise<PreparedTurn> {
  const choosing = input.alternative !== undefined;
  if (choosing && input.replace_from !== undefined)
    throw AppError.unprocessable('alternative: cannot be combined with replace_from');
  // A "Did you mean" choice is answered by the built-in analyst, whichever model the conversation uses: the
  // plan is already decided, and it costs nothing.
  const resolved = resolveModel(registry, choosing ? BUILTIN_MODEL_ID : input.model);
  await assertWithinBudget(db, { userId: user.id, model: resolved.modelId });
  const ready = await warehouseReady(agent, logger, 'The warehouse could not be opened for the chat');
  let chosen: ChosenReading | null = null;
  if (input.alternative !== undefined) {
    // A choice is made in an existing conversation, on its latest answer.
    await ownSession(db, user, input.session_id);
    const previous = (await latestAnswerPlan({ db, sessionId: input.session_id })) as ChatTurnContext | null;
    chosen = chooseReading(ready.builtin, previous, input.alternative, input.message);
  }
  // Last, so a refused request leaves no empty conversation behind.
  await ensureSession(db, user, input.session_id, input.message);
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
  const model =
    resolved.model ??
    new BuiltinChatModel(
      ready.builtin.analyst,
      ready.warehouse.exampleQuestions(),
      (await latestAnswerPlan({ db, sessionId: input.session_id })) as ChatTurnContext | null,
      chosen,
    );
  return {
    user,
    input,
    modelId: resolved.modelId,
    model,
    contextWindow: resolved.contextWindow,
    ready,
    sessionId: input.session_id,
  };
}

/** The model a turn asks for (or the default); the built-in model has no provider model (it is built per turn). */
function resolveModel(registry: ModelRegistry, requested: string | undefined) {
  const modelId = registry.resolveId(requested?.trim() || registry.defaultModelId());
  const entry = registry.find(modelId) ?? findModel(modelId);
  const contextWindow = entry?.pricing.context_window ?? DEFAULT_CONTEXT_WINDOW;
  if (modelId === BUILTIN_MODEL_ID || entry?.provider === 'builtin') {
    return { modelId: BUILTIN_MODEL_ID, model: undefined, contextWindow };
  }
  // Throws a clear 422 for an unknown model or one whose provider is not configured.
  return { modelId, model: registry.languageModel(modelId), contextWindow };
}
