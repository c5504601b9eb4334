/**
 * The visual a query result offers without being asked, chosen from the result's shape: one row per local
 * authority, region or nation -> a choropleth; a time column -> a line chart; a few categories -> a bar chart;
 * anything else -> none. The question names the subject a generic measure column leaves out ("coverage_pct" in
 * "Full fibre coverage by region" is full fibre coverage).
 */
import type { PlaceKind } from './boundaries.js';
import { buildChoropleth, PLACE_KINDS } from './choropleth.js';
import { buildChartSpec, type ChartSpec } from './echarts-spec.js';
import { dimensionLabel, measureLabel, measureTitle } from './labels.js';

export interface AutoVisual {
  kind: 'map' | 'chart';
  title: string;
  spec: ChartSpec;
}

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
const TIME_COLUMN = /^(reported_at|date|month|year|quarter|period|snapshot)$|_(date|at|month|year|quarter)$/i;
const MAX_BAR_CATEGORIES = 30;
const MAX_LINE_SERIES = 8;
const MAX_POINTS = 400;

/** The measure to draw: a percentage first (it compares places of different sizes), then the first number. */
function pickMeasure(columns: string[], numeric: boolean[], exclude: Set<number>): number {
  const candidates = columns.map((c, i) => ({ c, i })).filter(({ i }) => numeric[i] && !exclude.has(i));
  const percent = candidates.find(({ c }) => /pct|percent|share|rate/i.test(c));
  return (percent ?? candidates[0])?.i ?? -1;
}

const titleOf = (question: string) => {
  const text = question.trim().replace(/[?.!]+$/, '');
  const short = text.length > 110 ? `${text.slice(0, 107)}…` : text;
  return short.charAt(0).toUpperCase() + short.slice(1);
};

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

export function chooseVisual({
  question,
  columns,
  rows,
}: {
  question: string;
  columns: string[];
  rows: string[][];
}): AutoVisual | null {
  if (rows.length < 2 || columns.length < 2) return null;
  const numeric = columns.map(
    (_, i) =>
      rows.some((r) => (r[i] ?? '') !== '') && rows.every((r) => (r[i] ?? '') === '' || NUMBER.test(r[i]!)),
  );
  const table = { columns, rows: rows.map((r) => r.map((v, i) => (numeric[i] && v !== '' ? Number(v) : v))) };
  const title = titleOf(question);

  // One row per authority, region or nation: a map.
  const placeIndex = columns.findIndex((c) => (PLACE_KINDS as readonly string[]).includes(c.toLowerCase()));
  if (placeIndex >= 0) {
    const places = new Set(rows.map((r) => r[placeIndex]));
    const others = columns.filter(
      (c, i) =>
        i !== placeIndex && !numeric[i] && !(PLACE_KINDS as readonly string[]).includes(c.toLowerCase()),
    );
    const valueIndex = pickMeasure(columns, numeric, new Set([placeIndex]));
    if (places.size === rows.length && others.length === 0 && valueIndex >= 0) {
      const drawn = buildChoropleth({
        table,
        placeIndex,
        place: columns[placeIndex]!.toLowerCase() as PlaceKind,
        valueIndex,
        title,
      });
      if (drawn.matched >= Math.max(2, rows.length * 0.5)) return { kind: 'map', title, spec: drawn.spec };
    }
  }

  const timeIndex = columns.findIndex((c, i) => TIME_COLUMN.test(c) && (!numeric[i] || /year/i.test(c)));
  const categoryIndexes = columns.map((_, i) => i).filter((i) => !numeric[i] && i !== timeIndex);
  const data = { columns, rows: table.rows };

  // A time column: a line chart (one line per category when there is one category column with a few values).
  if (timeIndex >= 0 && rows.length <= MAX_POINTS * MAX_LINE_SERIES) {
    const seriesIndex = categoryIndexes.length === 1 ? categoryIndexes[0]! : -1;
    const valueIndex = pickMeasure(columns, numeric, new Set([timeIndex]));
    if (valueIndex < 0) return null;
    const measure = measureLabel(columns[valueIndex]!, question);
    const times = [...new Set(rows.map((r) => r[timeIndex]!))].sort();
    if (times.length < 2 || times.length > MAX_POINTS) return null;
    const position = new Map(times.map((t, i) => [t, i]));
    const seriesNames = seriesIndex >= 0 ? [...new Set(rows.map((r) => r[seriesIndex]!))] : [measure.name];
    if (seriesNames.length > MAX_LINE_SERIES) return null;
    const series = seriesNames.map((name) => {
      const values: (number | null)[] = new Array(times.length).fill(null);
      for (const r of rows) {
        if (seriesIndex >= 0 && r[seriesIndex] !== name) continue;
        const at = position.get(r[timeIndex]!)!;
        values[at] = r[valueIndex] === '' ? null : Number(r[valueIndex]);
      }
      return { name, values };
    });
    return {
      kind: 'chart',
      title,
      spec: buildChartSpec({
        type: 'line',
        title,
        categories: times.map(timeLabel),
        series,
        xLabel: dimensionLabel(columns[timeIndex]!),
        yLabel: measureTitle(measure),
        format: { measure: measure.name, unit: measure.unit, ...(measure.percent ? { decimals: 1 } : {}) },
        data,
      }),
    };
  }

  // A few categories: a bar chart of the measure.
  if (categoryIndexes.length >= 1 && rows.length <= MAX_BAR_CATEGORIES) {
    const xIndex = categoryIndexes[0]!;
    if (new Set(rows.map((r) => r[xIndex])).size !== rows.length) return null;
    const valueIndex = pickMeasure(columns, numeric, new Set([xIndex]));
    if (valueIndex < 0) return null;
    const measure = measureLabel(columns[valueIndex]!, question);
    const categories = rows.map((r) => r[xIndex]!);
    return {
      kind: 'chart',
      title,
      spec: buildChartSpec({
        type: 'bar',
        title,
        categories,
        series: [
          {
            name: measure.name,
            values: rows.map((r) => (r[valueIndex] === '' ? null : Number(r[valueIndex]))),
          },
        ],
        xLabel: dimensionLabel(columns[xIndex]!),
        yLabel: measureTitle(measure),
        format: { measure: measure.name, unit: measure.unit, ...(measure.percent ? { decimals: 1 } : {}) },
        data,
      }),
    };
  }
  return null;
}
