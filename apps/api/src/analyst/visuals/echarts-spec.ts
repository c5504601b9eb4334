import type { BoundaryMap } from './boundaries.js';
import { formatNumber, type MeasureLabel, measureTitle, operatorColour } from './labels.js';

/**
 * Declarative chart specs: plain JSON ECharts options built here from data, never code from a model. The chart
 * page (chart-page.ts + assets/chart-page.js) hands `options` to echarts.setOption as they are; the only thing the
 * page itself computes is the plot box of a map, so that a degree of latitude and of (scaled) longitude take the
 * same number of pixels and the UK keeps its shape.
 */

export const CHART_TYPES = ['bar', 'line', 'pie', 'stacked'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export interface ChartSpec {
  version: 1;
  renderer: 'echarts';
  kind: 'chart' | 'map' | 'la_stats';
  /** Maps only: data-space x span / y span, kept by the page when it lays the plot out. */
  aspect?: number;
  /** Choropleths: the boundary set the page loads, the areas to draw (all when absent) and zoom presets. */
  geo?: {
    map: BoundaryMap;
    codes?: string[];
    presets?: { label: string; center: [number, number]; zoom: number }[];
  };
  /** How the page formats values in tooltips (en-GB): the measure in words and its unit. */
  format?: { measure: string; unit: string; decimals?: number };
  /** The data drawn, for the page's CSV download. */
  data?: { columns: string[]; rows: unknown[][] };
  options: Record<string, unknown>;
}

/** The rows behind a chart, kept in its spec for the page's CSV download unless they would make it too big. */
const MAX_DOWNLOAD_DATA_BYTES = 1_000_000;
export function downloadData(columns: string[], rows: unknown[][]): { data: ChartSpec['data'] } | undefined {
  const size = Buffer.byteLength(JSON.stringify(rows));
  return size <= MAX_DOWNLOAD_DATA_BYTES ? { data: { columns, rows } } : undefined;
}

export interface SeriesInput {
  name: string;
  values: (number | null)[];
}

/** Categories with many or long labels read better as horizontal bars. */
const HORIZONTAL_BAR_CATEGORIES = 8;
const ZOOM_CATEGORIES = 40;

const TITLE_STYLE = { left: 'center', top: 6, textStyle: { fontSize: 14, fontWeight: 600 } };
/** Over a map that can be zoomed under them, titles and legends sit on a white panel so they stay readable. */
const PANEL = { backgroundColor: 'rgba(255,255,255,0.85)', borderRadius: 4 };
const MAP_TITLE_STYLE = { ...TITLE_STYLE, top: 2, padding: [4, 8], ...PANEL };
/**
 * The boundaries' source, as the Open Government Licence asks, on the map itself so that a downloaded PNG or SVG
 * carries it (bottom right, above the page's toolbar).
 */
const BOUNDARY_SOURCE = {
  text: 'Boundaries: ONS, OGL v3.0',
  right: 10,
  bottom: 34,
  textStyle: { fontSize: 10, fontWeight: 400, color: '#64748b' },
  padding: [2, 4],
  ...PANEL,
};

export function buildChartSpec({
  type,
  title,
  categories,
  series,
  xLabel,
  yLabel,
  kind = 'chart',
  format,
  data,
}: {
  type: ChartType;
  title: string;
  categories: string[];
  series: SeriesInput[];
  xLabel?: string;
  yLabel?: string;
  kind?: 'chart' | 'la_stats';
  format?: ChartSpec['format'];
  data?: ChartSpec['data'];
}): ChartSpec {
  const legend = series.length > 1 || type === 'pie';
  const extras = { ...(format ? { format } : {}), ...(data ? { data } : {}) };
  // One colour per operator in every chart: series named after operators, or bars and slices that are operators.
  const seriesColour = (name: string) => operatorColour(name);
  const categoryColours = categories.map((c) => operatorColour(c));
  const colourCategories = series.length === 1 && categoryColours.filter(Boolean).length >= 2;
  const coloured = (values: (number | null)[], order: (string | undefined)[]) =>
    colourCategories
      ? values.map((value, i) => (order[i] ? { value, itemStyle: { color: order[i] } } : value))
      : values;
  if (type === 'pie') {
    const values = series[0]?.values ?? [];
    return {
      version: 1,
      renderer: 'echarts',
      kind,
      ...extras,
      options: {
        title: { text: title, ...TITLE_STYLE },
        tooltip: { trigger: 'item' },
        legend: { type: 'scroll', bottom: 0 },
        series: [
          {
            type: 'pie',
            name: series[0]?.name ?? yLabel ?? '',
            radius: ['30%', '62%'],
            center: ['50%', '52%'],
            data: categories.map((name, i) => ({
              name,
              value: values[i] ?? null,
              ...(categoryColours[i] ? { itemStyle: { color: categoryColours[i] } } : {}),
            })),
          },
        ],
      },
    };
  }

  const horizontal = (type === 'bar' || type === 'stacked') && categories.length > HORIZONTAL_BAR_CATEGORIES;
  const categoryAxis = {
    type: 'category',
    data: horizontal ? [...categories].reverse() : categories,
    name: horizontal ? undefined : xLabel,
    nameLocation: 'middle',
    nameGap: 28,
    axisLabel: horizontal ? { width: 160, overflow: 'truncate' } : { hideOverlap: true },
  };
  const valueAxis = {
    type: 'value',
    name: yLabel,
    // A vertical axis's name starts at the axis and runs right, and a horizontal one sits centred under its
    // ticks, so neither is cut at the frame's edge.
    ...(horizontal
      ? { nameLocation: 'middle', nameGap: 26 }
      : { nameLocation: 'end', nameTextStyle: { align: 'left' } }),
    // Percentages say so on every tick; the page formats other values en-GB (thousands separators).
    axisLabel: { hideOverlap: true, ...(format?.unit.startsWith('%') ? { formatter: '{value}%' } : {}) },
  };
  const orderedColours = horizontal ? [...categoryColours].reverse() : categoryColours;
  return {
    version: 1,
    renderer: 'echarts',
    kind,
    ...extras,
    options: {
      title: { text: title, ...TITLE_STYLE },
      tooltip: { trigger: 'axis', axisPointer: { type: type === 'line' ? 'line' : 'shadow' } },
      ...(legend ? { legend: { type: 'scroll', bottom: 0 } } : {}),
      grid: {
        left: 12,
        right: 28,
        top: 52,
        bottom: (legend ? 40 : 16) + ((horizontal ? yLabel : xLabel) ? 20 : 0),
        containLabel: true,
      },
      xAxis: horizontal ? valueAxis : categoryAxis,
      yAxis: horizontal ? categoryAxis : valueAxis,
      ...(!horizontal && categories.length > ZOOM_CATEGORIES ? { dataZoom: [{ type: 'inside' }] } : {}),
      series: series.map((s) => ({
        type: type === 'line' ? 'line' : 'bar',
        name: s.name,
        data: coloured(horizontal ? [...s.values].reverse() : s.values, orderedColours),
        ...(seriesColour(s.name)
          ? { itemStyle: { color: seriesColour(s.name) }, lineStyle: { color: seriesColour(s.name) } }
          : {}),
        ...(type === 'stacked' ? { stack: 'total', emphasis: { focus: 'series' } } : {}),
        ...(type === 'line' ? { showSymbol: categories.length <= 40, connectNulls: false } : {}),
      })),
    },
  };
}

/** The UK's middle latitude: a degree of longitude is cos(54.5°) of a degree of latitude there. */
const LONGITUDE_SCALE = Math.cos((54.5 * Math.PI) / 180);
const COORD_DECIMALS = 1e3;
/** The extent of the local authority boundaries (longitude, latitude), which point maps draw underneath. */
const UK_BOUNDS = { lonMin: -8.65, lonMax: 1.77, latMin: 49.86, latMax: 60.86 };

export interface MapPoint {
  latitude: number;
  longitude: number;
  /** null: no value for this place (drawn grey). */
  value: number | null;
  label: string;
}

/** Greater London fills most of a 500-pixel-high map frame at this zoom (from the whole UK). */
const LONDON_PRESET = { label: 'London', center: [-0.11, 51.49] as [number, number], zoom: 14 };

/** Viridis-like: readable on white, ordered light to dark for higher values. */
const MAP_COLOURS = ['#fde725', '#7ad151', '#22a884', '#2a788e', '#414487', '#440154'];

/**
 * A map's subtitle says what is measured by what place ("Full fibre coverage by postcode district"), unless the
 * title already says it: a subtitle that repeats the title is noise.
 */
export function mapSubtitle(title: string, measureName: string, place: string): string | undefined {
  const words = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9%]+/g, ' ')
      .trim();
  const subtitle = `${measureName} by ${place.toLowerCase()}`;
  const said = words(title);
  if (said.includes(words(subtitle))) return undefined;
  if (said.includes(words(measureName)) && said.includes(words(place))) return undefined;
  return subtitle;
}

/**
 * Zooms to the points (with a margin) when they cover a part of the UK; the whole map (no centre or zoom)
 * otherwise.
 */
function pointsView(points: MapPoint[]): { center?: number[]; zoom?: number } {
  const round = (v: number) => Math.round(v * COORD_DECIMALS) / COORD_DECIMALS;
  const lons = points.map((p) => p.longitude);
  const lats = points.map((p) => p.latitude);
  const span = {
    lon: (Math.max(...lons) - Math.min(...lons)) * LONGITUDE_SCALE,
    lat: Math.max(...lats) - Math.min(...lats),
  };
  const ukSpan = {
    lon: (UK_BOUNDS.lonMax - UK_BOUNDS.lonMin) * LONGITUDE_SCALE,
    lat: UK_BOUNDS.latMax - UK_BOUNDS.latMin,
  };
  const zoom = points.length
    ? Math.min(ukSpan.lon / Math.max(span.lon, 0.05), ukSpan.lat / Math.max(span.lat, 0.05)) * 0.85
    : 1;
  return zoom > 1.5
    ? {
        center: [
          round((Math.max(...lons) + Math.min(...lons)) / 2),
          round((Math.max(...lats) + Math.min(...lats)) / 2),
        ],
        zoom: Math.round(Math.min(zoom, 40) * 10) / 10,
      }
    : {};
}

/**
 * Points (postcodes, or places drawn as their sampled postcodes) over the local authority boundaries: the outlines
 * underneath say where the points are; the view zooms to the points when they cover only part of the UK.
 */
export function buildMapSpec({
  title,
  measure,
  points,
  place,
  data,
}: {
  title: string;
  /** The measure in words (with its unit), or just its name. */
  measure: MeasureLabel | string;
  points: MapPoint[];
  /** What each point stands for, in words ("postcode district"); names the subtitle. */
  place?: string;
  /** The rows mapped, for the page's CSV download. */
  data?: ChartSpec['data'];
}): ChartSpec {
  const label: MeasureLabel =
    typeof measure === 'string' ? { name: measure, unit: '', percent: false } : measure;
  const round = (v: number) => Math.round(v * COORD_DECIMALS) / COORD_DECIMALS;
  const withValue = points.filter((p) => p.value !== null);
  const without = points.filter((p) => p.value === null);
  const values = withValue.map((p) => p.value as number);
  const min = values.length ? Math.min(...values) : 0;
  const max = values.length ? Math.max(...values) : 1;
  const view = pointsView(points);
  const subtitle = place ? mapSubtitle(title, label.name, place) : undefined;
  const dimensions = ['longitude', 'latitude', label.name, 'place'];
  const point = (p: MapPoint) => [round(p.longitude), round(p.latitude), p.value, p.label];
  const reachesLondon = points.some(
    (p) => Math.abs(p.latitude - 51.5) < 0.3 && Math.abs(p.longitude + 0.1) < 0.4,
  );
  return {
    version: 1,
    renderer: 'echarts',
    kind: 'map',
    geo: {
      map: 'lad',
      ...(reachesLondon && !view.center ? { presets: [LONDON_PRESET] } : {}),
    },
    format: { measure: label.name, unit: label.unit, ...(label.percent ? { decimals: 1 } : {}) },
    ...(data ? { data } : {}),
    options: {
      title: [
        { text: title, ...(subtitle ? { subtext: subtitle } : {}), ...MAP_TITLE_STYLE },
        BOUNDARY_SOURCE,
      ],
      tooltip: { trigger: 'item' },
      geo: {
        map: 'lad',
        roam: true,
        silent: true,
        aspectScale: UK_ASPECT,
        scaleLimit: { min: 0.7, max: 60 },
        layoutCenter: ['50%', subtitle ? '55%' : '53%'],
        layoutSize: subtitle ? '84%' : '88%',
        ...view,
        itemStyle: { areaColor: '#f8fafc', borderColor: '#94a3b8', borderWidth: 0.5 },
      },
      visualMap: {
        type: 'continuous',
        seriesIndex: 0,
        dimension: 2,
        min,
        max: max === min ? min + 1 : max,
        calculable: true,
        precision: label.percent ? 1 : 0,
        text: [measureTitle(label), ''],
        left: 12,
        bottom: 12,
        textStyle: { fontSize: 12, color: '#334155' },
        inRange: { color: MAP_COLOURS },
        backgroundColor: PANEL.backgroundColor,
        padding: 4,
      },
      series: [
        {
          type: 'scatter',
          coordinateSystem: 'geo',
          geoIndex: 0,
          name: label.name,
          symbolSize: 3,
          dimensions,
          data: withValue.map(point),
        },
        {
          type: 'scatter',
          coordinateSystem: 'geo',
          geoIndex: 0,
          name: 'No value',
          symbolSize: 2,
          dimensions,
          itemStyle: { color: '#c8c8c8' },
          data: without.map(point),
        },
      ],
    },
  };
}

/** Sequential blues, light to dark for higher values: readable on white and for most colour-blind readers. */
const CHOROPLETH_COLOURS = ['#deebf7', '#9ecae1', '#6baed6', '#3182bd', '#08519c'];
/** An area of the result without a value. */
const NO_DATA_COLOUR = '#d1d5db';
/** An area drawn around the result (the rest of its regions), which is not part of it. */
const OUTSIDE_COLOUR = '#f1f5f9';
const OUTSIDE_BORDER = '#cbd5e1';
const CHOROPLETH_CLASSES = 5;

/** ECharts' aspectScale for the UK: a degree of longitude drawn cos(54.5°) as wide as a degree of latitude. */
const UK_ASPECT = Math.round(LONGITUDE_SCALE * 1000) / 1000;

/** Readable break values: one decimal for percentages and small numbers, two significant figures for counts. */
function niceBreak(value: number, percent: boolean): number {
  if (percent || Math.abs(value) < 100) return Math.round(value * 10) / 10;
  const magnitude = 10 ** (Math.floor(Math.log10(Math.abs(value))) - 1);
  return Math.round(value / magnitude) * magnitude;
}

/**
 * Quantile classes (each holds about a fifth of the areas), so a skewed measure still spreads over the colours;
 * equal classes when there are few distinct values. Returns the class edges, lowest first, min and max included.
 */
export function quantileBreaks(values: number[], percent: boolean, classes = CHOROPLETH_CLASSES): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return [];
  const min = sorted[0]!;
  const max = sorted[sorted.length - 1]!;
  const edges = [min];
  for (let k = 1; k < classes; k += 1) {
    const at = niceBreak(sorted[Math.floor((k * sorted.length) / classes)]!, percent);
    if (at > edges[edges.length - 1]! && at < max) edges.push(at);
  }
  edges.push(max);
  return edges[0] === edges[edges.length - 1] ? [min] : edges;
}

export interface ChoroplethArea {
  code: string;
  name: string;
  value: number | null;
}

/** The legend's classes: one per pair of edges (colours spread over the ramp), or one class for a single value. */
function legendPieces(values: number[], edges: number[], percent: boolean) {
  const suffix = percent ? '%' : '';
  // Enough decimals that no two edges read the same ("96.3% – 96.3%" says nothing).
  const base = percent ? 1 : undefined;
  const options = [base, 2, 3];
  const fits = options.findIndex((d) => new Set(edges.map((e) => formatNumber(e, d))).size === edges.length);
  const decimals = fits >= 0 ? options[fits] : 3;
  const fmt = (v: number) => `${formatNumber(v, decimals)}${suffix}`;
  return edges.length <= 1
    ? values.length
      ? [{ value: values[0], label: fmt(values[0]!), color: CHOROPLETH_COLOURS[2] }]
      : []
    : edges.slice(0, -1).map((lo, i) => {
        const hi = edges[i + 1]!;
        const last = i === edges.length - 2;
        // Colours spread over the full ramp when there are fewer classes than colours.
        const colour =
          CHOROPLETH_COLOURS[
            Math.round((i * (CHOROPLETH_COLOURS.length - 1)) / Math.max(edges.length - 2, 1))
          ];
        return {
          gte: lo,
          ...(last ? { lte: hi } : { lt: hi }),
          label: `${fmt(lo)} – ${fmt(hi)}`,
          color: colour,
        };
      });
}

/** The legend's keys under the classes: grey swatches for "No data" and "Not in this result". */
function legendKeys(bottom: number, keys: { label: string; fill: string }[]) {
  return keys.map((key, i) => ({
    type: 'group',
    left: 12,
    bottom: bottom + (keys.length - 1 - i) * 20,
    children: [
      {
        type: 'rect',
        shape: { x: 0, y: 0, width: 14, height: 12 },
        style: { fill: key.fill, stroke: OUTSIDE_BORDER, lineWidth: 1 },
      },
      {
        type: 'text',
        x: 20,
        y: 0,
        style: { text: key.label, fontSize: 12, fill: '#334155' },
      },
    ],
  }));
}

export function buildChoroplethSpec({
  title,
  map,
  areas,
  measure,
  drawCodes,
  london,
  data,
  note,
  outside = false,
}: {
  title: string;
  map: BoundaryMap;
  /** Areas with a row (value may be null: "No data"); the others drawn are not in this result. */
  areas: ChoroplethArea[];
  measure: MeasureLabel;
  /** Draw only these areas (a filtered answer, e.g. one region's authorities); all when absent. */
  drawCodes?: string[];
  /** Offer a London zoom preset (local authority maps of the whole country). */
  london?: boolean;
  data?: { columns: string[]; rows: unknown[][] };
  note?: string;
  /** Areas around the result are drawn (the rest of its regions, or of the UK): they get their own key. */
  outside?: boolean;
}): ChartSpec {
  const values = areas.flatMap((a) => (a.value === null ? [] : [a.value]));
  const edges = quantileBreaks(values, measure.percent);
  const pieces = legendPieces(values, edges, measure.percent);
  const keys = [
    ...(areas.some((a) => a.value === null) ? [{ label: 'No data', fill: NO_DATA_COLOUR }] : []),
    ...(outside || (drawCodes?.length ?? 0) > areas.length
      ? [{ label: 'Not in this result', fill: OUTSIDE_COLOUR }]
      : []),
  ];
  const legendTitle = measureTitle(measure);
  const legendBottom = 12;
  const legendHeight = (pieces.length + keys.length) * 20;
  return {
    version: 1,
    renderer: 'echarts',
    kind: 'map',
    geo: {
      map,
      ...(drawCodes ? { codes: drawCodes } : {}),
      ...(london ? { presets: [LONDON_PRESET] } : {}),
    },
    format: { measure: measure.name, unit: measure.unit, ...(measure.percent ? { decimals: 1 } : {}) },
    ...(data ? { data } : {}),
    options: {
      title: [
        { text: title, ...(note ? { subtext: note } : {}), ...MAP_TITLE_STYLE },
        {
          // The measure on one line, its unit on the next: narrow enough to sit beside the map.
          text: measure.unit ? `${measure.name},\n${measure.unit}` : measure.name,
          left: 12,
          bottom: legendBottom + legendHeight + 10,
          textStyle: { fontSize: 12, fontWeight: 600, color: '#334155', lineHeight: 15 },
          padding: [4, 4, 0, 4],
          ...PANEL,
        },
        BOUNDARY_SOURCE,
      ],
      tooltip: { trigger: 'item' },
      visualMap: {
        type: 'piecewise',
        seriesIndex: 0,
        pieces,
        left: 12,
        bottom: legendBottom + keys.length * 20,
        itemWidth: 14,
        itemHeight: 12,
        itemGap: 8,
        textStyle: { fontSize: 12, color: '#334155' },
        // Stays readable over the map when it is zoomed in.
        backgroundColor: 'rgba(255,255,255,0.85)',
        padding: 4,
      },
      ...(keys.length ? { graphic: legendKeys(legendBottom, keys) } : {}),
      series: [
        {
          type: 'map',
          map,
          name: legendTitle,
          nameProperty: 'id',
          roam: true,
          aspectScale: UK_ASPECT,
          scaleLimit: { min: 0.7, max: 60 },
          // A centre and a size (not a box) keep the map's aspect: a box would stretch it to fill the frame.
          layoutCenter: ['50%', note ? '55%' : '53%'],
          layoutSize: note ? '84%' : '88%',
          selectedMode: false,
          // Areas without a row are around the result, not part of it; the result's own areas have white borders.
          itemStyle: { areaColor: OUTSIDE_COLOUR, borderColor: OUTSIDE_BORDER, borderWidth: 0.5 },
          emphasis: {
            label: { show: false },
            itemStyle: { areaColor: '#fbbf24', borderColor: '#92400e', borderWidth: 1 },
          },
          data: areas.map((a) => ({
            name: a.code,
            value: a.value,
            label: a.name,
            itemStyle: {
              borderColor: '#ffffff',
              ...(a.value === null ? { areaColor: NO_DATA_COLOUR } : {}),
            },
          })),
        },
      ],
    },
  };
}
