/**
 * The chart catalog (also a chat tool): ready-made charts of the broadband data, keyed by path, each
 * published for a few periods and in a few formats. A catalog chart is a fixed, portable SQL query plus how to
 * draw it; the chat's chart_catalog tool draws one on request, and GET /api/charts/catalog/<path> serves one as
 * JSON, CSV or a chart page.
 */
import type { ChartCatalog } from '@qa/contracts';
import { addMonths, SEGMENTS, segmentSql, sqlString } from '@qa/warehouse';
import type { ChartType } from './echarts-spec.js';

export const CATALOG_FORMATS = ['html', 'json', 'csv'] as const;
export type CatalogFormat = (typeof CATALOG_FORMATS)[number];

/** Point-in-time charts: 'latest' and the same month in earlier years. */
const SNAPSHOT_YEARS_BACK = 4;
const TREND_WINDOWS = ['12m', '24m', 'all'] as const;
const QUARTER_WINDOWS = ['4q', '8q', 'all'] as const;

export interface CatalogDates {
  earliest: string;
  latest: string;
}

export interface ResolvedCatalogChart {
  path: string;
  title: string;
  type: ChartType;
  sql: string;
  x: string;
  y: string;
  series?: string;
  yLabel: string;
}

interface CatalogEntry {
  title: string;
  kind: 'snapshot' | 'trend' | 'quarters' | 'forecast';
  type: ChartType;
  x: string;
  y: string;
  series?: string;
  yLabel: string;
  /** SQL for one period; `at` is a snapshot date, `from` the first date of a window. */
  sql(period: { at: string; latest: boolean; from: string; quarters: number | null }): string;
}

/** The snapshot's tables: the latest-only tables are much smaller than the time series. */
function snapshotTables(at: string, latest: boolean) {
  const where = (alias?: string) =>
    latest ? '1 = 1' : `${alias ? `${alias}.` : ''}reported_at = DATE ${sqlString(at)}`;
  return latest
    ? { upc: 'upc_output', fact: 'fact_operator', altnet: 'fact_altnet', where }
    : {
        upc: 'upc_output_time_series',
        fact: 'fact_operator_time_series',
        altnet: 'fact_altnet_time_series',
        where,
      };
}

/** The model's segments on a fact table, unqualified or on alias f. */
const FULL_FIBRE = (alias = '') => segmentSql('full_fibre', 'row', { alias });
const GIGABIT = (alias = '') => segmentSql('gigabit', 'row', { alias });

const coverageByRegion =
  (condition: string, column: string) =>
  ({ at, latest }: { at: string; latest: boolean }) => {
    const t = snapshotTables(at, latest);
    return `SELECT u.government_region,
  ROUND(CAST(100.0 * SUM(CASE WHEN c.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS NUMERIC), 2) AS ${column}
FROM ${t.upc} u
LEFT JOIN (SELECT DISTINCT postcode FROM ${t.fact} WHERE ${t.where()} AND ${condition}) c ON c.postcode = u.postcode
WHERE ${t.where('u')}
GROUP BY u.government_region
ORDER BY ${column} DESC`;
  };

const ENTRIES: Record<string, CatalogEntry> = {
  'coverage/full-fibre-by-region': {
    title: `${SEGMENTS.full_fibre.title} coverage by region`,
    kind: 'snapshot',
    type: 'bar',
    x: 'government_region',
    y: 'full_fibre_pct',
    yLabel: '% of premises',
    sql: coverageByRegion(FULL_FIBRE(), 'full_fibre_pct'),
  },
  'coverage/gigabit-by-region': {
    title: `${SEGMENTS.gigabit.title} coverage by region`,
    kind: 'snapshot',
    type: 'bar',
    x: 'government_region',
    y: 'gigabit_pct',
    yLabel: '% of premises',
    sql: coverageByRegion(GIGABIT(), 'gigabit_pct'),
  },
  'coverage/full-fibre-trend': {
    title: 'UK full fibre coverage over time',
    kind: 'trend',
    type: 'line',
    x: 'reported_at',
    y: 'full_fibre_pct',
    yLabel: '% of premises',
    sql: ({ from }) => `SELECT u.reported_at,
  ROUND(CAST(100.0 * SUM(CASE WHEN c.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS NUMERIC), 2) AS full_fibre_pct
FROM upc_output_time_series u
LEFT JOIN (SELECT DISTINCT postcode, reported_at FROM fact_operator_time_series
           WHERE ${FULL_FIBRE()} AND reported_at >= DATE ${sqlString(from)}) c
  ON c.postcode = u.postcode AND c.reported_at = u.reported_at
WHERE u.reported_at >= DATE ${sqlString(from)}
GROUP BY u.reported_at
ORDER BY u.reported_at`,
  },
  'networks/largest-full-fibre-networks': {
    title: 'Largest full-fibre networks by premises passed',
    kind: 'snapshot',
    type: 'bar',
    x: 'operator_group',
    y: 'premises_passed',
    yLabel: 'Premises passed',
    sql: ({ at, latest }) => {
      const t = snapshotTables(at, latest);
      return `SELECT g.operator_group, SUM(u.premises) AS premises_passed
FROM (SELECT DISTINCT f.postcode, o.operator_group FROM ${t.fact} f JOIN operators o ON o.operator = f.operator
      WHERE ${t.where('f')} AND ${FULL_FIBRE('f')}) g
JOIN ${t.upc} u ON u.postcode = g.postcode AND ${t.where('u')}
GROUP BY g.operator_group
ORDER BY premises_passed DESC
LIMIT 15`;
    },
  },
  'altnets/altnet-footprints': {
    title: 'Altnet footprints (premises passed)',
    kind: 'snapshot',
    type: 'bar',
    x: 'altnet',
    y: 'premises_passed',
    yLabel: 'Premises passed',
    sql: ({ at, latest }) => {
      const t = snapshotTables(at, latest);
      return `SELECT a.operator AS altnet, SUM(u.premises) AS premises_passed
FROM (SELECT DISTINCT postcode, operator FROM ${t.altnet} WHERE ${t.where()}) a
JOIN ${t.upc} u ON u.postcode = a.postcode AND ${t.where('u')}
GROUP BY a.operator
ORDER BY premises_passed DESC
LIMIT 20`;
    },
  },
  'take-up/lines-by-technology': {
    title: 'Fixed broadband lines by technology',
    kind: 'quarters',
    type: 'stacked',
    x: 'quarter',
    y: 'lines',
    series: 'tech',
    yLabel: 'Lines',
    sql: ({ quarters }) => `SELECT quarter, tech, SUM(lines) AS lines
FROM take_up_quarterly
${quarters ? `WHERE quarter IN (SELECT DISTINCT quarter FROM take_up_quarterly ORDER BY quarter DESC LIMIT ${quarters})` : ''}
GROUP BY quarter, tech
ORDER BY quarter, tech`,
  },
  'forecast/full-fibre-forecast': {
    title: 'Forecast full-fibre premises to 2030',
    kind: 'forecast',
    type: 'line',
    x: 'reported_at',
    y: 'premises',
    yLabel: 'Premises with full fibre (forecast)',
    sql: () => `SELECT f.reported_at, SUM(u.premises) AS premises
FROM (SELECT DISTINCT postcode, reported_at FROM forecast_footprint) f
JOIN upc_output u ON u.postcode = f.postcode
GROUP BY f.reported_at
ORDER BY f.reported_at`,
  },
};

function periodsOf(entry: CatalogEntry, dates: CatalogDates): string[] {
  switch (entry.kind) {
    case 'snapshot': {
      const periods = ['latest'];
      for (let years = 1; years <= SNAPSHOT_YEARS_BACK; years += 1) {
        const date = addMonths(dates.latest, -years * 12);
        if (date >= dates.earliest) periods.push(date);
      }
      return periods;
    }
    case 'trend':
      return [...TREND_WINDOWS];
    case 'quarters':
      return [...QUARTER_WINDOWS];
    case 'forecast':
      return ['to-2030'];
  }
}

export const CATALOG_EXAMPLE_PATH = 'coverage/full-fibre-by-region';

export function chartCatalog(dates: CatalogDates): ChartCatalog {
  return {
    charts: Object.fromEntries(
      Object.entries(ENTRIES).map(([path, entry]) => [
        path,
        { title: entry.title, public_periods: periodsOf(entry, dates), formats: [...CATALOG_FORMATS] },
      ]),
    ),
    example_url: `/api/charts/catalog/${CATALOG_EXAMPLE_PATH}?period=latest&format=json`,
    note:
      'Ready-made charts of the broadband data. In the chat, call chart_catalog with a path and one of its ' +
      'public_periods to draw one. Over the API, GET /api/charts/catalog/<path>?period=<period>&format=json|csv|html ' +
      'with your sign-in token. Operator-level figures are modelled (synthetic, calibrated to public figures).',
  };
}

export function resolveCatalogChart(
  path: string,
  period: string | undefined,
  dates: CatalogDates,
): ResolvedCatalogChart | { error: string; paths?: string[]; periods?: string[] } {
  const entry = ENTRIES[path.replace(/^\/+|\/+$/g, '')];
  if (!entry) return { error: `No catalog chart '${path}'.`, paths: Object.keys(ENTRIES) };
  const periods = periodsOf(entry, dates);
  const chosen = period ?? periods[0]!;
  if (!periods.includes(chosen))
    return { error: `Period '${chosen}' is not published for ${path}.`, periods };
  const latest = chosen === 'latest' || entry.kind !== 'snapshot';
  const at = entry.kind === 'snapshot' && !latest ? chosen : dates.latest;
  const from =
    chosen === '12m'
      ? addMonths(dates.latest, -11)
      : chosen === '24m'
        ? addMonths(dates.latest, -23)
        : dates.earliest;
  const quarters = chosen === '4q' ? 4 : chosen === '8q' ? 8 : null;
  const suffix = entry.kind === 'snapshot' ? ` (${chosen === 'latest' ? dates.latest : chosen})` : '';
  return {
    path,
    title: `${entry.title}${suffix}`,
    type: entry.type,
    sql: entry.sql({ at, latest, from, quarters }),
    x: entry.x,
    y: entry.y,
    ...(entry.series ? { series: entry.series } : {}),
    yLabel: entry.yLabel,
  };
}
