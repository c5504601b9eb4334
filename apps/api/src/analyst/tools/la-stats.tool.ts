import { addMonths, LA_PLACE_COLUMNS, SEGMENTS, segmentSql, sqlString } from '@qa/warehouse';
import { z } from 'zod';
import { buildChartSpec } from '../visuals/echarts-spec.js';
import { defineTool, type ToolContext, toolError } from './tool-types.js';
import { latestSnapshot, queryRows, toNumber } from './warehouse-sql.js';

const GROWTH_MONTHS = 12;
const MAX_CANDIDATES = 10;

const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0);
/** Sums of modelled (fractional) populations come back with float noise: two decimals are plenty. */
const num = (value: unknown) => Math.round((toNumber(value) ?? 0) * 100) / 100;

function monthLabel(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** An authority and the places it is in: the semantic model's places made of whole local authorities. */
type LocalAuthority = Record<string, string> & { la_code: string; la_name: string };

async function findAuthority(
  context: ToolContext,
  text: string,
): Promise<{ found: LocalAuthority } | { candidates: string[] }> {
  const wanted = text.trim().toLowerCase();
  const select = `SELECT ${LA_PLACE_COLUMNS.join(', ')} FROM local_authorities`;
  const toRow = (row: unknown[]) =>
    Object.fromEntries(LA_PLACE_COLUMNS.map((column, i) => [column, String(row[i])])) as LocalAuthority;
  const nameIndex = LA_PLACE_COLUMNS.indexOf('la_name');
  const exact = await queryRows(
    context,
    `${select} WHERE LOWER(la_name) = ${sqlString(wanted)} OR LOWER(la_code) = ${sqlString(wanted)}`,
    2,
  );
  if (exact.rows[0]) return { found: toRow(exact.rows[0]) };
  const like = await queryRows(
    context,
    `${select} WHERE LOWER(la_name) LIKE ${sqlString(`%${wanted}%`)} ORDER BY la_name`,
    MAX_CANDIDATES,
  );
  if (like.rows.length === 1 && like.rows[0]) return { found: toRow(like.rows[0]) };
  return { candidates: like.rows.map((row) => String(row[nameIndex])) };
}

export const laStatsTool = defineTool({
  name: 'la_stats',
  title: 'Local authority statistics',
  description:
    'Broadband statistics for one local authority district at the latest snapshot: premises, postcodes, ' +
    'households and population; full fibre and gigabit coverage; every network present with its premises ' +
    'passed; the altnets; and full-fibre growth over the last 12 months. Also draws a coverage chart for the user.',
  inputSchema: z.object({
    local_authority: z.string().min(2).max(100).describe('Local authority name (e.g. Leeds) or ONS code'),
  }),
  async execute({ local_authority }, context) {
    const match = await findAuthority(context, local_authority);
    if ('candidates' in match) {
      return toolError(
        match.candidates.length
          ? `'${local_authority}' matches several local authorities; name one of them.`
          : `No local authority called '${local_authority}'.`,
        { candidates: match.candidates },
      );
    }
    const la = match.found;
    const code = sqlString(la.la_code);
    const latest = await latestSnapshot(context);
    const yearAgo = addMonths(latest, -GROWTH_MONTHS);

    const [totals, coverage, networks, then] = await authorityFigures(context, code, yearAgo);

    const t = totals.rows[0] ?? [];
    const premises = num(t[1]);
    const c = coverage.rows[0] ?? [];
    const fullFibre = num(c[0]);
    const gigabit = num(c[1]);
    const networkRows = networks.rows.map((row) => ({
      network: String(row[0]),
      altnet: row[1] === true || row[1] === 1 || row[1] === 'true',
      postcodes: num(row[2]),
      premises_passed: num(row[3]),
      coverage_pct: pct(num(row[3]), premises),
    }));
    const previous = then.rows[0] ?? [];
    const premisesThen = num(previous[0]);
    const fullFibreThen = num(previous[1]);
    const growth =
      premisesThen > 0
        ? {
            from: yearAgo,
            to: latest,
            full_fibre_pct_then: pct(fullFibreThen, premisesThen),
            full_fibre_pct_now: pct(fullFibre, premises),
            change_pp: Math.round((pct(fullFibre, premises) - pct(fullFibreThen, premisesThen)) * 100) / 100,
            full_fibre_premises_gained: fullFibre - fullFibreThen,
          }
        : null;

    const title = `${la.la_name}: coverage, ${monthLabel(latest)}`;
    const categories = [
      `${SEGMENTS.full_fibre.title} (any network)`,
      SEGMENTS.gigabit.title,
      ...networkRows.map((n) => n.network),
    ];
    const values = [
      pct(fullFibre, premises),
      pct(gigabit, premises),
      ...networkRows.map((n) => n.coverage_pct),
    ];
    const saved = await context.charts.save({
      kind: 'la_stats',
      title,
      spec: buildChartSpec({
        type: 'bar',
        kind: 'la_stats',
        title,
        categories,
        series: [{ name: 'Share of premises (%)', values }],
        yLabel: '% of premises',
        // Tooltips with the unit, and the bars' figures for the page's CSV download.
        format: { measure: 'Coverage', unit: '% of premises', decimals: 1 },
        data: {
          columns: ['what', 'coverage_pct'],
          rows: categories.map((category, i) => [category, values[i] ?? null]),
        },
      }) as unknown as Record<string, unknown>,
    });

    return {
      local_authority: la,
      snapshot: latest,
      postcodes: num(t[0]),
      premises,
      households: num(t[2]),
      population: num(t[3]),
      full_fibre: { premises: fullFibre, coverage_pct: pct(fullFibre, premises) },
      gigabit: { premises: gigabit, coverage_pct: pct(gigabit, premises) },
      networks_present: networkRows.length,
      networks: networkRows,
      altnets: networkRows.filter((n) => n.altnet).map((n) => n.network),
      growth_12m: growth,
      ...saved,
      note: 'Operator footprints are modelled (synthetic, calibrated to public figures). The chart is shown to the user.',
    };
  },
});

/**
 * One authority's figures, four queries at once: its totals; premises with full fibre and gigabit; each network
 * group with its postcodes and premises passed; and premises and full fibre a year before the latest snapshot.
 */
function authorityFigures(context: ToolContext, code: string, yearAgo: string) {
  return Promise.all([
    queryRows(
      context,
      `SELECT COUNT(*) AS postcodes, SUM(premises) AS premises, SUM(households) AS households, SUM(population) AS population
       FROM upc_output WHERE la_code = ${code}`,
      1,
    ),
    queryRows(
      context,
      `SELECT
         SUM(CASE WHEN ff.postcode IS NOT NULL THEN u.premises ELSE 0 END) AS full_fibre_premises,
         SUM(CASE WHEN gb.postcode IS NOT NULL THEN u.premises ELSE 0 END) AS gigabit_premises
       FROM upc_output u
       LEFT JOIN (SELECT DISTINCT f.postcode FROM fact_operator f WHERE ${segmentSql('full_fibre', 'row')}) ff ON ff.postcode = u.postcode
       LEFT JOIN (SELECT DISTINCT f.postcode FROM fact_operator f WHERE ${segmentSql('gigabit', 'row')}) gb ON gb.postcode = u.postcode
       WHERE u.la_code = ${code}`,
      1,
    ),
    queryRows(
      context,
      `SELECT g.operator_group, g.is_altnet, COUNT(*) AS postcodes, SUM(u.premises) AS premises_passed
       FROM (
         SELECT DISTINCT f.postcode, o.operator_group, o.is_altnet
         FROM fact_operator f
         JOIN operators o ON o.operator = f.operator
         JOIN upc_output p ON p.postcode = f.postcode
         WHERE p.la_code = ${code}
       ) g
       JOIN upc_output u ON u.postcode = g.postcode
       GROUP BY g.operator_group, g.is_altnet
       ORDER BY premises_passed DESC, g.operator_group`,
      200,
    ),
    queryRows(
      context,
      `SELECT SUM(u.premises) AS premises,
         SUM(CASE WHEN EXISTS (
           SELECT 1 FROM fact_operator_time_series f
           WHERE f.postcode = u.postcode AND f.reported_at = u.reported_at AND ${segmentSql('full_fibre', 'row')}
         ) THEN u.premises ELSE 0 END) AS full_fibre_premises
       FROM upc_output_time_series u
       WHERE u.la_code = ${code} AND u.reported_at = DATE ${sqlString(yearAgo)}`,
      1,
    ),
  ]);
}
