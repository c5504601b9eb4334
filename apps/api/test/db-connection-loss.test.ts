/**
 * A PostgreSQL restart, failover or proxy idle timeout cuts the app's connections. The server must survive it
 * (an idle client's error used to be an unhandled 'error' event that ended the process), answer requests caught
 * in the cut with a clear 503, and answer normally again as soon as new connections open.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp, testBackends } from './helpers/test-app.js';

const postgres = testBackends().find((backend) => backend.name === 'postgres');

describe.runIf(postgres)('the app database on PostgreSQL losing its connections', () => {
  let t: TestApp;
  let control: pg.Client;
  let databaseName: string;

  beforeAll(async () => {
    t = await createTestApp(postgres!);
    control = new pg.Client({ connectionString: inject('testDatabaseUrl') });
    await control.connect();
    // The test app's own database is the newest qa_api_test_ database with connections from this process.
    const { rows } = await control.query<{ datname: string }>(
      `select datname from pg_stat_activity where datname like 'qa_api_test_%' group by datname
       order by max(backend_start) desc limit 1`,
    );
    databaseName = rows[0]!.datname;
  });
  afterAll(async () => {
    await control?.end();
    await t?.close();
  });

  const terminateAll = () =>
    control.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [databaseName],
    );

  it('keeps serving when every connection is terminated while requests run', async () => {
    const user = await t.createUser();
    const statuses: number[] = [];
    let running = true;
    const load = (async () => {
      while (running) {
        const responses = await Promise.all([
          t.request('GET', '/api/auth/me', { token: user.token }),
          t.request('GET', '/api/history/query-history', { token: user.token }),
        ]);
        for (const response of responses) {
          statuses.push(response.statusCode);
          if (response.statusCode === 503) expect(response.json().detail).toMatch(/database is unavailable/);
        }
      }
    })();
    let terminated = 0;
    for (let round = 0; round < 3; round++) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      terminated += (await terminateAll()).rowCount ?? 0;
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    running = false;
    await load;

    expect(terminated).toBeGreaterThan(0);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    // Idle connections terminated between requests, too: the next request opens a new one.
    await terminateAll();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    let after = await t.request('GET', '/api/auth/me', { token: user.token });
    while (after.statusCode !== 200 && Date.now() - started < 2000) {
      after = await t.request('GET', '/api/auth/me', { token: user.token });
    }
    expect(after.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
