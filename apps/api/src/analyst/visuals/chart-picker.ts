/**
 * The chart picker: which visual a result gets, decided in one place for the query tool's result (auto-visual.ts)
 * and the chat's charts (create_chart), by rules an analyst would apply (docs/product.md#charts-and-maps):
 *
 * - lines only over time: a line asked for over categories (regions, operators) is drawn as bars, and says why;
 * - a map only when enough areas fill it: local authorities that make up most of the regions they lie in (a
 *   region's or a nation's authorities), or more than a bar chart holds; 8 or more of the 12 regions. Two or ten
 *   scattered councils are bars: a whole-UK map of a few specks shows nothing;
 * - bars for up to MAX_BAR_CATEGORIES categories, one value each;
 * - a pie only for a few parts of a whole;
 * - a table when nothing fits.
 *
 * The reader can ask for another type among `choices` (the Chart/Table switch); a choice that does not fit the
 * data falls back to the default with a `note` saying why.
 */
import { type BoundaryArea, boundaryAreas, type PlaceKind, placeMatcher } from './boundaries.js';

export const VISUAL_TYPES = ['bar', 'line', 'map', 'pie', 'table'] as const;
export type VisualType = (typeof VISUAL_TYPES)[number];

/** Bars drawn by default; more categories are a map (places) or a table. */
export const MAX_BAR_CATEGORIES = 20;
/** Bars drawn when the reader asks for them (horizontal, one row each). */
const MAX_ASKED_BAR_CATEGORIES = 60;
export const MAX_PIE_SLICES = 8;
/** A local authority map needs at least this many authorities ... */
const MIN_MAP_AUTHORITIES = 5;
/** ... making up this share of the authorities of the regions they lie in (unless there are too many for bars). */
const MIN_REGION_SHARE = 0.6;
/** A region map needs this many of the 12 regions and nations. */
const MIN_MAP_REGIONS = 8;
const MAX_LINE_POINTS = 400;

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
/** Values that are points in time: ISO dates, months, quarters, years. */
const TIME_VALUE = /^(\d{4}-\d{2}(-\d{2})?([T ].*)?|\d{4}\s?Q[1-4]|(19|20)\d{2})$/i;
const TIME_COLUMN =
  /^(reported_at|date|month|year|quarter|quarter_start|period|snapshot)$|_(date|at|month|year|quarter)$/i;
const MAP_PLACES: readonly string[] = ['la_code', 'la_name', 'government_region', 'country'];

/** What the picker reads of a table: its columns by role. */
export interface TableProfile {
  columns: string[];
  rows: unknown[][];
  numeric: boolean[];
  /** The time column (ordered), or -1. */
  timeIndex: number;
  /** A place column a map can fill, or -1. */
  placeIndex: number;
  /** The first text column that is not time: what bars are drawn over, or -1. */
  categoryIndex: number;
  /** Every text column other than time. */
  categoryIndexes: number[];
}

const isBlank = (v: unknown) => v === null || v === undefined || v === '';

export function profileTable(columns: string[], rows: unknown[][]): TableProfile {
  const numeric = columns.map(
    (_, i) =>
      rows.some((r) => !isBlank(r[i])) &&
      rows.every((r) => isBlank(r[i]) || typeof r[i] === 'number' || NUMBER.test(String(r[i]))),
  );
  const timeIndex = columns.findIndex((c, i) => TIME_COLUMN.test(c) && (!numeric[i] || /year/i.test(c)));
  const placeIndex = columns.findIndex((c) => MAP_PLACES.includes(c.toLowerCase()));
  // A second time column (a yearly series' snapshot date beside its year) is the same axis, not a category.
  const categoryIndexes = columns
    .map((_, i) => i)
    .filter((i) => !numeric[i] && i !== timeIndex && !(timeIndex >= 0 && TIME_COLUMN.test(columns[i] ?? '')));
  return {
    columns,
    rows,
    numeric,
    timeIndex,
    placeIndex,
    categoryIndex: categoryIndexes[0] ?? -1,
    categoryIndexes,
  };
}

/** How well the places of a result fill a map: how many areas match and what part of the map they make up. */
export interface MapFit {
  places: number;
  matched: number;
  /** The default visual for these places is a map. */
  fills: boolean;
}

function distinct(rows: unknown[][], index: number): string[] {
  return [...new Set(rows.map((r) => String(r[index] ?? '')))];
}

export function mapFit(kind: PlaceKind, values: string[]): MapFit {
  const matcher = placeMatcher(kind);
  const found = new Map<string, BoundaryArea>();
  let matched = 0;
  for (const value of values) {
    const areas = matcher.match(value);
    if (areas.length) matched += 1;
    for (const area of areas) found.set(area.code, area);
  }
  const places = values.length;
  if (kind === 'country') return { places, matched, fills: false };
  if (kind === 'government_region') return { places, matched, fills: matched >= MIN_MAP_REGIONS };
  // Authorities: most of the regions they lie in, or more than bars hold.
  const regions = new Set([...found.values()].map((a) => a.region));
  const inRegions = boundaryAreas('lad').filter((a) => regions.has(a.region)).length;
  const share = inRegions ? found.size / inRegions : 0;
  const fills = matched >= MIN_MAP_AUTHORITIES && (share >= MIN_REGION_SHARE || matched > MAX_BAR_CATEGORIES);
  return { places, matched, fills };
}

export interface PickedVisual {
  type: VisualType;
  /** The types this result can be drawn as, the default first. */
  choices: VisualType[];
  /** Why the type asked for was not used. */
  note?: string;
}

/** "regions", "local authorities", "operators": a category column in words, plural, for the notes. */
function plural(column: string): string {
  const known: Record<string, string> = {
    la_name: 'local authorities',
    la_code: 'local authorities',
    government_region: 'regions',
    country: 'nations',
    operator: 'operators',
    operator_group: 'operators',
    tech: 'technologies',
    postcode_area: 'postcode areas',
    postcode_district: 'postcode districts',
  };
  return known[column.toLowerCase()] ?? 'these categories';
}

/** Parts of a whole: every value a share (0-100) adding up to about 100, or counts of a few categories. */
function partsOfWhole(profile: TableProfile, valueIndex: number): boolean {
  const values = profile.rows.map((r) => Number(r[valueIndex]));
  if (values.some((v) => !Number.isFinite(v) || v < 0)) return false;
  const column = profile.columns[valueIndex] ?? '';
  if (/pct|percent|share/i.test(column)) {
    const sum = values.reduce((a, b) => a + b, 0);
    return sum > 95 && sum < 105;
  }
  return true;
}

/**
 * The visual for a table: the default by the rules above, or `requested` when it fits. `valueIndex` is the
 * measure drawn (for a pie's parts-of-a-whole check).
 */
export function pickVisual(
  profile: TableProfile,
  { requested, valueIndex = -1 }: { requested?: VisualType | undefined; valueIndex?: number } = {},
): PickedVisual {
  const { rows, columns, timeIndex, placeIndex, categoryIndex } = profile;
  const choices: VisualType[] = [];
  let preferred: VisualType = 'table';
  const hasMeasure = profile.numeric.some((n, i) => n && i !== timeIndex);

  const times = timeIndex >= 0 ? distinct(rows, timeIndex) : [];
  const overTime = hasMeasure && times.length >= 2 && times.length <= MAX_LINE_POINTS;
  if (overTime) {
    choices.push('line');
    preferred = 'line';
  }

  let fit: MapFit | undefined;
  if (hasMeasure && placeIndex >= 0 && timeIndex < 0) {
    const places = distinct(rows, placeIndex);
    // One row per place, and no other text column splitting it (a map shows one value per area).
    const others = profile.categoryIndexes.filter(
      (i) => i !== placeIndex && !MAP_PLACES.includes(columns[i]!.toLowerCase()),
    );
    if (places.length === rows.length && others.length === 0) {
      fit = mapFit(columns[placeIndex]!.toLowerCase() as PlaceKind, places);
      if (fit.matched >= 2) choices.push('map');
      if (fit.fills && preferred === 'table') preferred = 'map';
    }
  }

  const barIndex = timeIndex >= 0 ? timeIndex : categoryIndex;
  const categories = barIndex >= 0 ? distinct(rows, barIndex) : [];
  const oneRowEach = categories.length === rows.length || (timeIndex >= 0 && categories.length <= 60);
  if (hasMeasure && categories.length >= 2 && oneRowEach && categories.length <= MAX_ASKED_BAR_CATEGORIES) {
    choices.push('bar');
    if (preferred === 'table' && categories.length <= MAX_BAR_CATEGORIES) preferred = 'bar';
  }
  if (
    hasMeasure &&
    timeIndex < 0 &&
    categories.length >= 2 &&
    categories.length <= MAX_PIE_SLICES &&
    categories.length === rows.length &&
    valueIndex >= 0 &&
    partsOfWhole(profile, valueIndex)
  ) {
    choices.push('pie');
  }
  choices.push('table');
  const ordered = [preferred, ...choices.filter((c) => c !== preferred)];

  if (!requested || requested === preferred) return { type: preferred, choices: ordered };
  if (choices.includes(requested)) return { type: requested, choices: ordered };
  return { type: preferred, choices: ordered, note: fallbackNote(requested, preferred, profile) };
}

const NAMES: Record<VisualType, string> = {
  bar: 'a bar chart',
  line: 'a line chart',
  map: 'a map',
  pie: 'a pie chart',
  table: 'a table',
};

function fallbackNote(requested: VisualType, drawn: VisualType, profile: TableProfile): string {
  const over = profile.categoryIndex >= 0 ? plural(profile.columns[profile.categoryIndex]!) : 'these rows';
  const as = drawn === 'table' ? 'shown as a table' : `drawn as ${NAMES[drawn]}`;
  if (requested === 'line')
    return `A line chart joins points in time order, and ${over} have no order, so this is ${as} instead.`;
  if (requested === 'map')
    return profile.placeIndex >= 0
      ? `Too few of these places match the map's areas to draw a map, so this is ${as}.`
      : `A map needs local authorities, regions or nations in the result, so this is ${as}.`;
  if (requested === 'pie')
    return `A pie chart shows a few parts of one whole, which this result is not, so it is ${as}.`;
  return `This result does not suit ${NAMES[requested]}, so it is ${as}.`;
}

/** Whether a column is time: by its name, or by its values (dates, months, quarters, years). */
export function isTimeColumn(name: string, values: unknown[]): boolean {
  if (TIME_COLUMN.test(name)) return true;
  const present = values.filter((v) => !isBlank(v)).map(String);
  return present.length > 0 && present.every((v) => TIME_VALUE.test(v.trim()));
}

/**
 * The chart type a chat chart is drawn as: the type asked for when it fits, else bars, with a note. A line is drawn
 * only over time, a pie only with a few slices.
 */
export function chartTypeFor<T extends string>(
  requested: T,
  { xColumn, xValues, categories }: { xColumn: string; xValues: unknown[]; categories: number },
): { type: T | 'bar'; note?: string } {
  if (requested === 'line' && !isTimeColumn(xColumn, xValues))
    return {
      type: 'bar',
      note: `A line chart joins points in time order, and ${plural(xColumn)} have no order, so this is drawn as a bar chart instead.`,
    };
  if (requested === 'pie' && categories > MAX_PIE_SLICES)
    return {
      type: 'bar',
      note: `A pie chart reads for up to ${MAX_PIE_SLICES} slices; this has ${categories}, so it is drawn as a bar chart instead.`,
    };
  return { type: requested };
}
