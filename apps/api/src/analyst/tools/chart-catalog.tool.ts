import { z } from 'zod';
import { chartCatalog, resolveCatalogChart } from '../visuals/chart-catalog.js';
import { buildChartSpec } from '../visuals/echarts-spec.js';
import { CHART_SHOWN_NOTE, chartData } from './create-chart.tool.js';
import { loadTable } from './tabular-data.js';
import { defineTool, toolError } from './tool-types.js';
import { snapshotRange } from './warehouse-sql.js';

export const chartCatalogTool = defineTool({
  name: 'chart_catalog',
  title: 'Chart catalog',
  description:
    'The catalog of ready-made charts (coverage by region, coverage over time, largest networks, altnet ' +
    'footprints, take-up by technology, forecasts), each with the periods it is published for. Without a path ' +
    'it lists the catalog; with a path (and optionally one of its public_periods) it draws that chart for the user.',
  inputSchema: z.object({
    path: z.string().max(200).optional().describe('A catalog path, e.g. coverage/full-fibre-by-region'),
    period: z.string().max(20).optional().describe("One of the chart's public_periods (default: the first)"),
  }),
  async execute({ path, period }, context) {
    const dates = await snapshotRange(context);
    if (!path) return chartCatalog(dates);
    const resolved = resolveCatalogChart(path, period, dates);
    if ('error' in resolved) return toolError(resolved.error, { ...resolved, error: undefined });
    const loaded = await loadTable(context, { sql: resolved.sql });
    if (!loaded.ok) return toolError(loaded.error);
    const data = chartData(loaded.table, {
      chart_type: resolved.type,
      x: resolved.x,
      y: resolved.y,
      series: resolved.series,
    });
    if ('error' in data) return toolError(data.error);
    const saved = await context.charts.save({
      kind: 'chart',
      title: resolved.title,
      spec: buildChartSpec({
        type: resolved.type,
        title: resolved.title,
        categories: data.categories,
        series: data.series,
        xLabel: data.xLabel,
        yLabel: resolved.yLabel,
      }) as unknown as Record<string, unknown>,
    });
    return {
      ...saved,
      path: resolved.path,
      period: period ?? null,
      sql: resolved.sql,
      columns: loaded.table.columns,
      rows: loaded.table.rows.slice(0, 50),
      row_count: loaded.table.rows.length,
      note: CHART_SHOWN_NOTE,
    };
  },
});
