/** The history list's search and filters: words (full-text), asker, date range and rating, server-side. */
import { queryHistoryResponseSchema } from '@qa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser, testBackends } from './helpers/test-app.js';
import { seedQuery } from './support/seed-queries.js';

describe.each(testBackends())('history search and filters on $name', (backend) => {
  let t: TestApp;
  let ana: TestUser;
  let ben: TestUser;
  const seeded: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(backend);
    ana = await t.createUser();
    ben = await t.createUser();
    seeded.leeds = (
      await seedQuery(t.db, ana, {
        prompt: 'Full fibre coverage in Leeds',
        createdAt: new Date('2026-03-02T10:00:00Z'),
      })
    ).id;
    seeded.regions = (
      await seedQuery(t.db, ana, {
        prompt: 'Gigabit coverage by region',
        createdAt: new Date('2026-03-10T10:00:00Z'),
      })
    ).id;
    seeded.bristol = (
      await seedQuery(t.db, ben, {
        prompt: 'Which networks cover Bristol?',
        createdAt: new Date('2026-04-01T23:30:00Z'),
      })
    ).id;
    seeded.archived = (
      await seedQuery(t.db, ben, {
        prompt: 'Archived question about Leeds',
        archived: true,
        createdAt: new Date('2026-03-03T10:00:00Z'),
      })
    ).id;
    await t.db
      .updateTable('queries')
      .set({ feedback_rating: true })
      .where('id', '=', seeded.leeds!)
      .execute();
    await t.db
      .updateTable('queries')
      .set({ feedback_rating: false })
      .where('id', '=', seeded.bristol!)
      .execute();
  });
  afterAll(() => t.close());

  const list = async (token: string, query: string) => {
    const response = await t.request('GET', `/api/history/query-history?limit=100&${query}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return queryHistoryResponseSchema.parse(response.json()).items.map((item) => item.id);
  };

  it('searches the question by its words, stemmed (regions matches region)', async () => {
    expect(await list(ana.token, 'q=leeds')).toEqual([seeded.leeds]);
    expect(await list(ana.token, 'q=regions')).toEqual([seeded.regions]);
    expect(await list(ana.token, `q=${encodeURIComponent('coverage -gigabit')}`)).toEqual([seeded.leeds]);
    // Odd input is no syntax error.
    expect(await list(ana.token, `q=${encodeURIComponent('"unclosed & (')}`)).toEqual([]);
  });

  it('filters by asker, date and rating, and they narrow together', async () => {
    expect(new Set(await list(ana.token, `asker=${encodeURIComponent(ana.email.slice(0, 12))}`))).toEqual(
      new Set([seeded.leeds, seeded.regions]),
    );
    expect(await list(ana.token, 'from=2026-03-05&to=2026-03-31')).toEqual([seeded.regions]);
    // `to` includes its whole day.
    expect(await list(ana.token, 'from=2026-04-01&to=2026-04-01')).toEqual([seeded.bristol]);
    expect(await list(ana.token, 'rating=up')).toEqual([seeded.leeds]);
    expect(await list(ana.token, 'rating=down')).toEqual([seeded.bristol]);
    expect(await list(ana.token, 'rating=none&from=2026-03-01&to=2026-03-31')).toEqual([seeded.regions]);
    expect(await list(ana.token, 'q=coverage&rating=up')).toEqual([seeded.leeds]);
    // A LIKE wildcard in the asker is taken literally.
    expect(await list(ana.token, 'asker=%25')).toEqual([]);
  });

  it('never widens what the user may see: another user’s archived query stays hidden', async () => {
    expect(await list(ana.token, 'q=leeds')).not.toContain(seeded.archived);
    expect(await list(ben.token, 'q=leeds')).toContain(seeded.archived);
  });

  it('refuses malformed filters with a 422 detail', async () => {
    for (const query of ['from=yesterday', 'rating=great', `q=${'x'.repeat(201)}`]) {
      const response = await t.request('GET', `/api/history/query-history?${query}`, { token: ana.token });
      expect(response.statusCode).toBe(422);
      expect(typeof (response.json() as { detail: unknown }).detail).toBe('string');
    }
  });
});
