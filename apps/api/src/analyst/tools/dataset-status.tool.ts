import { z } from 'zod';
import type { AgentWarehouse } from '../agent/agent-warehouse.js';
import { defineTool, type ToolContext, type ToolOutput } from './tool-types.js';
import { queryRows } from './warehouse-sql.js';

const STATUS_TTL_MS = 10 * 60_000;

interface DatasetStatusRow {
  dataset: string;
  earliest: string | null;
  latest: string | null;
  cadence: string;
  tables: { name: string; rows: number | null }[];
}

/** Tables small enough to count on every engine (the time series are counted only where the engine keeps counts). */
const COUNTED: Record<string, string[]> = {
  upc: ['upc_output', 'fact_operator', 'fact_altnet', 'operators', 'local_authorities'],
  upc_forecast: ['forecast_footprint', 'postcode_attractiveness'],
  take_up: ['take_up_quarterly', 'take_up_postcode'],
};

const cache = new WeakMap<AgentWarehouse, { at: number; value: Promise<DatasetStatusRow[]> }>();

async function readStatus(context: ToolContext): Promise<DatasetStatusRow[]> {
  const known = new Set(Object.keys(context.warehouse.tableColumns()));
  const range = async (sql: string) => {
    const row = (await queryRows(context, sql, 1)).rows[0] ?? [];
    return [row[0] == null ? null : String(row[0]), row[1] == null ? null : String(row[1])] as const;
  };
  const count = async (table: string) =>
    known.has(table)
      ? Number((await queryRows(context, `SELECT COUNT(*) AS n FROM ${table}`, 1)).rows[0]?.[0] ?? 0)
      : null;
  const counts = async (dataset: string) =>
    Promise.all((COUNTED[dataset] ?? []).map(async (name) => ({ name, rows: await count(name) })));

  // The date tables when the warehouse has them: MIN/MAX over the time-series views expands every snapshot.
  const calendar = await context.warehouse.calendar?.();
  const span = (dates: string[]) =>
    [dates[0] ?? null, dates.length ? dates[dates.length - 1]! : null] as const;
  const [upc, forecast, takeUp] = calendar
    ? [span(calendar.months), span(calendar.forecastDates), span(calendar.quarters)]
    : await Promise.all([
        range('SELECT MIN(reported_at), MAX(reported_at) FROM upc_output_time_series'),
        range('SELECT MIN(reported_at), MAX(reported_at) FROM forecast_footprint'),
        range('SELECT MIN(quarter), MAX(quarter) FROM take_up_quarterly'),
      ]);
  return [
    {
      dataset: 'upc',
      earliest: upc[0],
      latest: upc[1],
      cadence: 'monthly snapshots on the 1st of each month',
      tables: await counts('upc'),
    },
    {
      dataset: 'upc_forecast',
      earliest: forecast[0],
      latest: forecast[1],
      cadence: 'half-yearly forecast points (June and December)',
      tables: await counts('upc_forecast'),
    },
    {
      dataset: 'take_up',
      earliest: takeUp[0],
      latest: takeUp[1],
      cadence: 'quarterly',
      tables: await counts('take_up'),
    },
  ];
}

export const datasetStatusTool = defineTool({
  name: 'dataset_status',
  title: 'Dataset status',
  description:
    'How current each dataset is: the first and latest snapshot (or quarter), its cadence and table sizes. Use ' +
    'it to know which date "latest" or "now" means before answering a time question.',
  inputSchema: z.object({}),
  async execute(_input, context): Promise<ToolOutput> {
    const hit = cache.get(context.warehouse);
    if (hit && Date.now() - hit.at < STATUS_TTL_MS) return { datasets: await hit.value };
    const value = readStatus(context);
    cache.set(context.warehouse, { at: Date.now(), value });
    value.catch(() => cache.delete(context.warehouse));
    return { datasets: await value };
  },
});
