/**
 * Saving a chat turn as it happens: the user's question before the model is called, the answer checkpointed while
 * it streams (so a crash, even kill -9, keeps what was shown, marked as cut short), then the answer (its text,
 * tool calls and results, usage and the built-in model's plan) and, when it failed, an error message after it.
 * An answer that produced nothing and failed is saved as the error alone; a stopped answer keeps what it had.
 */
import { randomUUID } from 'node:crypto';
import type { ChatMessage, NestedUsage } from '@qa/contracts';
import type { AppDb } from '../../db/database.js';
import { insertMessage } from './chat.queries.js';
import { alternativesOf } from './chat-messages.js';
import type { TurnTranscript } from './chat-stream-events.js';

export async function saveQuestion(db: AppDb, sessionId: string, content: string, createdAt: Date) {
  await insertMessage({
    db,
    row: { id: randomUUID(), session_id: sessionId, type: 'user', content, created_at: createdAt },
  });
}

export interface FinishedAnswer {
  sessionId: string;
  messageId: string;
  model: string;
  transcript: TurnTranscript;
  usage: NestedUsage;
  /** The built-in model's reading of the question, for the next follow-up (null for other models). */
  plan: Record<string, unknown> | null;
  /** Stopped by the user: no error message is saved. */
  aborted: boolean;
  finishedAt: Date;
}

/** How often a streaming answer is written down at most. */
export const CHECKPOINT_EVERY_MS = 1000;

/**
 * Writes the answer so far while it streams: at most every CHECKPOINT_EVERY_MS, one write at a time, always the
 * latest state. Saved with `aborted` set, which the final save clears: if the server dies mid-answer, the
 * conversation shows what was streamed as an answer cut short.
 */
export class AnswerCheckpoints {
  private writing: Promise<void> | undefined;
  private lastAt = 0;
  private pending = false;
  private stopped = false;

  constructor(
    private readonly db: AppDb,
    private readonly answer: () => Omit<FinishedAnswer, 'aborted' | 'finishedAt' | 'plan'>,
    private readonly onError: (error: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** The answer changed: write it down if it is time (or as soon as the write in progress ends). */
  changed(): void {
    if (this.stopped) return;
    if (this.writing) {
      this.pending = true;
      return;
    }
    if (this.now() - this.lastAt < CHECKPOINT_EVERY_MS) {
      this.pending = true;
      return;
    }
    this.write();
  }

  private write(): void {
    this.pending = false;
    this.lastAt = this.now();
    const { sessionId, messageId, model, transcript, usage } = this.answer();
    if (!transcript.text && transcript.toolCalls.length === 0) return;
    this.writing = insertMessage({
      db: this.db,
      row: {
        id: messageId,
        session_id: sessionId,
        type: 'assistant',
        content: transcript.text,
        model,
        tool_calls: transcript.toolCalls,
        tool_results: transcript.toolResults,
        usage: usage as unknown as Record<string, unknown>,
        aborted: true,
        created_at: new Date(this.lastAt),
      },
    })
      .catch(this.onError)
      .finally(() => {
        this.writing = undefined;
        if (this.pending && !this.stopped) this.changed();
      });
  }

  /** No more checkpoints; resolves once the last one is written, so the final save comes after it. */
  async stop(): Promise<void> {
    this.stopped = true;
    while (this.writing) await this.writing;
  }
}

/** Saves the answer and any error message; returns the message that stands for the turn, and the error's. */
export async function saveAnswer(
  db: AppDb,
  answer: FinishedAnswer,
): Promise<{ final: ChatMessage; error: ChatMessage | null }> {
  const { sessionId, messageId, model, transcript, usage, aborted, finishedAt } = answer;
  const alternatives = alternativesOf(answer.plan);
  const assistant: ChatMessage = {
    id: messageId,
    type: 'assistant',
    content: transcript.text,
    timestamp: finishedAt.toISOString(),
    usage,
    ...(transcript.toolCalls.length ? { tool_calls: transcript.toolCalls } : {}),
    ...(transcript.toolResults.length ? { tool_results: transcript.toolResults } : {}),
    model,
    ...(alternatives.length ? { alternatives } : {}),
  };
  const saveAssistant = transcript.text || transcript.toolCalls.length > 0 || !transcript.error;
  if (saveAssistant) {
    await insertMessage({
      db,
      row: {
        id: messageId,
        session_id: sessionId,
        type: 'assistant',
        content: transcript.text,
        model,
        tool_calls: transcript.toolCalls,
        tool_results: transcript.toolResults,
        usage: usage as unknown as Record<string, unknown>,
        plan: answer.plan,
        aborted,
        created_at: finishedAt,
      },
    });
  }
  if (!transcript.error || aborted) return { final: assistant, error: null };
  const error: ChatMessage = {
    id: randomUUID(),
    type: 'error',
    content: transcript.error,
    timestamp: new Date(finishedAt.getTime() + 1).toISOString(),
  };
  await insertMessage({
    db,
    row: {
      id: error.id,
      session_id: sessionId,
      type: 'error',
      content: error.content,
      model,
      created_at: new Date(error.timestamp),
    },
  });
  return { final: saveAssistant ? assistant : error, error };
}
