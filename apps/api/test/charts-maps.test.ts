/**
 * Maps and charts over HTTP: the chart page's assets (public, cross-origin, compressed, the ONS boundaries
 * included), the page's sandboxing CSP, and the visual a query result offers (a map for one row per region), for
 * whoever may see the query only.
 */
import { brotliDecompressSync } from 'node:zlib';
import { queryResultSchema } from '@qa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundaryAsset, chartPageScript } from '../src/features/charts/chart-assets.js';
import { CHART_PAGE_CSP } from '../src/features/charts/chart-page.js';
import { createTestApp, type TestApp, type TestUser, testBackends } from './helpers/test-app.js';
import { createFixtureWarehouse, type FixtureWarehouse } from './support/fixture-warehouse.js';

describe.each(testBackends())('maps and charts on $name', (backend) => {
  let t: TestApp;
  let warehouse: FixtureWarehouse;
  let user: TestUser;

  beforeAll(async () => {
    warehouse = await createFixtureWarehouse();
    t = await createTestApp(backend, {
      warehouse: async () => warehouse,
      env: { QUERY_PLANNER: 'builtin' },
    });
    user = await t.createUser();
  });
  afterAll(async () => {
    await t.close();
    warehouse.close();
  });

  it('serves the boundaries and scripts as compressed, cross-origin public assets', async () => {
    const ladName = (await boundaryAsset('lad')).name;
    expect(ladName).toMatch(/^boundaries-lad-[0-9a-f]{16}\.js$/);
    const lad = await t.request('GET', `/api/charts/assets/${ladName}`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(lad.statusCode).toBe(200);
    expect(lad.headers['content-encoding']).toBe('br');
    expect(lad.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // Named by content, so cached for good.
    expect(lad.headers['cache-control']).toContain('immutable');
    expect(lad.rawPayload.length).toBeLessThan(90_000);
    const plain = await t.request('GET', `/api/charts/assets/${(await boundaryAsset('itl1')).name}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('QA_BOUNDARIES');
    expect(plain.body).toContain('"type":"Topology"');
    expect(plain.body).toContain('East of England');
    // The renderer bundled with the parts of ECharts a map uses: well under the full build's 330 KB (brotli).
    const script = await t.request('GET', `/api/charts/assets/${(await chartPageScript('map')).name}`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.rawPayload.length).toBeLessThan(200_000);
    const gzip = await t.request('GET', `/api/charts/assets/${(await chartPageScript('chart')).name}`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect((await t.request('GET', '/api/charts/assets/boundaries-nope.js')).statusCode).toBe(404);
    expect((await t.request('GET', '/api/charts/assets/echarts.min.js')).statusCode).toBe(404);
    expect((await t.request('GET', '/api/charts/assets/boundaries-lad-0000000000000000.js')).statusCode).toBe(
      404,
    );
    expect(CHART_PAGE_CSP).toContain('sandbox allow-scripts allow-downloads');
    expect(CHART_PAGE_CSP).not.toContain('allow-same-origin');
  });

  it('offers a chart for a result with one row per region, and the map when asked, to whoever may see the query', async () => {
    const answer = queryResultSchema.parse(
      (
        await t.request('POST', '/api/query', {
          token: user.token,
          body: { prompt: 'Full fibre coverage by region' },
        })
      ).json(),
    );
    expect(answer.id).toBeTruthy();
    // The fixture's four regions are too few to fill a map: bars, with the map one choice away.
    const offered = await t.request('POST', `/api/charts/for-query/${answer.id}`, { token: user.token });
    expect(offered.statusCode).toBe(200);
    expect(offered.json()).toMatchObject({
      type: 'bar',
      choices: ['bar', 'map', 'table'],
      chart: { kind: 'chart' },
    });
    const first = await t.request('POST', `/api/charts/for-query/${answer.id}`, {
      token: user.token,
      body: { type: 'map' },
    });
    expect(first.statusCode).toBe(200);
    const { chart } = first.json() as { chart: { url: string; kind: string; title: string } };
    expect(chart.kind).toBe('map');
    // Titled with the question as answered.
    expect(chart.title).toBe(
      'Share of premises by region where full fibre is available, November 2026 snapshot',
    );
    const page = await t.request('GET', chart.url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(CHART_PAGE_CSP);
    expect(page.body).toContain(`/api/charts/assets/${(await boundaryAsset('itl1')).name}`);
    expect(page.body).toContain(`/api/charts/assets/${(await chartPageScript('map')).name}`);
    expect(page.body).toContain('Full fibre coverage, % of premises');
    // The page (its spec and data) compressed for a browser.
    const compressed = await t.request('GET', chart.url, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString('utf8')).toBe(page.body);
    // Stored once: asking again gives the same chart.
    const again = (
      await t.request('POST', `/api/charts/for-query/${answer.id}`, {
        token: user.token,
        body: { type: 'map' },
      })
    ).json() as { chart: { url: string } };
    expect(again.chart.url.split('?')[0]).toBe(chart.url.split('?')[0]);
    expect((await t.request('POST', `/api/charts/for-query/${answer.id}`)).statusCode).toBe(401);
    expect(
      (
        await t.request('POST', '/api/charts/for-query/00000000-0000-0000-0000-000000000000', {
          token: user.token,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("follows its query's visibility: archived by its asker, another user's chart of it is gone", async () => {
    const asker = await t.createUser();
    const viewer = await t.createUser();
    const answer = queryResultSchema.parse(
      (
        await t.request('POST', '/api/query', {
          token: asker.token,
          body: { prompt: 'Full fibre coverage by region' },
        })
      ).json(),
    );
    const charted = async (who: TestUser) =>
      (
        (await t.request('POST', `/api/charts/for-query/${answer.id}`, { token: who.token })).json() as {
          chart: { url: string };
        }
      ).chart.url;
    const viewersChart = await charted(viewer);
    const askersChart = await charted(asker);
    expect((await t.request('GET', viewersChart)).statusCode).toBe(200);

    const archived = await t.request('POST', `/api/history/archive-query/${answer.id}`, {
      token: asker.token,
    });
    expect(archived.json()).toEqual({ is_archived: true });
    // The viewer may no longer see the query, nor the chart drawn from it (with a link signed before).
    expect(
      (await t.request('GET', `/api/history/queries/${answer.id}`, { token: viewer.token })).statusCode,
    ).toBe(404);
    const gone = await t.request('GET', viewersChart);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('Chart not found.');
    // The asker still sees both.
    expect((await t.request('GET', askersChart)).statusCode).toBe(200);
    // Unarchived, it is back.
    await t.request('POST', `/api/history/archive-query/${answer.id}`, { token: asker.token });
    expect((await t.request('GET', viewersChart)).statusCode).toBe(200);
  });

  it('ends a chart link with the session that received it', async () => {
    const owner = await t.createUser();
    const answer = queryResultSchema.parse(
      (
        await t.request('POST', '/api/query', {
          token: owner.token,
          body: { prompt: 'Full fibre coverage by region' },
        })
      ).json(),
    );
    const link = async (token: string) =>
      (
        (await t.request('POST', `/api/charts/for-query/${answer.id}`, { token })).json() as {
          chart: { url: string };
        }
      ).chart.url;
    const laptop = await link(owner.token);
    const phoneToken = await t.login(owner.email, owner.password);
    const phone = await link(phoneToken);
    expect((await t.request('GET', laptop)).statusCode).toBe(200);

    // Signing out on the laptop ends the laptop's links, not the phone's.
    await t.request('POST', '/api/auth/logout', { token: owner.token });
    const ended = await t.request('GET', laptop);
    expect(ended.statusCode).toBe(403);
    expect(ended.body).toContain('This chart link has expired');
    expect((await t.request('GET', phone)).statusCode).toBe(200);
    // Signing out everywhere ends them all.
    await t.request('POST', '/api/auth/logout-everywhere', { token: phoneToken });
    expect((await t.request('GET', phone)).statusCode).toBe(403);
    // A link signed for one user's chart does not open another's.
    const other = await t.createUser();
    const others = await link(other.token);
    const [, token] = others.split('?');
    expect((await t.request('GET', `${phone.split('?')[0]}?${token}`)).statusCode).toBe(404);
  });
});
