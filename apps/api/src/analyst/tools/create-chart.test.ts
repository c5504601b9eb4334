import { describe, expect, it } from 'vitest';
import { buildChartSpec, buildMapSpec } from '../visuals/echarts-spec.js';
import { chartData } from './create-chart.tool.js';

const table = (columns: string[], rows: unknown[][]) => ({ columns, rows, truncated: false });

describe('chart data', () => {
  it('takes the first text column as categories and numeric columns as series', () => {
    const data = chartData(
      table(
        ['region', 'premises', 'pct'],
        [
          ['London', 900, 100],
          ['Wales', 150, '0'],
        ],
      ),
      {
        chart_type: 'bar',
      },
    );
    expect(data).toMatchObject({
      categories: ['London', 'Wales'],
      series: [
        { name: 'Premises', values: [900, 150] },
        { name: 'Share', values: [100, 0] },
      ],
    });
  });

  it('pivots long data by a series column, and explains unknown columns', () => {
    const data = chartData(
      table(
        ['quarter', 'tech', 'lines'],
        [
          ['2026Q1', 'fttp', 1],
          ['2026Q1', 'fttc', 2],
          ['2026Q2', 'fttp', 3],
        ],
      ),
      { chart_type: 'stacked', series: 'tech' },
    );
    expect(data).toMatchObject({
      categories: ['2026Q1', '2026Q2'],
      series: [
        { name: 'fttp', values: [1, 3] },
        { name: 'fttc', values: [2, null] },
      ],
    });
    expect(chartData(table(['a'], [['x']]), { chart_type: 'bar', y: 'b' })).toEqual({
      error: 'Unknown y column(s): b.',
    });
    expect(chartData(table(['a'], [['x']]), { chart_type: 'bar' })).toEqual({
      error: 'No numeric column to draw: name the y column.',
    });
  });

  it('builds specs that are plain data', () => {
    const bars = buildChartSpec({
      type: 'bar',
      title: 'T',
      categories: Array.from({ length: 12 }, (_, i) => `c${i}`),
      series: [{ name: 's', values: Array.from({ length: 12 }, (_, i) => i) }],
    });
    // Many categories read better as horizontal bars, the first on top.
    expect((bars.options.yAxis as { type: string; data: string[] }).data[0]).toBe('c11');
    const map = buildMapSpec({
      title: 'M',
      measure: 'Coverage',
      points: [
        { latitude: 51.5, longitude: -0.1, value: 10, label: 'A' },
        { latitude: 55.9, longitude: -3.2, value: null, label: 'B' },
      ],
    });
    // Points over the local authority outlines.
    expect(map.geo?.map).toBe('lad');
    expect((map.options.series as { coordinateSystem: string }[])[0]!.coordinateSystem).toBe('geo');
    const json = JSON.stringify([bars, map]);
    expect(JSON.parse(json)).toEqual([bars, map]);
  });
});
