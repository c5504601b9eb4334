/**
 * The cost ledger and the monthly budget. Every model call of the product (query tool and chat, retries and
 * sub-calls included) goes through recordUsage(), which prices it with the model table and writes one llm_usage
 * row. assertWithinBudget() runs BEFORE a model is called: a user whose spend this calendar month (London time,
 * like every month the product shows) has reached users.monthly_budget_usd is refused with
 *
 *   429 Too Many Requests  { "detail": "Monthly LLM budget of $5.00 reached ($5.02 spent in November 2026). ..." }
 *   Retry-After: seconds until the budget resets on the 1st of next month
 *
 * 429 rather than 402: the refusal is a quota that lifts by itself at the month's end (or when an admin raises
 * the budget), which is what 429 + Retry-After say; 402 has no agreed meaning for clients. The built-in analyst
 * costs nothing and is never refused.
 */
import { sql } from 'kysely';
import type { AppDb } from '../../db/database.js';
import type { UsageSource } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { costOf, type TokenUsage } from './cost.js';
import { BUILTIN_MODEL_ID, findModel, MODEL_TABLE_VERSION } from './model-table.js';

export interface UsageRecord {
  /** Null for calls made on behalf of no user (e.g. the eval). */
  userId: string | null;
  /** Chat: the conversation id; query tool: the asking tab's progress channel, or null. */
  sessionId?: string | null;
  /** Calls that answer one user message (or one query) share it; the usage report counts messages by it. */
  messageId?: string | null;
  source: UsageSource;
  /** A model id of the table (or `openai-compatible:<name>`). */
  model: string;
  usage: TokenUsage;
}

export interface RecordedUsage {
  costUsd: number;
  priceVersion: string;
}

/** Prices the call and writes it to the ledger. Unknown models are recorded at zero cost (and logged by callers). */
export async function recordUsage(db: AppDb, record: UsageRecord): Promise<RecordedUsage> {
  const model = findModel(record.model);
  const costUsd = model ? costOf(model, record.usage) : 0;
  await db
    .insertInto('llm_usage')
    .values({
      user_id: record.userId,
      session_id: record.sessionId ?? null,
      message_id: record.messageId ?? null,
      source: record.source,
      model: record.model,
      input_tokens: record.usage.inputTokens,
      output_tokens: record.usage.outputTokens,
      cache_read_tokens: record.usage.cacheReadTokens,
      cache_write_tokens: record.usage.cacheWriteTokens,
      audio_tokens: record.usage.audioTokens,
      cost_usd: costUsd,
      price_version: MODEL_TABLE_VERSION,
    })
    .execute();
  return { costUsd, priceVersion: MODEL_TABLE_VERSION };
}

const LONDON = 'Europe/London';

/** Start of the London calendar month containing `now`, and of the next one, as UTC instants. */
export function londonMonthBounds(now: Date): { start: Date; next: Date; label: string } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: LONDON, year: 'numeric', month: '2-digit' })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, part) => {
      acc[part.type] = part.value;
      return acc;
    }, {});
  const year = Number(parts.year);
  const month = Number(parts.month);
  const start = londonMidnight(year, month);
  const next = month === 12 ? londonMidnight(year + 1, 1) : londonMidnight(year, month + 1);
  const label = new Intl.DateTimeFormat('en-GB', { timeZone: LONDON, month: 'long', year: 'numeric' }).format(
    now,
  );
  return { start, next, label };
}

/** 00:00 London time on the 1st of the month (London is UTC+0 or UTC+1; the 1st never falls on a DST switch). */
function londonMidnight(year: number, month: number): Date {
  const utcMidnight = Date.UTC(year, month - 1, 1);
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: LONDON, hour: '2-digit', hourCycle: 'h23' }).format(
      new Date(utcMidnight),
    ),
  );
  return new Date(utcMidnight - hour * 3600_000);
}

export async function monthToDateSpend(db: AppDb, userId: string, now = new Date()): Promise<number> {
  const { start, next } = londonMonthBounds(now);
  const row = await db
    .selectFrom('llm_usage')
    .select(sql<number>`coalesce(sum(cost_usd), 0)`.as('spent'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', start)
    .where('created_at', '<', next)
    .executeTakeFirst();
  return Number(row?.spent ?? 0);
}

export interface BudgetStatus {
  budgetUsd: number | null;
  spentUsd: number;
  exceeded: boolean;
}

export async function budgetStatus(db: AppDb, userId: string, now = new Date()): Promise<BudgetStatus> {
  const user = await db
    .selectFrom('users')
    .select('monthly_budget_usd')
    .where('id', '=', userId)
    .executeTakeFirst();
  const budget =
    user?.monthly_budget_usd === null || user === undefined ? null : Number(user.monthly_budget_usd);
  if (budget === null) return { budgetUsd: null, spentUsd: 0, exceeded: false };
  const spentUsd = await monthToDateSpend(db, userId, now);
  return { budgetUsd: budget, spentUsd, exceeded: spentUsd >= budget };
}

export const usd = (value: number) => `$${value.toFixed(2)}`;

/**
 * Throws the 429 described above when the user may not call `model` this month. Call it before any model call;
 * the built-in analyst is free and always allowed.
 */
export async function assertWithinBudget(
  db: AppDb,
  { userId, model, now = new Date() }: { userId: string; model: string; now?: Date },
): Promise<void> {
  if (model === BUILTIN_MODEL_ID) return;
  const status = await budgetStatus(db, userId, now);
  if (!status.exceeded || status.budgetUsd === null) return;
  const { next, label } = londonMonthBounds(now);
  throw AppError.tooManyRequests(
    `Monthly LLM budget of ${usd(status.budgetUsd)} reached (${usd(status.spentUsd)} spent in ${label}). ` +
      'Ask an administrator to raise it, or choose the built-in analyst, which has no cost.',
    (next.getTime() - now.getTime()) / 1000,
  );
}
