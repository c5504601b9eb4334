import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertWithinBudget,
  MODEL_TABLE_VERSION,
  recordUsage,
  ZERO_USAGE,
} from '../src/analyst/llm/index.js';
import { AppError } from '../src/lib/errors.js';
import { createTestApp, type TestApp, testBackends } from './helpers/test-app.js';

describe.each(testBackends())('the LLM cost ledger on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  it('records a call with its tokens and the cost from the price table', async () => {
    const user = await t.createUser();
    const recorded = await recordUsage(t.db, {
      userId: user.id,
      sessionId: 'tab-1',
      messageId: 'q-1',
      source: 'query',
      model: 'gpt-5-mini',
      usage: { ...ZERO_USAGE, inputTokens: 12_000, cacheReadTokens: 2_000, outputTokens: 1_500 },
    });
    // gpt-5-mini: 0.25 in, 0.025 cached, 2 out per million.
    const expected = (10_000 * 0.25 + 2_000 * 0.025 + 1_500 * 2) / 1e6;
    expect(recorded.costUsd).toBeCloseTo(expected, 10);
    const row = await t.db
      .selectFrom('llm_usage')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      session_id: 'tab-1',
      message_id: 'q-1',
      source: 'query',
      model: 'gpt-5-mini',
      input_tokens: 12_000,
      output_tokens: 1_500,
      cache_read_tokens: 2_000,
      price_version: MODEL_TABLE_VERSION,
    });
    expect(Number(row.cost_usd)).toBeCloseTo(expected, 8);
  });

  it('refuses a user at their monthly budget before any model call, with a clear 429', async () => {
    const user = await t.createUser();
    await t.db.updateTable('users').set({ monthly_budget_usd: 0.5 }).where('id', '=', user.id).execute();
    const now = new Date('2026-11-20T10:00:00Z');
    await assertWithinBudget(t.db, { userId: user.id, model: 'claude-haiku-4-5', now });

    await t.db
      .insertInto('llm_usage')
      .values([
        // Last month's spend does not count.
        {
          user_id: user.id,
          source: 'chat',
          model: 'claude-haiku-4-5',
          cost_usd: 3,
          created_at: '2026-10-31T23:30:00Z',
        },
        {
          user_id: user.id,
          source: 'query',
          model: 'claude-haiku-4-5',
          cost_usd: 0.3,
          created_at: '2026-11-02T09:00:00Z',
        },
      ])
      .execute();
    await assertWithinBudget(t.db, { userId: user.id, model: 'claude-haiku-4-5', now });

    await t.db
      .insertInto('llm_usage')
      .values({
        user_id: user.id,
        source: 'chat',
        model: 'claude-haiku-4-5',
        cost_usd: 0.25,
        created_at: '2026-11-10T09:00:00Z',
      })
      .execute();
    const refusal = await assertWithinBudget(t.db, { userId: user.id, model: 'claude-haiku-4-5', now }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).status).toBe(429);
    expect((refusal as AppError).detail).toMatch(
      /^Monthly LLM budget of \$0\.50 reached \(\$0\.55 spent in November 2026\)/,
    );
    // Retry-After points at 00:00 on 1 December, London time.
    expect(Number((refusal as AppError).headers['retry-after'])).toBe(
      (Date.parse('2026-12-01T00:00:00Z') - now.getTime()) / 1000,
    );

    // The built-in analyst is free and never refused.
    await assertWithinBudget(t.db, { userId: user.id, model: 'builtin', now });
  });

  it('never refuses a user without a budget', async () => {
    const user = await t.createUser();
    await t.db
      .insertInto('llm_usage')
      .values({ user_id: user.id, source: 'chat', model: 'gpt-5', cost_usd: 1000 })
      .execute();
    await assertWithinBudget(t.db, { userId: user.id, model: 'gpt-5' });
  });
});
