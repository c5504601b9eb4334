/**
 * Verified answers and the review queue (docs/product.md#verified-answers), through the HTTP API on the real app
 * and database: an admin verifies or corrects a reading; later questions of the same words or the same shape are
 * answered with the verified plan and carry the badge; taking it back ends both; every route is admin-only and
 * every change is recorded. The "misreading" corrected here is a reviewer's choice of another measure: the tests
 * do not depend on which questions today's reader gets wrong.
 */
import {
  chatHistorySchema,
  chatMessageResponseSchema,
  queryDetailSchema,
  queryResultSchema,
  reviewChoicesSchema,
  reviewQueueResponseSchema,
  verificationListSchema,
} from '@qa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser, testBackends } from './helpers/test-app.js';
import { createFixtureWarehouse, type FixtureWarehouse } from './support/fixture-warehouse.js';
import { planDraft } from './support/llm-plan.js';
import { jsonStep, type ScriptedModel, scriptedModel } from './support/scripted-model.js';

const QUESTION = 'Full fibre coverage in Leeds';
/** The reviewer's reading: full-fibre premises, not the share. */
const CORRECTED = {
  dataset: 'upc',
  measure: 'premises',
  subject: { tech: 'fttponly' },
  geo: { column: 'la_name', values: ['Leeds'] },
  time: {},
  notes: [],
  unknowns: [],
  assumptions: [],
};

let warehouse: FixtureWarehouse;
beforeAll(async () => {
  warehouse = await createFixtureWarehouse();
});
afterAll(() => warehouse.close());

describe.each(testBackends())('verified answers on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { warehouse: async () => warehouse });
  });
  afterAll(() => t.close());

  const ask = async (user: TestUser, prompt: string) => {
    const response = await t.request('POST', '/api/query', { token: user.token, body: { prompt } });
    expect(response.statusCode).toBe(200);
    return queryResultSchema.parse(response.json());
  };
  const detail = async (user: TestUser, id: string) =>
    queryDetailSchema.parse(
      (await t.request('GET', `/api/history/queries/${id}`, { token: user.token })).json(),
    );

  it('a corrected reading answers the same words and the same shape elsewhere, with the badge', async () => {
    const user = await t.createUser();
    const first = await ask(user, QUESTION);
    expect(first.verified).toBeNull();
    expect(first.sql_query).toContain('coverage_pct');

    // The admin previews the correction (nothing saved), then saves it as verified.
    const preview = await t.request('POST', `/api/review/queries/${first.id}/preview`, {
      token: t.admin.token,
      body: { plan: CORRECTED },
    });
    expect(preview.statusCode).toBe(200);
    expect(queryResultSchema.parse(preview.json()).csv_results).toContain('300');
    expect((await detail(user, first.id!)).sql_query).toBe(first.sql_query);

    const verified = await t.request('POST', `/api/verified/queries/${first.id}`, {
      token: t.admin.token,
      body: { plan: CORRECTED },
    });
    expect(verified.statusCode).toBe(200);
    const corrected = queryDetailSchema.parse(verified.json());
    expect(corrected.verified).toMatchObject({
      query_id: first.id,
      question: QUESTION,
      verified_by: t.admin.email,
      method: 'correction',
    });
    expect(corrected.csv_results).toContain('300');
    // The asker sees the corrected answer and the badge on their question.
    expect((await detail(user, first.id!)).verified?.verified_by).toBe(t.admin.email);

    // Other case and punctuation: the verified plan, without reading the words.
    const again = await ask(user, 'full FIBRE coverage in leeds?!');
    expect(again.csv_results?.split('\n')[1]).toContain('300');
    expect(again.classification?.reasoning).toContain(`Answered as the verified question '${QUESTION}'`);
    expect(again.classification?.confidence).toBeGreaterThanOrEqual(0.85);
    expect(again.verified?.id).toBe(corrected.verified?.id);

    // The same shape about another place: its slot filled from the question.
    const manchester = await ask(user, 'Full fibre coverage in Manchester');
    expect(manchester.sql_query).toContain("'Manchester'");
    expect(manchester.csv_results?.split('\n')[1]).toContain('600');
    expect(manchester.verified?.question).toBe(QUESTION);
    expect(manchester.csv_analysis).toContain('Answered as the verified question');

    // Every change is recorded with who and when; the replaced answer is kept.
    const events = await t.request('GET', `/api/review/queries/${first.id}/events`, { token: t.admin.token });
    expect(
      events.json().map((e: { action: string; user_email: string }) => [e.action, e.user_email]),
    ).toEqual([
      ['correct', t.admin.email],
      ['verify', t.admin.email],
    ]);
    expect(events.json()[0].previous_interpretation).toBe(first.interpretation);

    // Taken back: no badge, no reuse; the verification is kept, marked.
    const revoked = await t.request('POST', `/api/verified/${corrected.verified?.id}/revoke`, {
      token: t.admin.token,
    });
    expect(revoked.statusCode).toBe(200);
    const after = await ask(user, 'Full fibre coverage in Manchester');
    expect(after.verified).toBeNull();
    expect(after.classification?.reasoning).not.toContain('verified question');
    const kept = await t.db
      .selectFrom('verified_answers')
      .select(['revoked_by_email'])
      .where('id', '=', corrected.verified!.id)
      .executeTakeFirstOrThrow();
    expect(kept.revoked_by_email).toBe(t.admin.email);
    expect(
      (await t.request('POST', `/api/verified/${corrected.verified?.id}/revoke`, { token: t.admin.token }))
        .statusCode,
    ).toBe(404);
  });

  it('verifying an answer as given badges later answers of the same shape', async () => {
    const user = await t.createUser();
    const first = await ask(user, 'How many premises can get full fibre in Westminster?');
    const response = await t.request('POST', `/api/verified/queries/${first.id}`, { token: t.admin.token });
    expect(response.statusCode).toBe(200);
    expect(queryDetailSchema.parse(response.json()).verified?.method).toBe('answer');
    const other = await t.createUser();
    const later = await ask(other, 'how many premises can get full fibre in cardiff');
    expect(later.verified?.query_id).toBe(first.id);
    const list = verificationListSchema.parse(
      (await t.request('GET', '/api/verified', { token: t.admin.token })).json(),
    );
    expect(list.items.map((v) => v.query_id)).toContain(first.id);
  });

  it('refuses to verify what has no plan, and a plan that does not fit the data', async () => {
    const user = await t.createUser();
    const sql = await ask(user, 'SELECT la_name FROM upc_output LIMIT 1');
    const refused = await t.request('POST', `/api/verified/queries/${sql.id}`, { token: t.admin.token });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toContain('Only an answer with data and a plan can be verified');
    const first = await ask(user, QUESTION);
    const invalid = await t.request('POST', `/api/verified/queries/${first.id}`, {
      token: t.admin.token,
      body: { plan: { ...CORRECTED, geo: { column: 'la_name', values: ['Atlantis'] } } },
    });
    expect(invalid.statusCode).toBe(422);
  });

  it('lists answers that need a reviewer, with why', async () => {
    const user = await t.createUser();
    const disliked = await ask(user, 'How many postcodes are in Cardiff?');
    await t.request('POST', '/api/query/feedback', {
      token: user.token,
      body: { query_id: disliked.id, rating: false, comment: 'wrong place' },
    });
    const commented = await ask(user, 'Virgin Media premises in Manchester');
    await t.request('POST', `/api/history/comments/${commented.id}`, {
      token: user.token,
      body: { comment_text: 'Is this right?' },
    });
    const queue = reviewQueueResponseSchema.parse(
      (await t.request('GET', '/api/review?limit=100', { token: t.admin.token })).json(),
    );
    const byId = new Map(queue.items.map((item) => [item.id, item]));
    expect(byId.get(disliked.id!)?.reasons).toEqual(expect.arrayContaining(['thumbs_down', 'comment']));
    expect(byId.get(commented.id!)?.reasons).toContain('comment');
    expect(byId.get(commented.id!)?.comment_count).toBe(1);
    for (const item of queue.items) expect(item.reasons.length).toBeGreaterThan(0);
  });

  it('offers the semantic model’s choices and the warehouse’s names for the correction form', async () => {
    const choices = reviewChoicesSchema.parse(
      (await t.request('GET', '/api/review/choices', { token: t.admin.token })).json(),
    );
    expect(choices.measures.map((m) => m.id)).toContain('premises');
    expect(choices.place_levels.map((p) => p.id)).toContain('la_name');
    expect(choices.local_authorities).toContain('Leeds');
    expect(choices.technologies.map((t) => t.id)).toContain('fttponly');
  });

  it('shows the badge on chat answers whose plan has a verified shape, as they are sent and in the history', async () => {
    const user = await t.createUser();
    const first = await ask(user, QUESTION);
    const verified = await t.request('POST', `/api/verified/queries/${first.id}`, { token: t.admin.token });
    expect(verified.statusCode).toBe(200);
    const shape = queryDetailSchema.parse(verified.json()).verified;
    const sessionId = `verified-chat-${backend.name}`;
    const reply = await t.request('POST', '/api/chat/message', {
      token: user.token,
      body: { message: 'Full fibre coverage in Manchester', session_id: sessionId, model: 'builtin' },
    });
    expect(reply.statusCode).toBe(200);
    expect(chatMessageResponseSchema.parse(reply.json()).message.verified?.id).toBe(shape?.id);
    const history = chatHistorySchema.parse(
      (await t.request('GET', `/api/chat/history/${sessionId}`, { token: user.token })).json(),
    );
    const answer = history.messages.find((m) => m.type === 'assistant');
    expect(answer?.verified?.verified_by).toBe(t.admin.email);
    await t.request('POST', `/api/verified/${shape?.id}/revoke`, { token: t.admin.token });
  });

  describe('authorization of every route', () => {
    let owner: TestUser;
    let other: TestUser;
    let queryId: string;
    let verificationId: string;
    beforeAll(async () => {
      owner = await t.createUser();
      other = await t.createUser();
      queryId = (await ask(owner, 'Full fibre coverage in Westminster')).id!;
      const verified = await t.request('POST', `/api/verified/queries/${queryId}`, { token: t.admin.token });
      verificationId = queryDetailSchema.parse(verified.json()).verified!.id;
    });

    const routes = (): [string, string, unknown?][] => [
      ['POST', `/api/verified/queries/${queryId}`, {}],
      ['POST', `/api/verified/${verificationId}/revoke`],
      ['GET', '/api/verified'],
      ['GET', '/api/review'],
      ['GET', '/api/review/choices'],
      ['POST', `/api/review/queries/${queryId}/preview`, { plan: CORRECTED }],
      ['GET', `/api/review/queries/${queryId}/events`],
    ];

    it('anonymous visitors get 401 and ordinary users, owners or not, 403 on every route', async () => {
      for (const [method, url, body] of routes()) {
        expect((await t.request(method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
        for (const user of [owner, other]) {
          const response = await t.request(method, url, { token: user.token, body });
          expect(response.statusCode, `${method} ${url}`).toBe(403);
          expect(response.json()).toHaveProperty('detail');
        }
      }
    });

    it('an admin may use every route', async () => {
      // Revoke last: the verification must exist for the other routes' checks.
      const all = routes();
      const ordered = [
        ...all.filter(([, url]) => !url.endsWith('/revoke')),
        ...all.filter(([, url]) => url.endsWith('/revoke')),
      ];
      for (const [method, url, body] of ordered) {
        const response = await t.request(method, url, { token: t.admin.token, body });
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
      }
    });

    it('any signed-in user sees the badge, on their own answers and on others’', async () => {
      const later = await ask(other, 'Full fibre coverage in Cardiff');
      const mine = await detail(owner, queryId);
      expect(mine.can_verify).toBe(false);
      expect(mine).toHaveProperty('verified');
      expect(later).toHaveProperty('verified');
    });
  });
});

describe.each(testBackends())('verified answers and the language model on $name', (backend) => {
  let t: TestApp;
  let scripted: ScriptedModel;
  beforeAll(async () => {
    scripted = scriptedModel([]);
    t = await createTestApp(backend, {
      warehouse: async () => warehouse,
      env: { QUERY_PLANNER: 'llm' },
      overrides: { models: { 'claude-haiku-4-5': scripted.model } },
    });
  });
  afterAll(() => t.close());

  it('gives the model the closest verified questions as examples, and does not call it for an exact match', async () => {
    const user = await t.createUser();
    // The model reads the first question; its answer is corrected and verified.
    scripted.push(
      jsonStep(
        planDraft(
          {
            dataset: 'upc',
            measure: 'coverage_pct',
            subject: { tech: 'fttponly' },
            geo: { column: 'la_name', values: ['Leeds'] },
          },
          0.85,
        ),
      ),
      {
        text: 'All of Leeds.',
      },
    );
    const first = queryResultSchema.parse(
      (await t.request('POST', '/api/query', { token: user.token, body: { prompt: QUESTION } })).json(),
    );
    expect(first.planner).toBe('llm');
    const verified = await t.request('POST', `/api/verified/queries/${first.id}`, {
      token: t.admin.token,
      body: { plan: CORRECTED },
    });
    expect(verified.statusCode).toBe(200);

    // The same words about another place: no model call at all.
    const calls = scripted.calls.length;
    const exact = queryResultSchema.parse(
      (
        await t.request('POST', '/api/query', {
          token: user.token,
          body: { prompt: 'full fibre coverage in manchester.' },
        })
      ).json(),
    );
    expect(scripted.calls.length).toBe(calls);
    expect(exact).toMatchObject({ planner: 'builtin', response_type: 'data_query' });
    expect(exact.csv_results?.split('\n')[1]).toContain('600');
    expect(exact.verified?.question).toBe(QUESTION);

    // A different question: the model plans it, with the verified question and its plan as an example.
    scripted.push(
      jsonStep(
        planDraft(
          {
            dataset: 'upc',
            measure: 'premises',
            subject: { tech: 'cable' },
            geo: { column: 'la_name', values: ['Manchester'] },
          },
          0.85,
        ),
      ),
      { text: 'Cable premises.' },
    );
    await t.request('POST', '/api/query', {
      token: user.token,
      body: { prompt: 'How many premises have full fibre or cable in Manchester by network?' },
    });
    const prompt = scripted.promptText(calls);
    expect(prompt).toContain('Verified questions like this one');
    expect(prompt).toContain(`Question: ${QUESTION}`);
    expect(prompt).toContain('"measure":"premises"');
  });
});
