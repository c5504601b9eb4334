import { describe, expect, it } from 'vitest';
import { chartData } from '../tools/create-chart.tool.js';
import { chooseVisual } from './auto-visual.js';
import { boundaryAreas, boundaryScript, normalisePlace, placeMatcher } from './boundaries.js';
import { buildChoropleth } from './choropleth.js';
import { buildMapSpec, downloadData, mapSubtitle, quantileBreaks } from './echarts-spec.js';
import { measureLabel, measureTitle, operatorColour } from './labels.js';

describe('boundaries', () => {
  it('has the 361 authorities and 12 regions, each with the warehouse region', async () => {
    const lad = boundaryAreas('lad');
    expect(lad).toHaveLength(361);
    expect(lad.every((a) => a.region && a.country)).toBe(true);
    expect(boundaryAreas('itl1').map((a) => a.name)).toContain('East of England');
    const script = await boundaryScript('lad');
    expect(script.raw.toString('utf8', 0, 40)).toContain('QA_BOUNDARIES');
    expect(script.br.length).toBeLessThan(150_000);
  });

  it('matches places by code or loosely by name', () => {
    const la = placeMatcher('la_name');
    expect(la.match('Bristol, City of')[0]?.code).toBe('E06000023');
    expect(la.match('city of bristol')[0]?.code).toBe('E06000023');
    expect(placeMatcher('la_code').match('e08000025')[0]?.name).toBe('Birmingham');
    const region = placeMatcher('government_region');
    expect(region.match('East of England')[0]?.code).toBe('TLH');
    expect(region.match('North East (England)')[0]?.code).toBe('TLC');
    expect(region.match('Yorkshire & the Humber')[0]?.code).toBe('TLE');
    expect(placeMatcher('country').match('England')).toHaveLength(9);
    expect(normalisePlace('St. Albans')).toBe(normalisePlace('St Albans'));
  });
});

describe('choropleths', () => {
  it('fills every authority and zooms a one-region answer to its region', () => {
    const rows = boundaryAreas('lad').map((a, i) => [a.name, i / 3.61]);
    const all = buildChoropleth({
      table: { columns: ['la_name', 'coverage_pct'], rows },
      placeIndex: 0,
      place: 'la_name',
      valueIndex: 1,
      title: 'Full fibre coverage by local authority',
    });
    expect(all.matched).toBe(361);
    expect(all.drawn).toBe(361);
    expect(all.spec.geo?.presets?.[0]?.label).toBe('London');
    expect(JSON.stringify(all.spec.options)).toContain('Full fibre coverage, % of premises');
    const northWest = boundaryAreas('lad').filter((a) => a.region === 'North West');
    const part = buildChoropleth({
      table: { columns: ['la_name', 'coverage_pct'], rows: northWest.map((a) => [a.name, 50]) },
      placeIndex: 0,
      place: 'la_name',
      valueIndex: 1,
      title: 'Full fibre in the North West',
    });
    expect(part.drawn).toBe(northWest.length);
    expect(part.spec.geo?.codes).toHaveLength(northWest.length);
  });

  it('gives no subtitle that repeats the title', () => {
    const northWest = buildChoropleth({
      table: {
        columns: ['la_name', 'coverage_pct'],
        rows: [
          ['Manchester', 50],
          ['Bolton', 60],
        ],
      },
      placeIndex: 0,
      place: 'la_name',
      valueIndex: 1,
      title: 'Full fibre coverage by local authority in the North West',
    });
    const title = (northWest.spec.options.title as { text: string; subtext?: string }[])[0]!;
    expect(title.subtext).toBeUndefined();
    expect(mapSubtitle('Map altnet coverage by local authority', 'Altnet coverage', 'Local authority')).toBe(
      undefined,
    );
    expect(mapSubtitle('Broadband in Wales', 'Gigabit-capable coverage', 'Local authority')).toBe(
      'Gigabit-capable coverage by local authority',
    );
  });

  it('draws points over the local authority outlines, zoomed to where they are', () => {
    const spec = buildMapSpec({
      title: 'Broadband in Leeds',
      measure: measureLabel('coverage_pct', 'Full fibre coverage'),
      place: 'Postcode',
      points: [
        { latitude: 53.8, longitude: -1.55, value: 40, label: 'LS1 1AA' },
        { latitude: 53.85, longitude: -1.6, value: null, label: 'LS6 2AB' },
      ],
    });
    expect(spec.geo?.map).toBe('lad');
    const options = spec.options as {
      geo: { map: string; zoom?: number; center?: number[] };
      series: { coordinateSystem: string; data: unknown[][] }[];
      visualMap: { text: string[] };
      title: { subtext?: string }[];
    };
    expect(options.geo.map).toBe('lad');
    expect(options.geo.zoom).toBeGreaterThan(10);
    expect(options.geo.center).toEqual([-1.575, 53.825]);
    expect(options.series.map((s) => s.coordinateSystem)).toEqual(['geo', 'geo']);
    expect(options.series[0]!.data).toEqual([[-1.55, 53.8, 40, 'LS1 1AA']]);
    expect(options.visualMap.text[0]).toBe('Full fibre coverage, % of premises');
    expect(options.title[0]!.subtext).toBe('Full fibre coverage by postcode');
    expect(options.title[1]).toMatchObject({ text: 'Boundaries: ONS, OGL v3.0' });
  });

  it('breaks values into quantile classes', () => {
    expect(quantileBreaks([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], true)).toEqual([1, 3, 5, 7, 9, 10]);
    expect(quantileBreaks([5, 5, 5], true)).toEqual([5]);
  });
});

describe('labels', () => {
  it('says what a measure is in words', () => {
    expect(measureTitle(measureLabel('coverage_pct', 'Full fibre coverage by region'))).toBe(
      'Full fibre coverage, % of premises',
    );
    expect(measureTitle(measureLabel('coverage_pct', 'Map altnet coverage'))).toBe(
      'Altnet coverage, % of premises',
    );
    expect(measureTitle(measureLabel('premises_passed'))).toBe('Premises passed, premises');
    expect(operatorColour('Virgin Cable')).toBe(operatorColour('Virgin Media'));
    expect(operatorColour('Openreach')).not.toBe(operatorColour('CityFibre'));
  });
});

describe('charts drawn by the chat', () => {
  it('name one measure with its unit for the tooltips, and keep the rows for the CSV download', () => {
    const table = {
      columns: ['government_region', 'coverage_pct'],
      rows: [
        ['London', 80.5],
        ['Wales', 70.25],
      ],
      truncated: false,
    };
    const built = chartData(table, { chart_type: 'bar' }, 'Full fibre coverage by region');
    expect('format' in built && built.format).toEqual({
      measure: 'Full fibre coverage',
      unit: '% of premises',
      decimals: 1,
    });
    expect(downloadData(table.columns, table.rows)).toEqual({
      data: { columns: table.columns, rows: table.rows },
    });
    expect(downloadData(['x'], [['y'.repeat(1_100_000)]])).toBeUndefined();
  });
});

describe('the visual a query result offers', () => {
  it('maps one row per region, draws a line over time and bars for a few categories', () => {
    const regions = boundaryAreas('itl1').map((a, i) => [a.name, '10', '20', String(50 + i)]);
    const map = chooseVisual({
      title: 'Full fibre coverage by region',
      columns: ['government_region', 'premises_passed', 'total_premises', 'coverage_pct'],
      rows: regions,
    }).visual;
    expect(map?.kind).toBe('map');
    expect(map?.spec.geo?.map).toBe('itl1');
    const line = chooseVisual({
      title: 'How has full fibre coverage grown year by year?',
      columns: ['reported_at', 'premises', 'coverage_pct'],
      rows: [
        ['2022-12-01', '100', '40'],
        ['2023-12-01', '200', '50'],
      ],
    }).visual;
    expect(line?.kind).toBe('chart');
    expect(JSON.stringify(line?.spec.options)).toContain('"type":"line"');
    const bars = chooseVisual({
      title: 'Largest networks',
      columns: ['operator_group', 'premises'],
      rows: [
        ['Openreach', '100'],
        ['CityFibre', '50'],
      ],
    }).visual;
    expect(JSON.stringify(bars?.spec.options)).toContain(operatorColour('CityFibre'));
    expect(
      chooseVisual({ title: 'x', columns: ['postcode', 'premises'], rows: [['A', '1']] }).visual,
    ).toBeNull();
  });
});
