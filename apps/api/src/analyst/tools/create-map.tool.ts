import { PLACE_KEY_COLUMNS, sqlString } from '@qa/warehouse';
import { z } from 'zod';
import type { AgentWarehouse } from '../agent/agent-warehouse.js';
import type { PlaceKind } from '../visuals/boundaries.js';
import { buildChoropleth, PLACE_KINDS } from '../visuals/choropleth.js';
import { buildMapSpec, downloadData, type MapPoint } from '../visuals/echarts-spec.js';
import { dimensionLabel, measureLabel } from '../visuals/labels.js';
import {
  categoryText,
  findColumn,
  inlineRowsSchema,
  isNumericColumn,
  label,
  loadTable,
  type Table,
} from './tabular-data.js';
import { defineTool, type ToolContext, toolError } from './tool-types.js';
import { queryRows, toNumber } from './warehouse-sql.js';

/** Geography columns a map can be keyed by, most specific first: the semantic model's places. */
export const GEO_KEYS = PLACE_KEY_COLUMNS;
type GeoKey = string;
/** The places a sampled postcode is in (every place key but the postcode itself). */
const SAMPLE_KEYS = GEO_KEYS.filter((k) => k !== 'postcode');

const DEFAULT_SAMPLE = 6_000;
const MAX_SAMPLE = 15_000;
const MAX_POINTS = 15_000;
const SAMPLE_TTL_MS = 30 * 60_000;

interface SampledPostcode {
  latitude: number;
  longitude: number;
  keys: Record<string, string>;
}

const sampleCache = new WeakMap<
  AgentWarehouse,
  Map<number, { at: number; rows: Promise<SampledPostcode[]> }>
>();

/**
 * A fixed, evenly spread sample of live postcodes with their coordinates and geography: ordering by a hash of
 * the postcode spreads the sample over the whole country, and the dots' density follows where people live.
 */
function samplePostcodes(context: ToolContext, size: number): Promise<SampledPostcode[]> {
  let byWarehouse = sampleCache.get(context.warehouse);
  if (!byWarehouse) {
    byWarehouse = new Map();
    sampleCache.set(context.warehouse, byWarehouse);
  }
  const hit = byWarehouse.get(size);
  if (hit && Date.now() - hit.at < SAMPLE_TTL_MS) return hit.rows;
  const rows = queryRows(
    context,
    `SELECT latitude, longitude, ${SAMPLE_KEYS.join(', ')}
     FROM upc_output WHERE latitude IS NOT NULL AND longitude IS NOT NULL ORDER BY md5(postcode) LIMIT ${size}`,
    size,
  ).then((result) =>
    result.rows.map((row) => ({
      latitude: Number(row[0]),
      longitude: Number(row[1]),
      keys: Object.fromEntries(SAMPLE_KEYS.map((key, i) => [key, String(row[i + 2])])),
    })),
  );
  rows.catch(() => byWarehouse.delete(size));
  byWarehouse.set(size, { at: Date.now(), rows });
  return rows;
}

const normalise = (value: unknown) => categoryText(value).trim().toLowerCase();

export const createMapTool = defineTool({
  name: 'create_map',
  title: 'Create a map',
  description:
    'Draw a map of the UK coloured by a measure and show it to the user: rows keyed by local authority (la_code ' +
    'or la_name), region (government_region), country, postcode area, postcode district or postcode, from a ' +
    'read-only SQL query (preferred) or given rows. Authorities, regions and nations are drawn as filled ONS ' +
    'boundaries (a choropleth with hover, legend and zoom); postcode areas, districts and postcodes as dots of ' +
    "sampled postcodes coloured by their place's value; rows with latitude and longitude as points.",
  inputSchema: z.object({
    title: z.string().min(1).max(200),
    sql: z.string().min(1).max(20_000).optional().describe('One SELECT/WITH query returning the rows to map'),
    data: inlineRowsSchema.optional(),
    area_column: z
      .string()
      .max(100)
      .optional()
      .describe(`The place column, one of ${GEO_KEYS.join(', ')}`),
    value_column: z.string().max(100).optional().describe('The numeric column that colours the map'),
    sample_postcodes: z.number().int().min(500).max(MAX_SAMPLE).optional(),
  }),
  async execute(input, context) {
    const loaded = await loadTable(context, input);
    if (!loaded.ok) return toolError(loaded.error);
    const table = loaded.table;
    const valueIndex = pickValueColumn(table, input.value_column);
    if (valueIndex === -2)
      return toolError(`Unknown value column '${input.value_column}'.`, { columns: table.columns });
    const measure = valueIndex >= 0 ? table.columns[valueIndex]! : 'value';

    const latIndex = table.columns.findIndex((c) => /^(lat|latitude)$/i.test(c));
    const lonIndex = table.columns.findIndex((c) => /^(lon|lng|long|longitude)$/i.test(c));
    let points: MapPoint[];
    let matched = 0;
    let unmatched: string[] = [];
    let keyName: string;
    if (latIndex >= 0 && lonIndex >= 0 && !input.area_column) {
      keyName = 'latitude/longitude';
      points = pointsAt(table, latIndex, lonIndex, valueIndex);
      matched = points.length;
    } else {
      const keyIndex = input.area_column
        ? findColumn(table, input.area_column)
        : table.columns.findIndex((c) => GEO_KEYS.includes(c.toLowerCase()));
      if (keyIndex < 0) {
        return toolError(
          input.area_column
            ? `Unknown area column '${input.area_column}'.`
            : `No place column to map: include one of ${GEO_KEYS.join(', ')} (or latitude and longitude).`,
          { columns: table.columns },
        );
      }
      const key = table.columns[keyIndex]!.toLowerCase() as GeoKey;
      if (!GEO_KEYS.includes(key)) {
        return toolError(
          `'${table.columns[keyIndex]}' is not a place column; use one of ${GEO_KEYS.join(', ')}.`,
        );
      }
      keyName = key;
      if ((PLACE_KINDS as readonly string[]).includes(key)) {
        // Authorities, regions and nations: filled boundaries (a choropleth), not dots.
        const drawn = buildChoropleth({
          table,
          placeIndex: keyIndex,
          place: key as PlaceKind,
          valueIndex,
          title: input.title,
        });
        if (drawn.matched === 0)
          return toolError(`None of the ${key} values matched a boundary.`, {
            examples: drawn.unmatched.slice(0, 5),
          });
        const saved = await context.charts.save({
          kind: 'map',
          title: input.title,
          spec: drawn.spec as unknown as Record<string, unknown>,
        });
        return {
          ...saved,
          mapped_by: key,
          measure,
          measure_label: valueIndex >= 0 ? measureLabel(measure, input.title).name : label(measure),
          places_matched: drawn.matched,
          areas_drawn: drawn.drawn,
          ...(drawn.unmatched.length
            ? {
                places_not_found: drawn.unmatched.slice(0, 20),
                places_not_found_count: drawn.unmatched.length,
              }
            : {}),
          truncated: table.truncated,
          note: 'The map is shown to the user with this tool result; describe what it shows, do not repeat its URL.',
        };
      }
      ({ points, matched, unmatched } = await placeDots(
        context,
        table,
        keyIndex,
        key,
        valueIndex,
        input.sample_postcodes,
      ));
    }
    if (points.length === 0) return toolError('Nothing to draw: no row could be placed on the map.');

    const saved = await context.charts.save({
      kind: 'map',
      title: input.title,
      spec: buildMapSpec({
        title: input.title,
        measure: valueIndex >= 0 ? measureLabel(measure, input.title) : label(measure),
        points,
        place: keyName === 'latitude/longitude' ? 'point' : dimensionLabel(keyName),
        ...downloadData(table.columns, table.rows),
      }) as unknown as Record<string, unknown>,
    });
    return {
      ...saved,
      mapped_by: keyName,
      measure,
      places_matched: matched,
      ...(unmatched.length
        ? { places_not_found: unmatched.slice(0, 20), places_not_found_count: unmatched.length }
        : {}),
      dots: points.length,
      truncated: table.truncated,
      note: 'The map is shown to the user with this tool result; describe what it shows, do not repeat its URL.',
    };
  },
});

/** Rows with a latitude and longitude, as points (the first text column labels them). */
function pointsAt(table: Table, latIndex: number, lonIndex: number, valueIndex: number): MapPoint[] {
  const labelIndex = table.columns.findIndex(
    (_, i) => i !== latIndex && i !== lonIndex && !isNumericColumn(table, i),
  );
  return table.rows.slice(0, MAX_POINTS).flatMap((row) => {
    const latitude = toNumber(row[latIndex]);
    const longitude = toNumber(row[lonIndex]);
    if (latitude === null || longitude === null) return [];
    return [
      {
        latitude,
        longitude,
        value: valueIndex >= 0 ? toNumber(row[valueIndex]) : null,
        label: labelIndex >= 0 ? categoryText(row[labelIndex]) : '',
      },
    ];
  });
}

/**
 * Places keyed by postcode area, district or postcode, as dots: each postcode where it is, or a sample of
 * postcodes coloured by their place's value.
 */
async function placeDots(
  context: ToolContext,
  table: Table,
  keyIndex: number,
  key: GeoKey,
  valueIndex: number,
  sampleSize: number | undefined,
): Promise<{ points: MapPoint[]; matched: number; unmatched: string[] }> {
  const values = new Map<string, { value: number | null; label: string }>();
  for (const row of table.rows) {
    values.set(normalise(row[keyIndex]), {
      value: valueIndex >= 0 ? toNumber(row[valueIndex]) : null,
      label: categoryText(row[keyIndex]),
    });
  }
  const seen = new Set<string>();
  let points: MapPoint[];
  if (key === 'postcode') {
    const wanted = [...values.keys()].slice(0, MAX_POINTS);
    const located = await queryRows(
      context,
      `SELECT postcode, latitude, longitude FROM upc_output WHERE UPPER(postcode) IN (${wanted.map((p) => sqlString(p.toUpperCase())).join(', ')})`,
      MAX_POINTS,
    );
    points = located.rows.map((row) => {
      const found = values.get(normalise(row[0]));
      seen.add(normalise(row[0]));
      return {
        latitude: Number(row[1]),
        longitude: Number(row[2]),
        value: found?.value ?? null,
        label: categoryText(row[0]),
      };
    });
  } else {
    const sample = await samplePostcodes(context, sampleSize ?? DEFAULT_SAMPLE);
    points = sample.map((postcode) => {
      const place = postcode.keys[key] ?? '';
      const found = values.get(place.toLowerCase());
      if (found) seen.add(place.toLowerCase());
      return {
        latitude: postcode.latitude,
        longitude: postcode.longitude,
        value: found?.value ?? null,
        label: found?.label ?? place,
      };
    });
  }
  return {
    points,
    matched: seen.size,
    unmatched: [...values.entries()].filter(([k]) => !seen.has(k)).map(([, v]) => v.label),
  };
}

/** -1: no value column (dots uncoloured), -2: the named column does not exist. */
function pickValueColumn(table: Table, name: string | undefined): number {
  if (name) {
    const index = findColumn(table, name);
    return index >= 0 ? index : -2;
  }
  const numeric = table.columns
    .map((column, i) => ({ column, i }))
    .filter(
      ({ column, i }) =>
        !/^(lat|latitude|lon|lng|long|longitude)$/i.test(column) && isNumericColumn(table, i),
    );
  const ratio = numeric.find(({ column }) => /pct|percent|share|rate|ratio/i.test(column));
  return (ratio ?? numeric[0])?.i ?? -1;
}
