/**
 * Running one prepared chat turn: the AI SDK tool loop (bounded to MAX_TOOL_STEPS and TURN_TIMEOUT_MS) over the
 * tools of the user's MCP servers, its stream turned into the chat's events as it arrives. The question is saved
 * before the model is called, each finished step is costed in the ledger, and at the end the answer is saved with
 * its usage (an unfinished step estimated), even when the user stopped it or it failed. A turn never throws:
 * a failure becomes an `error` event and an error message in the conversation.
 */
import { randomUUID } from 'node:crypto';
import type { ChatMessage, ChatRequest, ChatStreamEvent } from '@qa/contracts';
import { type LanguageModel, type ModelMessage, stepCountIs, streamText } from 'ai';
import type { ReadyAgent } from '../../analyst/agent/agent-runtime.js';
import type { ToolContext } from '../../analyst/tools/tool-types.js';
import { snapshotRange } from '../../analyst/tools/warehouse-sql.js';
import type { AppDb } from '../../db/database.js';
import { currentAsker, runAsAsker } from '../../lib/asker-context.js';
import type { RequestUser } from '../../lib/auth-guard.js';
import type { Logger } from '../../lib/logger.js';
import type { ChartService } from '../charts/charts.service.js';
import type { McpService, ToolServer } from '../mcp/mcp.service.js';
import type { VerifiedStore } from '../verified/verified-store.js';
import { BuiltinChatModel } from './builtin-model.js';
import { sessionUsage, touchSession } from './chat.queries.js';
import { earlierMessages } from './chat-history.js';
import { contextPlan, eventForOwner, forOwner } from './chat-messages.js';
import { ChatStreamTranslator, errorText, type TurnTranscript } from './chat-stream-events.js';
import { type ChatToolInfo, chatToolSet } from './chat-tools.js';
import { AnswerCheckpoints, saveAnswer, saveQuestion } from './chat-turn-store.js';
import { chatSystemPrompt } from './system-prompt.js';
import { TurnLedger } from './turn-ledger.js';

/** "A model that keeps calling tools forever is a bug": at most this many model calls per answer. */
export const MAX_TOOL_STEPS = 8;
/** A whole answer, tools included, may take at most this long. */
export const TURN_TIMEOUT_MS = 5 * 60_000;
export const TURN_TIMED_OUT = `The answer took longer than ${TURN_TIMEOUT_MS / 60_000} minutes and was stopped.`;

export type EmitEvent = (event: ChatStreamEvent) => void | Promise<void>;

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

export interface ChatTurnDeps {
  db: AppDb;
  logger: Logger;
  charts: ChartService;
  mcp: McpService;
  /** The verified answers: an answer whose plan has a verified shape carries the badge. */
  verified?: VerifiedStore | undefined;
}

/** Runs the turn, emitting events; never throws (failures become an `error` event and an error message). */
export async function runTurn(
  deps: ChatTurnDeps,
  turn: PreparedTurn,
  emitRaw: EmitEvent,
  clientSignal: AbortSignal,
): Promise<ChatMessage> {
  const { user, sessionId } = turn;
  if (currentAsker()?.userId !== user.id) {
    // The turn's warehouse queries (its tools) queue as the asking user, for a fair share per user.
    return runAsAsker({ userId: user.id }, () => runTurn(deps, turn, emitRaw, clientSignal));
  }
  const { db, logger, charts } = deps;
  const emit: EmitEvent = (event) => emitRaw(eventForOwner(charts, event, user));
  const messageId = randomUUID();
  const startedAt = new Date();
  const signal = AbortSignal.any([clientSignal, AbortSignal.timeout(TURN_TIMEOUT_MS)]);

  await emit({ type: 'typing_start' });
  const before = await sessionUsage({ db, userId: user.id, sessionId });
  const earlier = await earlierMessages(db, sessionId);
  await saveQuestion(db, sessionId, turn.input.message, startedAt);
  const ledger = new TurnLedger({
    db,
    logger,
    userId: user.id,
    sessionId,
    messageId,
    model: turn.modelId,
    contextWindow: turn.contextWindow,
    before,
  });

  const { translator, promptChars } = await streamAnswer(deps, turn, {
    earlier,
    signal,
    emit,
    ledger,
    messageId,
  });
  const { transcript } = translator;
  // A Stop (the client going away) is not an error and saves what there is; running out of time is an error.
  const aborted = signal.aborted && clientSignal.aborted;
  if (signal.aborted && !clientSignal.aborted && !transcript.error) transcript.error = TURN_TIMED_OUT;
  // The provider never reported the usage of a step cut short: estimate it, since the tokens were still spent.
  const stepChars = translator.unfinishedStepChars;
  if (stepChars !== null) await ledger.recordUnfinishedStep(stepChars, promptChars);

  const final = await finishTurn(deps, turn, { messageId, startedAt, aborted, transcript, ledger, emit });
  return forOwner(charts, final, user);
}

/**
 * The end of a turn, finished, failed or stopped: the answer saved with its usage, an error sent, the
 * conversation touched, the turn logged, and the closing events sent. Returns the message that stands for it.
 */
async function finishTurn(
  { db, logger, verified }: ChatTurnDeps,
  turn: PreparedTurn,
  ended: {
    messageId: string;
    startedAt: Date;
    aborted: boolean;
    transcript: TurnTranscript;
    ledger: TurnLedger;
    emit: EmitEvent;
  },
): Promise<ChatMessage> {
  const { messageId, startedAt, aborted, transcript, ledger, emit } = ended;
  const { sessionId } = turn;
  const finishedAt = new Date(Math.max(Date.now(), startedAt.getTime() + 1));
  const usage = ledger.nested();
  const saved = await saveAnswer(db, {
    sessionId,
    messageId,
    model: turn.modelId,
    transcript,
    usage,
    plan: planOf(turn.model),
    aborted,
    finishedAt,
  });
  const { error } = saved;
  const badge = verified ? await verified.badgeFor(contextPlan(planOf(turn.model))) : null;
  const final = badge ? { ...saved.final, verified: badge } : saved.final;
  if (error) {
    logger.warn({ message_id: messageId, model: turn.modelId, error: error.content }, 'Chat answer failed');
    await emit({ type: 'error', message: error.content });
  }
  await touchSession({ db, id: sessionId });
  logger.info(
    {
      session_id: sessionId,
      message_id: messageId,
      model: turn.modelId,
      tool_calls: transcript.toolCalls.length,
      input_tokens: ledger.usage.inputTokens,
      output_tokens: ledger.usage.outputTokens,
      cost_usd: ledger.costUsd,
      aborted,
      ms: Date.now() - startedAt.getTime(),
    },
    aborted ? 'Chat answer stopped by the user' : 'Chat answer finished',
  );
  await emit({ type: 'typing_end' });
  await emit({ type: 'message_complete', message: { ...final, timestamp: new Date().toISOString() } });
  await emit({ type: 'usage_update', usage });
  return final;
}

/**
 * The model's answer, streamed: its events sent as they arrive and each finished step costed. A failure (other
 * than the turn being stopped) is kept in the transcript as the turn's error; the tool servers are closed.
 */
async function streamAnswer(
  deps: ChatTurnDeps,
  turn: PreparedTurn,
  run: {
    earlier: ModelMessage[];
    signal: AbortSignal;
    emit: EmitEvent;
    ledger: TurnLedger;
    messageId: string;
  },
): Promise<{ translator: ChatStreamTranslator; promptChars: number }> {
  const { mcp, charts, logger } = deps;
  const { signal, emit, ledger } = run;
  let info = new Map<string, ChatToolInfo>();
  const translator = new ChatStreamTranslator((toolName) => info.get(toolName)?.isMcp ?? false);
  const checkpoints = new AnswerCheckpoints(
    deps.db,
    () => ({
      sessionId: turn.sessionId,
      messageId: run.messageId,
      model: turn.modelId,
      transcript: translator.transcript,
      usage: ledger.nested(),
    }),
    (error) => logger.warn({ err: error, message_id: run.messageId }, 'Chat answer checkpoint failed'),
  );
  let servers: ToolServer[] = [];
  let promptChars = 0;
  try {
    const context: ToolContext = {
      warehouse: turn.ready.warehouse,
      charts: charts.sinkFor(turn.user.id, turn.sessionId),
    };
    servers = await mcp.openToolServers(turn.user, context);
    const toolSet = chatToolSet(servers);
    info = toolSet.info;
    const prompt = await promptFor(turn, context, run.earlier);
    promptChars = prompt.chars;
    const result = streamText({
      model: turn.model,
      system: prompt.system,
      messages: prompt.messages,
      tools: toolSet.tools,
      stopWhen: stepCountIs(MAX_TOOL_STEPS),
      abortSignal: signal,
      maxRetries: 1,
      // Errors arrive as 'error' parts; without this the SDK also prints them to the console.
      onError: ({ error }) => logger.debug({ err: error }, 'Chat model stream error'),
    });
    for await (const part of result.fullStream) {
      const { events, stepUsage } = translator.translate(part);
      for (const event of events) await emit(event);
      if (stepUsage) {
        await ledger.recordStep(stepUsage);
        await emit({ type: 'usage_update', usage: ledger.nested() });
      }
      if (events.length > 0 || stepUsage) checkpoints.changed();
    }
  } catch (error) {
    if (!signal.aborted) translator.transcript.error = errorText(error);
  } finally {
    await checkpoints.stop();
    await Promise.all(servers.map((server) => server.close().catch(() => undefined)));
  }
  return { translator, promptChars };
}

/** The system prompt (the catalog and the snapshot's dates) and the conversation with the new question. */
async function promptFor(turn: PreparedTurn, context: ToolContext, earlier: ModelMessage[]) {
  const dates = await snapshotRange(context).catch(() => ({ earliest: 'unknown', latest: 'unknown' }));
  const system = chatSystemPrompt({ catalogMarkdown: turn.ready.warehouse.catalogMarkdown(), ...dates });
  const messages: ModelMessage[] = [...earlier, { role: 'user', content: turn.input.message }];
  const chars = system.length + messages.reduce((n, m) => n + JSON.stringify(m.content).length, 0);
  return { system, messages, chars };
}

/** The built-in model's reading of the question, saved with the answer so a follow-up can build on it. */
function planOf(model: LanguageModel): Record<string, unknown> | null {
  return model instanceof BuiltinChatModel && model.turnContext
    ? (model.turnContext as unknown as Record<string, unknown>)
    : null;
}
