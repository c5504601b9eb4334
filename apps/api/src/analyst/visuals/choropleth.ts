/**
 * A table keyed by local authority, region or nation -> a choropleth spec: each row matched to its boundary area
 * (ONS code or name, loosely), a filtered answer (one region's authorities, one nation) zoomed to its part of the
 * map, and the measure in words.
 */
import { MAPPABLE_PLACE_COLUMNS } from '@qa/warehouse';
import { type BoundaryArea, boundaryAreas, type PlaceKind, placeMatcher } from './boundaries.js';
import { buildChoroplethSpec, type ChartSpec, type ChoroplethArea, mapSubtitle } from './echarts-spec.js';
import { dimensionLabel, type MeasureLabel, measureLabel } from './labels.js';

/** The places with boundaries to fill: the semantic model's mappable places. */
export const PLACE_KINDS = MAPPABLE_PLACE_COLUMNS as readonly PlaceKind[];

export interface ChoroplethTable {
  columns: string[];
  rows: unknown[][];
}

export interface ChoroplethResult {
  spec: ChartSpec;
  matched: number;
  unmatched: string[];
  drawn: number;
}

const toNumber = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

export function buildChoropleth({
  table,
  placeIndex,
  place,
  valueIndex,
  title,
  measure: given,
}: {
  table: ChoroplethTable;
  placeIndex: number;
  place: PlaceKind;
  valueIndex: number;
  title: string;
  /** The measure in words, when the caller knows it better than the column's name. */
  measure?: MeasureLabel;
}): ChoroplethResult {
  const matcher = placeMatcher(place);
  const byCode = new Map<string, ChoroplethArea>();
  const unmatched: string[] = [];
  let matched = 0;
  for (const row of table.rows) {
    const text = String(row[placeIndex] ?? '');
    const areas = matcher.match(text);
    if (areas.length === 0) {
      unmatched.push(text);
      continue;
    }
    matched += 1;
    const value = valueIndex >= 0 ? toNumber(row[valueIndex]) : null;
    for (const area of areas) {
      // A nation drawn as its regions names the nation on hover.
      const name = place === 'country' ? text : area.name;
      if (!byCode.has(area.code)) byCode.set(area.code, { code: area.code, name, value });
    }
  }

  // The map is zoomed to the result: the regions (authorities) or nations (regions) its places lie in, unless they
  // make up most of the UK. The other areas of those regions are drawn as "not in this result".
  let drawCodes: string[] | undefined;
  const all = boundaryAreas(matcher.map);
  if (byCode.size > 0 && byCode.size < all.length * 0.8) {
    const chosen = all.filter((a) => byCode.has(a.code));
    const key = (a: BoundaryArea) => (matcher.map === 'lad' ? a.region : a.country);
    const touched = new Set(chosen.map(key));
    const drawn = all.filter((a) => touched.has(key(a)));
    if (drawn.length < all.length * 0.8) drawCodes = drawn.map((a) => a.code);
  }
  const measureColumn = valueIndex >= 0 ? table.columns[valueIndex]! : 'value';
  const measure = given ?? measureLabel(measureColumn, title);
  const london =
    matcher.map === 'lad' &&
    (!drawCodes || all.some((a) => a.region === 'London' && drawCodes.includes(a.code)));
  const note = mapSubtitle(title, measure.name, dimensionLabel(place));
  const spec = buildChoroplethSpec({
    title,
    map: matcher.map,
    areas: [...byCode.values()],
    measure,
    ...(drawCodes ? { drawCodes } : {}),
    london: london && (!drawCodes || drawCodes.length > 40),
    ...(note ? { note } : {}),
    outside: (drawCodes?.length ?? all.length) > byCode.size,
    data: {
      columns: table.columns,
      rows: table.rows,
    },
  });
  return { spec, matched, unmatched, drawn: drawCodes?.length ?? all.length };
}
