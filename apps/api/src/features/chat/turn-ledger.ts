/**
 * The usage of one chat turn: every model step is written to the cost ledger as it finishes, and the turn's
 * usage (this request and the session so far) is read from what was written. A step that never finished (a
 * Stop, a timeout, a broken stream) is estimated from its text, since providers report usage only at the end of
 * a step and the tokens were still spent.
 */
import type { NestedUsage } from '@qa/contracts';
import { addUsage, type TokenUsage, ZERO_USAGE } from '../../analyst/llm/cost.js';
import { recordUsage } from '../../analyst/llm/usage.js';
import type { AppDb } from '../../db/database.js';
import type { Logger } from '../../lib/logger.js';
import { nestedUsage, type SessionTotals } from './chat-usage.js';

const CHARS_PER_TOKEN = 4;

/**
 * An unfinished step's usage: its input is the latest step's reported input (or, before any report, the
 * prompt's size), its output the characters it produced.
 */
export function estimateUnfinishedStep({
  lastInputTokens,
  promptChars,
  stepChars,
}: {
  lastInputTokens: number;
  promptChars: number;
  stepChars: number;
}): TokenUsage {
  return {
    ...ZERO_USAGE,
    inputTokens: lastInputTokens || Math.ceil(promptChars / CHARS_PER_TOKEN),
    outputTokens: Math.ceil(stepChars / CHARS_PER_TOKEN),
  };
}

export interface TurnLedgerOptions {
  db: AppDb;
  logger: Logger;
  userId: string;
  sessionId: string;
  messageId: string;
  model: string;
  contextWindow: number;
  /** The session's totals before this turn. */
  before: SessionTotals;
}

export class TurnLedger {
  /** This turn's tokens and cost, as written to the ledger. */
  usage: TokenUsage = { ...ZERO_USAGE };
  costUsd = 0;
  private lastInputTokens = 0;

  constructor(private readonly options: TurnLedgerOptions) {}

  /** A finished step, with the usage its provider reported. */
  async recordStep(usage: TokenUsage): Promise<void> {
    this.lastInputTokens = usage.inputTokens || this.lastInputTokens;
    await this.record(usage);
  }

  /** A step that never reported its usage: estimated, then written like any other. */
  async recordUnfinishedStep(stepChars: number, promptChars: number): Promise<void> {
    await this.record(
      estimateUnfinishedStep({ lastInputTokens: this.lastInputTokens, promptChars, stepChars }),
    );
  }

  /** The usage object the chat sends and saves: this request and the session so far. */
  nested(): NestedUsage {
    return nestedUsage({
      current: this.usage,
      currentCostUsd: this.costUsd,
      before: this.options.before,
      model: this.options.model,
      contextWindow: this.options.contextWindow,
    });
  }

  /** A ledger write that fails is logged and leaves the turn's usage as it was; the answer goes on. */
  private async record(usage: TokenUsage): Promise<void> {
    const { db, logger, userId, sessionId, messageId, model } = this.options;
    try {
      const { costUsd } = await recordUsage(db, {
        userId,
        sessionId,
        messageId,
        source: 'chat',
        model,
        usage,
      });
      this.usage = addUsage(this.usage, usage);
      this.costUsd += costUsd;
    } catch (error) {
      logger.error({ err: error, message_id: messageId }, 'Could not record chat usage');
    }
  }
}
