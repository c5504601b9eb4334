/**
 * The visual a query result offers without being asked, or as the reader asks on the Chart/Table switch: the
 * chart picker (chart-picker.ts) decides the type from the result's shape, and this module draws it. Titles come
 * from the interpretation (the question as answered), measures are said in words with their unit: a share of
 * take-up lines is a share of lines, not of premises.
 */
import type { PlaceKind } from './boundaries.js';
import { pickVisual, profileTable, type TableProfile, type VisualType } from './chart-picker.js';
import { buildChoropleth } from './choropleth.js';
import { buildChartSpec, type ChartSpec } from './echarts-spec.js';
import { dimensionLabel, type MeasureLabel, measureLabel, measureTitle } from './labels.js';

export interface AutoVisual {
  kind: 'map' | 'chart';
  type: VisualType;
  title: string;
  spec: ChartSpec;
}

export interface VisualChoice {
  /** The visual drawn; null when the result is best read as a table. */
  visual: AutoVisual | null;
  type: VisualType;
  /** The types the reader may switch to, the default first. */
  choices: VisualType[];
  /** Why the type asked for was not drawn. */
  note?: string;
}

/** Lines on one chart at most: the twelve regions and nations each over time is the widest series analysts ask. */
const MAX_LINE_SERIES = 12;

/**
 * The measure to draw: a change the query ranks by (premises gained, a change in points: the levels at each end
 * beside it are context), else what each point added, else a percentage (it compares places of different sizes), then the first number.
 */
function pickMeasure(columns: string[], numeric: boolean[], exclude: Set<number>, ranked?: string): number {
  const candidates = columns.map((c, i) => ({ c, i })).filter(({ i }) => numeric[i] && !exclude.has(i));
  const byRank = candidates.find(({ c }) => c === ranked && /_gained$|^pp_change$|_change_pct$/.test(c));
  // What each point added (a flow: "net adds month by month"), drawn rather than the level shown beside it.
  const added = candidates.find(({ c }) => /^new_/.test(c));
  const percent = candidates.find(({ c }) => /pct|percent|share|rate/i.test(c));
  return (byRank ?? added ?? percent ?? candidates[0])?.i ?? -1;
}

/** The column the outer query orders by (its last ORDER BY), if any. */
function rankedColumn(sql: string): string | undefined {
  return [...sql.matchAll(/\bORDER BY\s+(?:\w+\.)?([a-z_][a-z0-9_]*)/gi)].at(-1)?.[1];
}

/** A chart title from the interpretation (or the question): one line, no trailing stop, capitalised. */
export function visualTitle(text: string): string {
  const line = text
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[?.!]+$/, '');
  const short = line.length > 140 ? `${line.slice(0, 137)}…` : line;
  return short.charAt(0).toUpperCase() + short.slice(1);
}

/** Take-up data counts subscriber lines: its shares are shares of lines, never of premises. */
const TAKE_UP = /\btake_up_\w+/i;
export function measureOf(column: string, context: string, { lines }: { lines: boolean }): MeasureLabel {
  const label = measureLabel(column, context);
  if (!lines) return label;
  if (label.percent) return { name: 'Share of lines', unit: '%', percent: true };
  if (/^lines?$/i.test(column)) return { name: 'Lines', unit: 'lines', percent: false };
  return label;
}

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** ISO dates in en-GB words: a month's first day as "Dec 2021", another day as "15 Dec 2021". */
function timeLabel(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return match[3] === '01' ? MONTH.format(date) : DAY.format(date);
}

const formatOf = (measure: MeasureLabel) => ({
  measure: measure.name,
  unit: measure.unit,
  ...(measure.percent ? { decimals: 1 } : {}),
});

interface DrawInput {
  profile: TableProfile;
  rows: (string | number)[][];
  title: string;
  context: string;
  lines: boolean;
}

function drawLine(
  { profile, rows, title, context, lines }: DrawInput,
  type: 'line' | 'bar',
): ChartSpec | null {
  const { columns, numeric, timeIndex, categoryIndexes } = profile;
  const seriesIndex = categoryIndexes.length === 1 ? categoryIndexes[0]! : -1;
  const valueIndex = pickMeasure(columns, numeric, new Set([timeIndex]));
  if (valueIndex < 0) return null;
  const measure = measureOf(columns[valueIndex]!, context, { lines });
  const times = [...new Set(rows.map((r) => String(r[timeIndex])))].sort();
  const position = new Map(times.map((t, i) => [t, i]));
  const seriesNames =
    seriesIndex >= 0 ? [...new Set(rows.map((r) => String(r[seriesIndex])))] : [measure.name];
  if (seriesNames.length > MAX_LINE_SERIES) return null;
  const series = seriesNames.map((name) => {
    const values: (number | null)[] = new Array(times.length).fill(null);
    for (const r of rows) {
      if (seriesIndex >= 0 && String(r[seriesIndex]) !== name) continue;
      const at = position.get(String(r[timeIndex]))!;
      values[at] = r[valueIndex] === '' ? null : Number(r[valueIndex]);
    }
    return { name, values };
  });
  return buildChartSpec({
    type,
    title,
    categories: times.map(timeLabel),
    series,
    xLabel: dimensionLabel(columns[timeIndex]!),
    yLabel: measureTitle(measure),
    format: formatOf(measure),
    data: { columns, rows },
  });
}

/**
 * The urban and rural columns of one measure ("urban_coverage_pct" beside "rural_coverage_pct"), when the measure
 * drawn is one of them: an urban-rural gap is read from the two bars side by side, not from one of them alone.
 */
function settingPair(columns: string[], valueIndex: number): { urban: number; rural: number } | null {
  const match = /^(urban|rural)_(.+)$/.exec(columns[valueIndex] ?? '');
  if (!match) return null;
  const urban = columns.indexOf(`urban_${match[2]}`);
  const rural = columns.indexOf(`rural_${match[2]}`);
  return urban >= 0 && rural >= 0 ? { urban, rural } : null;
}

/** The shares drawn as bars side by side: several figures of one kind asked of the same rows. */
const SHARE_FAMILY = /(?:^|_)(coverage_pct|share_pct|share_without_pct)$/;
const MAX_SIDE_BY_SIDE = 6;

/**
 * The other shares of the drawn one's kind ("coverage_pct" beside "altnet_coverage_pct" and
 * "virgin_media_coverage_pct"): figures listed for the same places are compared as bars side by side, each named by
 * what sets it apart.
 */
function sharesBeside(
  columns: string[],
  valueIndex: number,
  context: string,
): { name: string; index: number }[] | null {
  const family = SHARE_FAMILY.exec(columns[valueIndex] ?? '')?.[1];
  if (!family) return null;
  const members = columns
    .map((name, index) => ({ name, index }))
    .filter(({ name }) => name === family || name.endsWith(`_${family}`));
  if (members.length < 2 || members.length > MAX_SIDE_BY_SIDE) return null;
  const base = measureLabel(family, context).name;
  return members.map(({ name, index }) => {
    const prefix = name.slice(0, name.length - family.length).replace(/_$/, '');
    const label = measureLabel(name, context).name;
    const words = prefix
      .split('_')
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(' ');
    return { index, name: !prefix ? base : label !== base ? label : words };
  });
}

function drawCategories(
  { profile, rows, title, context, lines }: DrawInput,
  type: 'bar' | 'pie',
  valueIndex: number,
): ChartSpec {
  const { columns, categoryIndex } = profile;
  const measure = measureOf(columns[valueIndex]!, context, { lines });
  const valuesOf = (i: number) => rows.map((r) => (r[i] === '' ? null : Number(r[i])));
  const pair = type === 'bar' ? settingPair(columns, valueIndex) : null;
  const shares = type === 'bar' && !pair ? sharesBeside(columns, valueIndex, context) : null;
  return buildChartSpec({
    type,
    title,
    categories: rows.map((r) => String(r[categoryIndex])),
    series: pair
      ? [
          { name: 'Urban', values: valuesOf(pair.urban) },
          { name: 'Rural', values: valuesOf(pair.rural) },
        ]
      : shares
        ? shares.map(({ name, index }) => ({ name, values: valuesOf(index) }))
        : [{ name: measure.name, values: valuesOf(valueIndex) }],
    xLabel: dimensionLabel(columns[categoryIndex]!),
    // Several shares on one axis: the axis says the unit, the legend which share.
    yLabel: measureTitle(shares ? { ...measure, name: 'Share' } : measure),
    format: formatOf(measure),
    data: { columns, rows },
  });
}

/**
 * The visual for a result. `title` is the interpretation (else the question); `sql` tells take-up data (lines)
 * from availability data (premises); `requested` is the reader's choice on the switch.
 */
export function chooseVisual({
  title: titleText,
  columns,
  rows: raw,
  sql = '',
  requested,
}: {
  title: string;
  columns: string[];
  rows: string[][];
  sql?: string;
  requested?: VisualType | undefined;
}): VisualChoice {
  if (raw.length < 2 || columns.length < 2)
    return {
      visual: null,
      type: 'table',
      choices: ['table'],
      ...(requested && requested !== 'table' ? { note: 'A single row is best read as a table.' } : {}),
    };
  const profile = profileTable(columns, raw);
  const rows = raw.map((r) => r.map((v, i) => (profile.numeric[i] && v !== '' ? Number(v) : v)));
  const title = visualTitle(titleText);
  const lines = TAKE_UP.test(sql);
  const exclude = new Set(
    [profile.timeIndex, profile.placeIndex, profile.categoryIndex].filter((i) => i >= 0),
  );
  const ranked = rankedColumn(sql);
  const valueIndex = pickMeasure(columns, profile.numeric, exclude, ranked);
  const picked = pickVisual(profile, { requested, valueIndex });
  const input: DrawInput = { profile, rows, title, context: titleText, lines };
  const drawn = (spec: ChartSpec | null, kind: 'map' | 'chart'): VisualChoice =>
    spec
      ? { ...picked, visual: { kind, type: picked.type, title, spec } }
      : { visual: null, type: 'table', choices: picked.choices };

  switch (picked.type) {
    case 'table':
      return { ...picked, visual: null };
    case 'line':
      return drawn(drawLine(input, 'line'), 'chart');
    case 'bar':
      if (profile.timeIndex >= 0) return drawn(drawLine(input, 'bar'), 'chart');
      return drawn(valueIndex >= 0 ? drawCategories(input, 'bar', valueIndex) : null, 'chart');
    case 'pie':
      return drawn(valueIndex >= 0 ? drawCategories(input, 'pie', valueIndex) : null, 'chart');
    case 'map': {
      const placeIndex = profile.placeIndex;
      const measureIndex = pickMeasure(columns, profile.numeric, new Set([placeIndex]), ranked);
      if (measureIndex < 0) return drawn(null, 'map');
      const map = buildChoropleth({
        table: { columns, rows },
        placeIndex,
        place: columns[placeIndex]!.toLowerCase() as PlaceKind,
        valueIndex: measureIndex,
        title,
        measure: measureOf(columns[measureIndex]!, input.context, { lines }),
      });
      return drawn(map.spec, 'map');
    }
  }
}
