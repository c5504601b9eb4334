/**
 * "Did you mean" on the query tool: POST /api/query/{id}/alternatives/{index} answers another reading of a saved
 * question with its stored plan, saves it as the answer, records the choice and keeps the replaced reading as an
 * alternative. The alternatives are written into the saved query here (plans made by hand), so these tests do not
 * depend on which questions the reader finds ambiguous.
 */
import { queryDetailSchema, queryResultSchema } from '@qa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '../src/analyst/semantic/plan.js';
import { ALTERNATIVE_NOT_FOUND, ONLY_OWNER_CHOOSES } from '../src/features/questions/questions.service.js';
import { createTestApp, type TestApp, type TestUser, testBackends } from './helpers/test-app.js';
import { createFixtureWarehouse, type FixtureWarehouse } from './support/fixture-warehouse.js';

const QUESTION = 'full fibre coverage in CF';

const plan = (fields: Partial<Plan>): Plan => ({
  dataset: 'upc',
  measure: 'coverage_pct',
  subject: { tech: 'fttponly' },
  time: {},
  notes: [],
  unknowns: [],
  assumptions: [],
  ...fields,
});
/** "CF" read as the Cardiff postcode area (the reader of today takes it for CityFibre). */
const CF_AREA = plan({ geo: { column: 'postcode_area', values: ['CF'] } });
const BY_REGION = plan({ dimension: 'government_region' });
const CF_AREA_SENTENCE = 'Full fibre coverage in the CF postcode area';
const BY_REGION_SENTENCE = 'Full fibre coverage by region';

let warehouse: FixtureWarehouse;
beforeAll(async () => {
  warehouse = await createFixtureWarehouse();
});
afterAll(() => warehouse.close());

describe.each(testBackends())('"Did you mean" on saved questions on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { warehouse: async () => warehouse });
  });
  afterAll(() => t.close());

  /** A question asked through the API, its alternatives then set to the readings given. */
  async function askedWithAlternatives(
    user: TestUser,
    alternatives = [
      { interpretation: CF_AREA_SENTENCE, plan: CF_AREA },
      { interpretation: BY_REGION_SENTENCE, plan: BY_REGION },
    ],
  ) {
    const response = await t.request('POST', '/api/query', { token: user.token, body: { prompt: QUESTION } });
    expect(response.statusCode).toBe(200);
    const result = queryResultSchema.parse(response.json());
    await t.db
      .updateTable('queries')
      .set({ alternatives: JSON.stringify(alternatives) })
      .where('id', '=', result.id!)
      .execute();
    return result;
  }

  const choose = (user: { token: string }, id: string, index: number | string, body: unknown = {}) =>
    t.request('POST', `/api/query/${id}/alternatives/${index}`, { token: user.token, body });

  it('saves the plan answered and the reader’s other readings with the question, and offers them', async () => {
    const user = await t.createUser();
    const response = await t.request('POST', '/api/query', { token: user.token, body: { prompt: QUESTION } });
    const result = queryResultSchema.parse(response.json());
    // "CF": CityFibre, or the Cardiff postcode area.
    expect(result.interpretation).toContain('CityFibre');
    expect(result.alternatives?.map((a) => a.interpretation)).toContainEqual(
      expect.stringContaining('CF postcode area'),
    );
    expect(result.reading_choice).toBeNull();
    const row = await t.db
      .selectFrom('queries')
      .select(['plan', 'alternatives'])
      .where('id', '=', result.id!)
      .executeTakeFirstOrThrow();
    expect(row.plan).toMatchObject({ dataset: 'upc', subject: { operatorGroups: ['CityFibre'] } });
    expect(row.alternatives?.map((a) => a.interpretation)).toEqual(
      result.alternatives?.map((a) => a.interpretation),
    );
    expect(row.alternatives?.some((a) => JSON.stringify(a.plan).includes('"postcode_area"'))).toBe(true);
    const detail = queryDetailSchema.parse(
      (await t.request('GET', `/api/history/queries/${result.id}`, { token: user.token })).json(),
    );
    expect(detail).toMatchObject({
      alternatives: result.alternatives,
      reading_choice: null,
      can_choose: true,
    });

    // The reader's own alternative is answered from its stored plan.
    const index = result.alternatives!.findIndex((a) => a.interpretation.includes('CF postcode area'));
    const chosen = queryResultSchema.parse((await choose(user, result.id!, index)).json());
    expect(chosen.interpretation).toBe(result.alternatives![index]?.interpretation);
    expect(chosen.sql_query).toContain("postcode_area IN ('CF')");
    // The chosen reading uses "CF" in its other meaning: nothing of the question is left unused.
    expect(chosen.classification?.confidence).toBeGreaterThanOrEqual(0.8);
    expect(chosen.csv_analysis).not.toContain('Not used from the question');
    expect(chosen.alternatives?.[0]?.interpretation).toBe(result.interpretation);
  });

  it('asks back with the closest readings, rather than guess, when no reading uses the main words', async () => {
    const user = await t.createUser();
    const response = await t.request('POST', '/api/query', {
      token: user.token,
      body: { prompt: 'Hyperoptic upload speeds forecast in Leeds' },
    });
    const result = queryResultSchema.parse(response.json());
    expect(result.response_type).toBe('unsupported');
    expect(result.message).toContain('"upload", "speeds"');
    expect(result.alternatives?.length).toBeGreaterThanOrEqual(1);
    // A reading offered is answered when chosen, like any other alternative.
    const chosen = queryResultSchema.parse((await choose(user, result.id!, 0)).json());
    expect(chosen.response_type).toBe('data_query');
    expect(chosen.sql_query).toBeTruthy();
  });

  it('offers no alternatives for a question with one reading', async () => {
    const user = await t.createUser();
    const response = await t.request('POST', '/api/query', {
      token: user.token,
      body: { prompt: 'Which local authorities gained the most full fibre premises in the last 6 months?' },
    });
    const result = queryResultSchema.parse(response.json());
    expect(result.alternatives).toEqual([]);
    const detail = queryDetailSchema.parse(
      (await t.request('GET', `/api/history/queries/${result.id}`, { token: user.token })).json(),
    );
    expect(detail.alternatives).toEqual([]);
  });

  it('answers the chosen reading, saves it as the answer, and keeps the replaced reading as an alternative', async () => {
    const user = await t.createUser();
    const first = await askedWithAlternatives(user);
    const response = await choose(user, first.id!, 0, { progress_channel: 'tab-1' });
    expect(response.statusCode).toBe(200);
    const chosen = queryResultSchema.parse(response.json());
    expect(chosen).toMatchObject({ id: first.id, response_type: 'data_query', planner: 'builtin' });
    expect(first.interpretation).toContain('CityFibre');
    expect(chosen.interpretation).toContain('CF');
    expect(chosen.interpretation).not.toContain('CityFibre');
    expect(chosen.sql_query).toContain("postcode_area IN ('CF')");
    expect(chosen.csv_results).toBeTruthy();
    expect(chosen.csv_analysis).toBeTruthy();
    expect(chosen.sql_explanation).toBeTruthy();
    expect(chosen.classification?.type).toBe('data_query');
    expect(chosen.alternatives).toEqual([
      { interpretation: first.interpretation },
      { interpretation: BY_REGION_SENTENCE },
    ]);
    expect(chosen.reading_choice).toMatchObject({
      previous_interpretation: first.interpretation,
      chosen_by: user.email,
    });

    // The history shows the chosen answer and the choice; the progress log keeps both runs.
    const detail = queryDetailSchema.parse(
      (await t.request('GET', `/api/history/queries/${first.id}`, { token: user.token })).json(),
    );
    expect(detail).toMatchObject({
      prompt: QUESTION,
      interpretation: chosen.interpretation,
      sql_query: chosen.sql_query,
      csv_results: chosen.csv_results,
      csv_analysis: chosen.csv_analysis,
      sql_explanation: chosen.sql_explanation,
      alternatives: chosen.alternatives,
      reading_choice: chosen.reading_choice,
    });
    const log = (detail.progress_log as { message: string }[]).map((entry) => entry.message);
    expect(log[0]).toBe('Classifying question...');
    expect(log).toContain('Answering the reading chosen under "Did you mean"...');
    expect(log).toContain(`Executing SQL query: ${first.sql_query}`);
    expect(log).toContain(`Executing SQL query: ${chosen.sql_query}`);

    // Choosing the first reading back restores it; every choice is recorded with what it replaced.
    const back = queryResultSchema.parse((await choose(user, first.id!, 0)).json());
    expect(back.interpretation).toBe(first.interpretation);
    expect(back.sql_query).toBe(first.sql_query);
    expect(back.alternatives).toEqual([
      { interpretation: chosen.interpretation },
      { interpretation: BY_REGION_SENTENCE },
    ]);
    const choices = await t.db
      .selectFrom('query_reading_choices')
      .selectAll()
      .where('query_id', '=', first.id!)
      .orderBy('created_at')
      .execute();
    expect(
      choices.map((c) => [
        c.alternative_index,
        c.chosen_interpretation,
        c.previous_interpretation,
        c.user_email,
      ]),
    ).toEqual([
      [0, CF_AREA_SENTENCE, first.interpretation, user.email],
      [0, first.interpretation, chosen.interpretation, user.email],
    ]);
    expect(choices[0]?.previous_sql).toBe(first.sql_query);
    expect(choices[1]?.previous_sql).toBe(chosen.sql_query);
  });

  it('lets the owner or an admin choose; others get 403, and hidden queries 404', async () => {
    const owner = await t.createUser();
    const other = await t.createUser();
    const first = await askedWithAlternatives(owner);
    const refused = await choose(other, first.id!, 1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: ONLY_OWNER_CHOOSES });
    const detail = queryDetailSchema.parse(
      (await t.request('GET', `/api/history/queries/${first.id}`, { token: other.token })).json(),
    );
    expect(detail.can_choose).toBe(false);

    const byAdmin = await choose(t.admin, first.id!, 1);
    expect(byAdmin.statusCode).toBe(200);
    expect(queryResultSchema.parse(byAdmin.json()).reading_choice?.chosen_by).toBe(t.admin.email);

    // An archived query of someone else does not exist for a non-admin, nor does an id that is not a UUID.
    await t.request('POST', `/api/history/archive-query/${first.id}`, { token: owner.token });
    expect((await choose(other, first.id!, 0)).json()).toEqual({ detail: 'Query not found' });
    expect((await choose(other, 'not-a-uuid', 0)).statusCode).toBe(404);
    expect((await choose(owner, first.id!, 0)).statusCode).toBe(200);
    expect((await t.request('POST', `/api/query/${first.id}/alternatives/0`)).statusCode).toBe(401);
  });

  it('answers an index that is not offered with 404, and one that is not a whole number with 422', async () => {
    const user = await t.createUser();
    const first = await askedWithAlternatives(user);
    const missing = await choose(user, first.id!, 2);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: ALTERNATIVE_NOT_FOUND });
    for (const index of ['x', '-1', '1.5']) {
      const bad = await choose(user, first.id!, index);
      expect(bad.statusCode).toBe(422);
      expect((bad.json() as { detail: string }).detail).toMatch(/^index: /);
    }
    // Nothing was answered or recorded.
    const choices = await t.db
      .selectFrom('query_reading_choices')
      .select('id')
      .where('query_id', '=', first.id!)
      .execute();
    expect(choices).toEqual([]);
  });

  it('refuses a stored reading that no longer fits the data with 422, leaving the answer as it was', async () => {
    const user = await t.createUser();
    const stale = plan({ subject: { operatorGroups: ['Nonesuch Networks'] } });
    const first = await askedWithAlternatives(user, [{ interpretation: 'Nonesuch', plan: stale }]);
    const response = await choose(user, first.id!, 0);
    expect(response.statusCode).toBe(422);
    expect((response.json() as { detail: string }).detail).toMatch(
      /^The reading cannot be answered: .*Nonesuch Networks/,
    );
    const detail = queryDetailSchema.parse(
      (await t.request('GET', `/api/history/queries/${first.id}`, { token: user.token })).json(),
    );
    expect(detail.sql_query).toBe(first.sql_query);
    expect(detail.reading_choice).toBeNull();
  });
});

describe.each(testBackends())('a "Did you mean" choice is admitted like a question on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    // Each warehouse query takes a while, so a burst really queues.
    const slow = {
      ...warehouse,
      query: async (...args: Parameters<FixtureWarehouse['query']>) => {
        await new Promise((resolve) => setTimeout(resolve, 150));
        return warehouse.query(...args);
      },
    };
    t = await createTestApp(backend, {
      warehouse: async () => slow,
      env: { WAREHOUSE_MAX_CONCURRENT: '1', WAREHOUSE_QUEUE_MAX: '1', RATE_LIMIT_PER_MINUTE: '6' },
    });
  });
  afterAll(() => t.close());

  it('refuses choices beyond the warehouse queue with 503, and counts them against the questions rate limit', async () => {
    const user = await t.createUser();
    const response = await t.request('POST', '/api/query', { token: user.token, body: { prompt: QUESTION } });
    const id = queryResultSchema.parse(response.json()).id!;
    await t.db
      .updateTable('queries')
      .set({ alternatives: JSON.stringify([{ interpretation: CF_AREA_SENTENCE, plan: CF_AREA }]) })
      .where('id', '=', id)
      .execute();
    const burst = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.request('POST', `/api/query/${id}/alternatives/0`, { token: user.token, body: {} }),
      ),
    );
    const statuses = burst.map((res) => res.statusCode).sort();
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    for (const res of burst.filter((r) => r.statusCode === 503))
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const recorded = await t.db
      .selectFrom('query_reading_choices')
      .select('id')
      .where('query_id', '=', id)
      .execute();
    expect(recorded).toHaveLength(statuses.filter((s) => s === 200).length);
    // One question and four choices so far: the sixth request of the minute is the last one allowed.
    expect(
      (await t.request('POST', `/api/query/${id}/alternatives/0`, { token: user.token })).statusCode,
    ).toBe(200);
    const limited = await t.request('POST', `/api/query/${id}/alternatives/0`, { token: user.token });
    expect(limited.statusCode).toBe(429);
  });
});
