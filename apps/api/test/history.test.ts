import {
  archiveResponseSchema,
  commentSchema,
  queryDetailSchema,
  queryHistoryResponseSchema,
  recentPromptSchema,
} from '@qa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser, testBackends } from './helpers/test-app.js';
import { seedQuery } from './support/seed-queries.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(testBackends())('query history, archive, comments and feedback on $name', (backend) => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createTestApp(backend);
    owner = await t.createUser();
    other = await t.createUser();
  });
  afterAll(() => t.close());

  const history = async (token: string, query = '') => {
    const response = await t.request('GET', `/api/history/query-history${query}`, { token });
    expect(response.statusCode).toBe(200);
    return queryHistoryResponseSchema.parse(response.json());
  };
  const ids = (items: { id: string }[]) => items.map((item) => item.id);

  describe('the history list', () => {
    it('needs a token', async () => {
      expect((await t.request('GET', '/api/history/query-history')).statusCode).toBe(401);
      expect((await t.request('GET', '/api/history/recent-prompts')).statusCode).toBe(401);
    });

    it('shows non-admins everyone’s live queries and only their own archived ones', async () => {
      const mine = await seedQuery(t.db, owner);
      const mineArchived = await seedQuery(t.db, owner, { archived: true });
      const othersArchived = await seedQuery(t.db, other, { archived: true });

      const forOwner = ids((await history(owner.token, '?limit=100')).items);
      expect(forOwner).toContain(mine.id);
      expect(forOwner).toContain(mineArchived.id);
      expect(forOwner).not.toContain(othersArchived.id);

      const forOther = ids((await history(other.token, '?limit=100')).items);
      expect(forOther).toContain(mine.id);
      expect(forOther).not.toContain(mineArchived.id);
      expect(forOther).toContain(othersArchived.id);

      // show_archived is an admin switch: a non-admin asking for it gets the same list.
      expect(ids((await history(other.token, '?limit=100&show_archived=true')).items)).toEqual(forOther);
    });

    it('shows admins others’ archived queries only with show_archived', async () => {
      const archived = await seedQuery(t.db, owner, { archived: true });
      expect(ids((await history(t.admin.token, '?limit=100')).items)).not.toContain(archived.id);
      expect(ids((await history(t.admin.token, '?limit=100&show_archived=true')).items)).toContain(
        archived.id,
      );
    });

    it('pages newest first with limit, offset and hasMore (15 by default)', async () => {
      for (let i = 0; i < 17; i++) await seedQuery(t.db, owner);
      const all = await history(owner.token, '?limit=100');
      const total = all.items.length;
      expect(total).toBeGreaterThan(17);
      const first = await history(owner.token);
      expect(first.items).toHaveLength(15);
      expect(first.hasMore).toBe(true);
      const times = first.items.map((item) => Date.parse(item.timestamp));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      const rest = await history(owner.token, `?offset=15&limit=${total}`);
      expect(rest.hasMore).toBe(false);
      expect([...ids(first.items), ...ids(rest.items)]).toEqual(ids(all.items));
      expect(
        (await t.request('GET', '/api/history/query-history?limit=0', { token: owner.token })).statusCode,
      ).toBe(422);
    });

    it('returns every field of a saved query', async () => {
      const seeded = await seedQuery(t.db, owner, { prompt: 'Fields check' });
      const item = (await history(owner.token, '?limit=100')).items.find((i) => i.id === seeded.id);
      expect(item).toMatchObject({
        prompt: 'Fields check',
        user_email: owner.email,
        is_archived: false,
        archived_by: null,
        archived_at: null,
        sql_query: 'SELECT 1 AS one',
        csv_results: '"one"\n"1"',
        result_columns: null,
        feedback_rating: null,
        feedback_comment: null,
      });
      expect(item?.progress_log).toEqual([{ message: 'Classifying question...', stage: 'classify' }]);
    });
  });

  describe('recent prompts', () => {
    it('lists the latest 5 from all users with their e-mail, hiding others’ archived ones from non-admins', async () => {
      const fromOther = await seedQuery(t.db, other, { prompt: 'Recent from other' });
      const archivedByOwner = await seedQuery(t.db, owner, { prompt: 'Recent archived', archived: true });

      const forOther = await t.request('GET', '/api/history/recent-prompts', { token: other.token });
      const list = recentPromptSchema.array().parse(forOther.json());
      expect(list.length).toBeLessThanOrEqual(5);
      expect(list[0]).toMatchObject({ id: fromOther.id, user_email: other.email, feedback_rating: null });
      expect(ids(list)).not.toContain(archivedByOwner.id);

      const forOwner = recentPromptSchema
        .array()
        .parse((await t.request('GET', '/api/history/recent-prompts', { token: owner.token })).json());
      expect(ids(forOwner).slice(0, 2)).toEqual([archivedByOwner.id, fromOther.id]);

      const forAdmin = recentPromptSchema
        .array()
        .parse((await t.request('GET', '/api/history/recent-prompts', { token: t.admin.token })).json());
      expect(ids(forAdmin)).toContain(archivedByOwner.id);
    });
  });

  describe('query detail', () => {
    it('shows a query with can_archive for its owner and admins only', async () => {
      const seeded = await seedQuery(t.db, owner);
      const url = `/api/history/queries/${seeded.id}`;
      const asOwner = queryDetailSchema.parse((await t.request('GET', url, { token: owner.token })).json());
      expect(asOwner).toMatchObject({ id: seeded.id, can_archive: true, user_email: owner.email });
      expect(
        queryDetailSchema.parse((await t.request('GET', url, { token: other.token })).json()).can_archive,
      ).toBe(false);
      expect(
        queryDetailSchema.parse((await t.request('GET', url, { token: t.admin.token })).json()).can_archive,
      ).toBe(true);
      expect((await t.request('GET', url)).statusCode).toBe(401);
    });

    it('answers 404 to a non-admin for another user’s archived query, and for unknown ids', async () => {
      const archived = await seedQuery(t.db, owner, { archived: true });
      const url = `/api/history/queries/${archived.id}`;
      const denied = await t.request('GET', url, { token: other.token });
      expect(denied.statusCode).toBe(404);
      expect(denied.json()).toEqual({ detail: 'Query not found' });
      expect((await t.request('GET', url, { token: owner.token })).statusCode).toBe(200);
      expect((await t.request('GET', url, { token: t.admin.token })).statusCode).toBe(200);
      expect(
        (await t.request('GET', `/api/history/queries/${UNKNOWN_ID}`, { token: owner.token })).statusCode,
      ).toBe(404);
      expect(
        (await t.request('GET', '/api/history/queries/not-a-uuid', { token: owner.token })).statusCode,
      ).toBe(404);
    });
  });

  describe('archive', () => {
    it('lets the owner toggle it, recording who and when', async () => {
      const seeded = await seedQuery(t.db, owner);
      const url = `/api/history/archive-query/${seeded.id}`;
      const archived = await t.request('POST', url, { token: owner.token });
      expect(archiveResponseSchema.parse(archived.json())).toEqual({ is_archived: true });
      const row = await t.db
        .selectFrom('queries')
        .selectAll()
        .where('id', '=', seeded.id)
        .executeTakeFirstOrThrow();
      expect(row.archived_by).toBe(owner.email);
      expect(row.archived_at).toBeInstanceOf(Date);

      const restored = await t.request('POST', url, { token: owner.token });
      expect(restored.json()).toEqual({ is_archived: false });
      const after = await t.db
        .selectFrom('queries')
        .selectAll()
        .where('id', '=', seeded.id)
        .executeTakeFirstOrThrow();
      expect(after).toMatchObject({ is_archived: false, archived_by: null, archived_at: null });
    });

    it('refuses other users (403) and lets admins archive anyone’s query', async () => {
      const seeded = await seedQuery(t.db, owner);
      const url = `/api/history/archive-query/${seeded.id}`;
      const refused = await t.request('POST', url, { token: other.token });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toMatch(/owner .* or an admin/);
      const byAdmin = await t.request('POST', url, { token: t.admin.token });
      expect(byAdmin.json()).toEqual({ is_archived: true });
      const row = await t.db
        .selectFrom('queries')
        .select('archived_by')
        .where('id', '=', seeded.id)
        .executeTakeFirstOrThrow();
      expect(row.archived_by).toBe(t.admin.email);
      // Now archived by an admin, the query no longer exists for the other user.
      expect((await t.request('POST', url, { token: other.token })).statusCode).toBe(404);
      expect((await t.request('POST', url)).statusCode).toBe(401);
    });
  });

  describe('comments', () => {
    it('adds trimmed comments, lists them oldest first, and refuses blank text with 422', async () => {
      const seeded = await seedQuery(t.db, owner);
      const url = `/api/history/comments/${seeded.id}`;
      expect((await t.request('GET', url, { token: other.token })).json()).toEqual([]);

      const first = await t.request('POST', url, {
        token: owner.token,
        body: { comment_text: '  Looks right  ' },
      });
      expect(first.statusCode).toBe(201);
      expect(commentSchema.parse(first.json())).toMatchObject({
        user_email: owner.email,
        comment_text: 'Looks right',
      });
      await t.request('POST', url, { token: other.token, body: { comment_text: 'Agreed' } });

      for (const body of [{ comment_text: '   ' }, { comment_text: '' }, {}]) {
        const blank = await t.request('POST', url, { token: owner.token, body });
        expect(blank.statusCode).toBe(422);
        expect(blank.json().detail).toMatch(/^comment_text: /);
      }

      const list = commentSchema.array().parse((await t.request('GET', url, { token: owner.token })).json());
      expect(list.map((c) => [c.user_email, c.comment_text])).toEqual([
        [owner.email, 'Looks right'],
        [other.email, 'Agreed'],
      ]);
    });

    it('lets only the author delete a comment', async () => {
      const seeded = await seedQuery(t.db, owner);
      const created = commentSchema.parse(
        (
          await t.request('POST', `/api/history/comments/${seeded.id}`, {
            token: owner.token,
            body: { comment_text: 'Mine' },
          })
        ).json(),
      );
      const url = `/api/history/comments/${created.id}`;
      expect((await t.request('DELETE', url, { token: other.token })).statusCode).toBe(403);
      expect((await t.request('DELETE', url, { token: t.admin.token })).statusCode).toBe(403);
      expect((await t.request('DELETE', url)).statusCode).toBe(401);
      const deleted = await t.request('DELETE', url, { token: owner.token });
      expect(deleted.statusCode).toBe(200);
      expect((await t.request('DELETE', url, { token: owner.token })).statusCode).toBe(404);
      expect(
        (await t.request('GET', `/api/history/comments/${seeded.id}`, { token: owner.token })).json(),
      ).toEqual([]);
    });

    it('hides comments of another user’s archived query from non-admins', async () => {
      const archived = await seedQuery(t.db, owner, { archived: true });
      const url = `/api/history/comments/${archived.id}`;
      expect((await t.request('GET', url, { token: other.token })).statusCode).toBe(404);
      expect(
        (await t.request('POST', url, { token: other.token, body: { comment_text: 'x' } })).statusCode,
      ).toBe(404);
      expect((await t.request('GET', url, { token: t.admin.token })).statusCode).toBe(200);
    });
  });

  describe('feedback', () => {
    it('requires a boolean rating', async () => {
      const seeded = await seedQuery(t.db, owner);
      for (const body of [
        { query_id: seeded.id },
        { query_id: seeded.id, rating: null },
        { query_id: seeded.id, rating: 'yes' },
      ]) {
        const response = await t.request('POST', '/api/query/feedback', { token: owner.token, body });
        expect(response.statusCode).toBe(422);
        expect(response.json().detail).toMatch(/^rating: /);
      }
    });

    it('keeps one rating per user and query, and the query shows the latest', async () => {
      const seeded = await seedQuery(t.db, owner);
      const send = (user: TestUser, rating: boolean, comment?: string) =>
        t.request('POST', '/api/query/feedback', {
          token: user.token,
          body: { query_id: seeded.id, rating, ...(comment === undefined ? {} : { comment }) },
        });
      expect((await send(owner, true, 'Spot on')).statusCode).toBe(200);
      let detail = queryDetailSchema.parse(
        (await t.request('GET', `/api/history/queries/${seeded.id}`, { token: owner.token })).json(),
      );
      expect([detail.feedback_rating, detail.feedback_comment]).toEqual([true, 'Spot on']);

      await send(other, false, 'Numbers look low');
      await send(owner, false);
      detail = queryDetailSchema.parse(
        (await t.request('GET', `/api/history/queries/${seeded.id}`, { token: owner.token })).json(),
      );
      expect([detail.feedback_rating, detail.feedback_comment]).toEqual([false, '']);
      const rows = await t.db
        .selectFrom('query_feedback')
        .selectAll()
        .where('query_id', '=', seeded.id)
        .execute();
      expect(rows).toHaveLength(2);
      expect(
        (await t.request('POST', '/api/query/feedback', { body: { query_id: seeded.id, rating: true } }))
          .statusCode,
      ).toBe(401);
    });

    it('answers 404 for an unknown query or another user’s archived one', async () => {
      const archived = await seedQuery(t.db, owner, { archived: true });
      for (const id of [UNKNOWN_ID, archived.id]) {
        const response = await t.request('POST', '/api/query/feedback', {
          token: other.token,
          body: { query_id: id, rating: true },
        });
        expect(response.statusCode).toBe(404);
      }
    });
  });
});
