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
  options: Record<string, unknown>;
}

export interface SeriesInput {
  name: string;
  values: (number | null)[];
}

/** Categories with many or long labels read better as horizontal bars. */
const HORIZONTAL_BAR_CATEGORIES = 8;
const ZOOM_CATEGORIES = 40;

const TITLE_STYLE = { left: 'center', top: 6, textStyle: { fontSize: 14, fontWeight: 600 } };

export function buildChartSpec({
  type,
  title,
  categories,
  series,
  xLabel,
  yLabel,
  kind = 'chart',
}: {
  type: ChartType;
  title: string;
  categories: string[];
  series: SeriesInput[];
  xLabel?: string;
  yLabel?: string;
  kind?: 'chart' | 'la_stats';
}): ChartSpec {
  const legend = series.length > 1 || type === 'pie';
  if (type === 'pie') {
    const values = series[0]?.values ?? [];
    return {
      version: 1,
      renderer: 'echarts',
      kind,
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
            data: categories.map((name, i) => ({ name, value: values[i] ?? null })),
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
    nameLocation: 'end',
    axisLabel: { hideOverlap: true },
  };
  return {
    version: 1,
    renderer: 'echarts',
    kind,
    options: {
      title: { text: title, ...TITLE_STYLE },
      tooltip: { trigger: 'axis', axisPointer: { type: type === 'line' ? 'line' : 'shadow' } },
      ...(legend ? { legend: { type: 'scroll', bottom: 0 } } : {}),
      grid: { left: 12, right: 28, top: 52, bottom: legend ? 40 : 16, containLabel: true },
      xAxis: horizontal ? valueAxis : categoryAxis,
      yAxis: horizontal ? categoryAxis : valueAxis,
      ...(!horizontal && categories.length > ZOOM_CATEGORIES ? { dataZoom: [{ type: 'inside' }] } : {}),
      series: series.map((s) => ({
        type: type === 'line' ? 'line' : 'bar',
        name: s.name,
        data: horizontal ? [...s.values].reverse() : s.values,
        ...(type === 'stacked' ? { stack: 'total', emphasis: { focus: 'series' } } : {}),
        ...(type === 'line' ? { showSymbol: categories.length <= 40, connectNulls: false } : {}),
      })),
    },
  };
}

/** Map projection: longitude scaled by cos(54.5°) (the UK's middle latitude), latitude as is. */
const LONGITUDE_SCALE = Math.cos((54.5 * Math.PI) / 180);
const COORD_DECIMALS = 1e3;

export interface MapPoint {
  latitude: number;
  longitude: number;
  /** null: no value for this place (drawn grey). */
  value: number | null;
  label: string;
}

/** Viridis-like: readable on white, ordered light to dark for higher values. */
const MAP_COLOURS = ['#fde725', '#7ad151', '#22a884', '#2a788e', '#414487', '#440154'];

export function buildMapSpec({
  title,
  measure,
  points,
  subtitle,
}: {
  title: string;
  measure: string;
  points: MapPoint[];
  subtitle?: string;
}): ChartSpec {
  const round = (v: number) => Math.round(v * COORD_DECIMALS) / COORD_DECIMALS;
  const xy = (p: MapPoint) => [round(p.longitude * LONGITUDE_SCALE), round(p.latitude)] as const;
  const withValue = points.filter((p) => p.value !== null);
  const without = points.filter((p) => p.value === null);
  const values = withValue.map((p) => p.value as number);
  const min = values.length ? Math.min(...values) : 0;
  const max = values.length ? Math.max(...values) : 1;
  const xs = points.map((p) => xy(p)[0]);
  const ys = points.map((p) => xy(p)[1]);
  const bounds = {
    xMin: xs.length ? Math.min(...xs) : -1,
    xMax: xs.length ? Math.max(...xs) : 1,
    yMin: ys.length ? Math.min(...ys) : 50,
    yMax: ys.length ? Math.max(...ys) : 59,
  };
  // A little margin, and never a zero span (one point, or the whole map on one row).
  const pad = (lo: number, hi: number) => {
    const span = Math.max(hi - lo, 0.5);
    const mid = (hi + lo) / 2;
    return [round(mid - span * 0.53), round(mid + span * 0.53)] as const;
  };
  const [xMin, xMax] = pad(bounds.xMin, bounds.xMax);
  const [yMin, yMax] = pad(bounds.yMin, bounds.yMax);
  const axis = (lo: number, hi: number) => ({ type: 'value', min: lo, max: hi, show: false, scale: true });
  const dimensions = ['x', 'y', measure, 'area'];
  return {
    version: 1,
    renderer: 'echarts',
    kind: 'map',
    aspect: (xMax - xMin) / (yMax - yMin),
    options: {
      title: {
        text: title,
        ...(subtitle ? { subtext: subtitle } : {}),
        ...TITLE_STYLE,
      },
      tooltip: { trigger: 'item' },
      grid: { left: 8, right: 8, top: subtitle ? 56 : 40, bottom: 8 },
      xAxis: axis(xMin, xMax),
      yAxis: axis(yMin, yMax),
      visualMap: {
        type: 'continuous',
        seriesIndex: 0,
        dimension: 2,
        min,
        max: max === min ? min + 1 : max,
        calculable: true,
        precision: 1,
        text: [measure, ''],
        left: 8,
        bottom: 12,
        inRange: { color: MAP_COLOURS },
      },
      series: [
        {
          type: 'scatter',
          name: measure,
          symbolSize: 3,
          dimensions,
          encode: { x: 'x', y: 'y', tooltip: ['area', measure] },
          data: withValue.map((p) => [...xy(p), p.value, p.label]),
        },
        {
          type: 'scatter',
          name: 'No value',
          symbolSize: 2,
          dimensions,
          encode: { x: 'x', y: 'y', tooltip: ['area'] },
          itemStyle: { color: '#c8c8c8' },
          data: without.map((p) => [...xy(p), null, p.label]),
        },
      ],
    },
  };
}
