import { totalUsageResponseSchema, usageResponseSchema } from '@qa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testBackends } from './helpers/test-app.js';

describe.each(testBackends())('usage on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  it('returns zero usage in the contract shape before anything was recorded', async () => {
    const user = await t.createUser();
    const response = await t.request('GET', `/api/users/${user.id}/usage`, { token: t.admin.token });
    expect(response.statusCode).toBe(200);
    expect(usageResponseSchema.parse(response.json())).toEqual({
      user_id: user.id,
      user_email: user.email,
      total_cost_usd: 0,
      monthly_breakdown: [],
    });
  });

  it('answers 404 for an unknown user', async () => {
    const response = await t.request('GET', '/api/users/00000000-0000-4000-8000-000000000000/usage', {
      token: t.admin.token,
    });
    expect(response.statusCode).toBe(404);
  });

  it('breaks usage down by London calendar month with message and session counts', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const row = (over: Record<string, unknown>) => ({
      user_id: user.id,
      source: 'chat' as const,
      model: 'claude-haiku-4-5',
      input_tokens: 1000,
      output_tokens: 200,
      cost_usd: 0.0012,
      ...over,
    });
    await t.db
      .insertInto('llm_usage')
      .values([
        row({ session_id: 's1', message_id: 'm1', created_at: '2025-01-10T10:00:00Z' }),
        // Two calls of the same message count as one message.
        row({ session_id: 's1', message_id: 'm2', created_at: '2025-01-10T10:01:00Z', cost_usd: 0.002 }),
        row({ session_id: 's1', message_id: 'm2', created_at: '2025-01-10T10:01:05Z', cost_usd: 0.003 }),
        row({ session_id: 's2', message_id: null, created_at: '2025-01-20T10:00:00Z', source: 'query' }),
        // 23:30 UTC on 31 March is 00:30 on 1 April in London (BST).
        row({ session_id: 's3', message_id: 'm3', created_at: '2025-03-31T23:30:00Z', cost_usd: 0.5 }),
        row({ user_id: other.id, session_id: 'o1', created_at: '2025-01-05T09:00:00Z', cost_usd: 1 }),
      ])
      .execute();

    const response = await t.request('GET', `/api/users/${user.id}/usage`, { token: t.admin.token });
    const usage = usageResponseSchema.parse(response.json());
    expect(usage.monthly_breakdown).toEqual([
      { month: '2025-01', cost_usd: 0.0074, message_count: 3, sessions_count: 2 },
      { month: '2025-04', cost_usd: 0.5, message_count: 1, sessions_count: 1 },
    ]);
    expect(usage.total_cost_usd).toBeCloseTo(0.5074, 8);

    const total = await t.request('GET', '/api/users/usage/total', { token: t.admin.token });
    const summary = totalUsageResponseSchema.parse(total.json());
    expect(summary.total_cost_usd).toBeCloseTo(1.5074, 8);
    expect(summary.monthly_breakdown[0]).toEqual({
      month: '2025-01',
      cost_usd: 1.0074,
      message_count: 4,
      sessions_count: 3,
    });
    expect(summary.users.find((u) => u.user_id === other.id)).toEqual({
      user_id: other.id,
      user_email: other.email,
      total_cost_usd: 1,
      message_count: 1,
    });
    expect(summary.users[0]?.user_id).toBe(other.id);
  });

  it('keeps a deleted user’s spend in the totals', async () => {
    const user = await t.createUser();
    await t.db
      .insertInto('llm_usage')
      .values({
        user_id: user.id,
        source: 'chat',
        model: 'gpt-5-mini',
        cost_usd: 2,
        created_at: '2024-06-01T12:00:00Z',
      })
      .execute();
    const before = totalUsageResponseSchema.parse(
      (await t.request('GET', '/api/users/usage/total', { token: t.admin.token })).json(),
    );
    await t.request('DELETE', `/api/users/${user.id}`, { token: t.admin.token });
    const after = totalUsageResponseSchema.parse(
      (await t.request('GET', '/api/users/usage/total', { token: t.admin.token })).json(),
    );
    expect(after.total_cost_usd).toBeCloseTo(before.total_cost_usd, 8);
    expect(after.users.some((u) => u.user_id === user.id)).toBe(false);
  });
});
