/**
 * GET /api/charts/{id}: the chart or map page for an iframe (owner only: a signed link token, or a Bearer
 * header for API clients); GET /api/charts/assets/{file}: the ECharts build and our renderer, from this origin;
 * GET /api/charts/catalog and /api/charts/catalog/<path>?period=&format=json|csv|html: the chart catalog.
 */
import { parseCsv, type QueryVisualResponse, queryVisualRequestSchema } from '@qa/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { toCsv } from '../../analyst/agent/csv.js';
import { chartData } from '../../analyst/tools/create-chart.tool.js';
import { loadTable } from '../../analyst/tools/tabular-data.js';
import type { ToolContext } from '../../analyst/tools/tool-types.js';
import { snapshotRange } from '../../analyst/tools/warehouse-sql.js';
import { chooseVisual } from '../../analyst/visuals/auto-visual.js';
import { BOUNDARY_MAPS, type BoundaryMap } from '../../analyst/visuals/boundaries.js';
import { CATALOG_FORMATS, chartCatalog, resolveCatalogChart } from '../../analyst/visuals/chart-catalog.js';
import { buildChartSpec, downloadData } from '../../analyst/visuals/echarts-spec.js';
import { bearerToken, currentUser } from '../../lib/auth-guard.js';
import { AppError, parseInput } from '../../lib/errors.js';
import type { QuestionsService } from '../questions/questions.service.js';
import {
  assetByName,
  boundaryAsset,
  chartPageScript,
  chooseEncoding,
  compressPage,
  warmChartAssets,
} from './chart-assets.js';
import { CHART_PAGE_CSP, chartMessagePage, chartPageHtml } from './chart-page.js';
import type { ChartService } from './charts.service.js';

/**
 * Asset names carry a hash of their content, so anything that caches may keep them for good. (Browsers keep no HTTP
 * cache for the chart page itself: its sandbox gives it an opaque origin. So the scripts are kept small instead.)
 */
const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Bumped when the visual chosen for a query changes, so stored visuals are drawn afresh. */
const VISUAL_VERSION = 'v3';

export interface ChartsRoutesOptions {
  charts: ChartService;
  /** Who may see which query (the query tool's results get a visual of their own). */
  history?: Pick<QuestionsService, 'visibleQuery'>;
  /** Whether a user may still see a query (a chart drawn from a query follows the query's visibility). */
  canSeeQuery?: (userId: string, queryId: string) => Promise<boolean>;
  /** The tools' context for one user (the catalog draws with the same code as the chat). */
  toolContext: (userId: string) => Promise<ToolContext>;
}

export async function chartsRoutes(
  app: FastifyInstance,
  { charts, history, toolContext, canSeeQuery }: ChartsRoutesOptions,
) {
  // Building the page script and boundaries takes a second or two of CPU: a listening server starts at once, so
  // the first chart page does not wait (tests that never listen do not pay for it).
  app.addHook('onListen', async () => {
    warmChartAssets().catch((error: unknown) =>
      app.log.error({ err: error }, 'chart assets failed to build'),
    );
  });

  // The assets are public (our renderer with ECharts, ONS boundaries) and are loaded by chart pages whose
  // sandbox gives them an opaque origin, so they are served as cross-origin resources; each is compressed once.
  app.get('/assets/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const asset = await assetByName(file);
    if (!asset) throw AppError.notFound('No such asset');
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', ASSET_CACHE_CONTROL)
      .header('cross-origin-resource-policy', 'cross-origin')
      // Lets the page's own resource timing see sizes and phases (benchmarks; nothing secret in a public file).
      .header('timing-allow-origin', '*')
      .header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? asset[encoding] : asset.raw);
  });

  // The visual of a query result (map, line or bar chart, chosen by the chart picker from the result's shape, or
  // the type the reader chose on the Chart/Table switch), for whoever may see the query; `chart: null` when it is
  // best read as a table. Stored once per query, viewer and type.
  app.post('/for-query/:queryId', { onRequest: app.requireUser }, async (request) => {
    if (!history) throw AppError.notFound('Not available');
    const user = currentUser(request);
    const { queryId } = request.params as { queryId: string };
    const { type: requested } = parseInput(queryVisualRequestSchema, request.body ?? {});
    const query = await history.visibleQuery(user, queryId);
    const none: QueryVisualResponse = { chart: null, type: 'table', choices: ['table'] };
    if (!query.csv_results || !query.sql_query) return none;
    const [columns, ...rows] = parseCsv(query.csv_results);
    if (!columns) return none;
    const choice = chooseVisual({
      title: query.interpretation || query.prompt,
      columns,
      rows,
      sql: query.sql_query,
      requested,
    });
    const { visual, type, choices, note } = choice;
    const answer = (chart: QueryVisualResponse['chart']): QueryVisualResponse => ({
      chart,
      type,
      choices,
      ...(note ? { note } : {}),
    });
    if (!visual) return answer(null);
    const id = charts.links.derivedId('query-visual', VISUAL_VERSION, query.id, user.id, type);
    const chart = await charts.saveOnce(id, user.id, {
      kind: visual.kind,
      title: visual.title,
      spec: visual.spec as unknown as Record<string, unknown>,
      queryId: query.id,
    });
    return answer({ ...chart, url: charts.links.sign(chart.url, user) });
  });

  registerCatalogRoutes(app, charts, toolContext);

  app.get('/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const { token, theme } = request.query as { token?: string; theme?: string };
    const chart = await charts.get(id);
    const page = (status: number, message: string) =>
      htmlReply(reply, status).send(chartMessagePage(message));
    if (!chart) return page(404, 'Chart not found.');
    const allowed = await allowedToView(
      app,
      request,
      token,
      (t) => charts.checkLink(t, id, chart.user_id),
      chart.user_id,
    );
    if (allowed === 'expired')
      return page(403, 'This chart link has expired: reload the conversation to see it again.');
    // Someone else's chart answers exactly like a chart that does not exist; so does a chart of a query its
    // owner may no longer see (archived by someone else).
    if (allowed !== 'ok') return page(404, 'Chart not found.');
    if (chart.query_id && !(await canSeeQuery?.(chart.user_id, chart.query_id))) {
      return page(404, 'Chart not found.');
    }
    const map = (chart.spec as { geo?: { map?: unknown } } | null)?.geo?.map;
    const [script, boundaries] = await Promise.all([
      chartPageScript(chart.kind === 'map' || map ? 'map' : 'chart'),
      (BOUNDARY_MAPS as readonly unknown[]).includes(map) ? boundaryAsset(map as BoundaryMap) : undefined,
    ]);
    const html = chartPageHtml({
      title: chart.title,
      spec: chart.spec,
      // The app's theme (the frame cannot read it: the page runs in an opaque origin).
      theme: theme === 'dark' ? 'dark' : 'light',
      scripts: [
        ...(boundaries ? [`/api/charts/assets/${boundaries.name}`] : []),
        `/api/charts/assets/${script.name}`,
      ],
    });
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    htmlReply(reply, 200).header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(await compressPage(html, encoding));
  });
}

const catalogQuery = z.object({
  period: z.string().max(20).optional(),
  format: z.enum(CATALOG_FORMATS).default('json'),
});

/**
 * The chart catalog: its list, and each chart's data as JSON or CSV, or (format=html) drawn as a chart page the
 * reader is redirected to.
 */
function registerCatalogRoutes(
  app: FastifyInstance,
  charts: ChartService,
  toolContext: ChartsRoutesOptions['toolContext'],
) {
  app.get('/catalog', { onRequest: app.requireUser }, async (request) => {
    const context = await toolContext(currentUser(request).id);
    return chartCatalog(await snapshotRange(context));
  });

  app.get('/catalog/*', { onRequest: app.requireUser }, async (request, reply) => {
    const user = currentUser(request);
    const chartPath = (request.params as { '*': string })['*'];
    const { period, format } = parseInput(catalogQuery, request.query);
    const context = await toolContext(user.id);
    const resolved = resolveCatalogChart(chartPath, period, await snapshotRange(context));
    if ('error' in resolved) throw AppError.notFound(resolved.error);
    const loaded = await loadTable(context, { sql: resolved.sql });
    if (!loaded.ok) throw new AppError('internal', loaded.error);
    const { columns, rows } = loaded.table;
    if (format === 'csv') {
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${resolved.path.replace(/\W+/g, '-')}.csv"`)
        .send(
          toCsv(
            columns.map((name) => ({ name, type: 'text' })),
            rows,
          ),
        );
    }
    if (format === 'json') return { path: resolved.path, title: resolved.title, columns, rows };
    const data = chartData(loaded.table, {
      chart_type: resolved.type,
      x: resolved.x,
      y: resolved.y,
      series: resolved.series,
    });
    if ('error' in data) throw new AppError('internal', data.error);
    // Stored once per reader, chart, period and snapshot: a page reloaded (or a link called in a loop) draws the
    // same chart again instead of storing a new one each time.
    const range = await snapshotRange(context);
    const id = charts.links.derivedId(
      'catalog',
      VISUAL_VERSION,
      resolved.path,
      period ?? '',
      range.latest,
      user.id,
    );
    const saved = await charts.saveOnce(id, user.id, {
      kind: 'chart',
      title: resolved.title,
      spec: buildChartSpec({
        type: resolved.type,
        title: resolved.title,
        ...data,
        yLabel: resolved.yLabel,
        ...downloadData(columns, rows),
      }) as never,
    });
    return reply.redirect(charts.links.sign(saved.url, user), 302);
  });
}

function htmlReply(reply: FastifyReply, status: number) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', CHART_PAGE_CSP)
    .header('cache-control', 'private, no-store')
    .header('referrer-policy', 'no-referrer');
}

async function allowedToView(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string | undefined,
  check: (token: string) => Promise<'ok' | 'invalid' | 'expired'>,
  ownerId: string,
): Promise<'ok' | 'invalid' | 'expired'> {
  if (token) return check(token);
  const bearer = bearerToken(request.headers.authorization);
  if (!bearer) return 'invalid';
  const result = await app.authenticator.authenticate(bearer);
  return result.ok && result.user.id === ownerId ? 'ok' : 'invalid';
}
