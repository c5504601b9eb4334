import { describe, expect, it } from 'vitest';
import { chooseVisual } from './auto-visual.js';
import { boundaryAreas } from './boundaries.js';
import { pickVisual, profileTable } from './chart-picker.js';

const COVERAGE = ['la_name', 'premises_passed', 'total_premises', 'coverage_pct'];
const la = (name: string, pct: number) => [name, '10', '20', String(pct)];
const SCATTERED_TEN = [
  'Leeds',
  'Cornwall',
  'Glasgow City',
  'Cardiff',
  'Belfast',
  'Norwich',
  'Brighton and Hove',
  'Newcastle upon Tyne',
  'Birmingham',
  'Plymouth',
];
const WALES = boundaryAreas('lad').filter((a) => a.region === 'Wales');

type Options = { series?: { type: string; data?: unknown[] }[]; graphic?: { children: unknown[] }[] };
const optionsOf = (spec: { options: Record<string, unknown> } | undefined) => spec?.options as Options;
const keyTexts = (spec: { options: Record<string, unknown> } | undefined) =>
  JSON.stringify(optionsOf(spec)?.graphic ?? []);

describe('the chart picker', () => {
  it('draws a two-place comparison as bars, not a map, and offers the map as a choice', () => {
    const choice = chooseVisual({
      title: 'Share of premises in Leeds and Manchester where full fibre is available',
      columns: COVERAGE,
      rows: [la('Leeds', 95.45), la('Manchester', 88.32)],
    });
    expect(choice.type).toBe('bar');
    expect(choice.visual?.kind).toBe('chart');
    expect(choice.choices).toEqual(['bar', 'map', 'pie', 'table'].filter((c) => c !== 'pie'));
  });

  it('draws ten councils scattered over the UK as bars', () => {
    const choice = chooseVisual({
      title: 'The 10 local authorities with the highest gigabit coverage',
      columns: COVERAGE,
      rows: SCATTERED_TEN.map((name, i) => la(name, 98 - i / 10)),
    });
    expect(choice.type).toBe('bar');
    expect(choice.visual?.spec.options).toMatchObject({ yAxis: { type: 'category' } });
  });

  it("maps a region's authorities, zoomed to that region", () => {
    const choice = chooseVisual({
      title: 'Share of premises in Wales by local authority where full fibre is available',
      columns: COVERAGE,
      rows: WALES.map((a, i) => la(a.name, 70 + i)),
    });
    expect(choice.type).toBe('map');
    expect(choice.visual?.spec.geo?.codes).toHaveLength(WALES.length);
    // Every area drawn is in the result: neither "No data" nor "Not in this result" is needed.
    expect(keyTexts(choice.visual?.spec)).toBe('[]');
  });

  it('draws the rest of the regions a few authorities lie in as not in this result, never as no data', () => {
    const choice = chooseVisual({
      title: 'Full fibre coverage in Leeds and Manchester',
      columns: COVERAGE,
      rows: [la('Leeds', 95.45), la('Manchester', 88.32)],
      requested: 'map',
    });
    expect(choice.type).toBe('map');
    const spec = choice.visual?.spec;
    const drawn = boundaryAreas('lad').filter((a) =>
      ['Yorkshire and The Humber', 'North West'].includes(a.region),
    );
    expect(spec?.geo?.codes).toHaveLength(drawn.length);
    expect(keyTexts(spec)).toContain('Not in this result');
    expect(keyTexts(spec)).not.toContain('No data');
    // Two values give distinct legend edges, not "95.5% – 95.5%".
    expect(JSON.stringify(spec?.options)).toContain('88.3% – 95.5%');
  });

  it('maps 8 or more regions, and draws the four nations as bars', () => {
    const regions = chooseVisual({
      title: 'Average fastest download speed in England by region',
      columns: ['government_region', 'avg_down'],
      rows: boundaryAreas('itl1')
        .filter((a) => a.country === 'England')
        .map((a, i) => [a.name, String(100 + i)]),
    });
    expect(regions.type).toBe('map');
    expect(regions.visual?.spec.geo?.codes).toHaveLength(9);
    const nations = chooseVisual({
      title: 'Full fibre coverage by nation',
      columns: ['country', 'coverage_pct'],
      rows: [
        ['England', '80'],
        ['Scotland', '75'],
        ['Wales', '82'],
        ['Northern Ireland', '94'],
      ],
    });
    expect(nations.type).toBe('bar');
  });

  it('falls back to bars when a line is asked for over places, and says why', () => {
    const choice = chooseVisual({
      title: 'Share of premises by region where full fibre is available',
      columns: ['government_region', 'coverage_pct'],
      rows: boundaryAreas('itl1').map((a, i) => [a.name, String(70 + i)]),
      requested: 'line',
    });
    expect(choice.type).toBe('map');
    expect(choice.note).toBe(
      'A line chart joins points in time order, and regions have no order, so this is drawn as a map instead.',
    );
    expect(choice.choices).not.toContain('line');
  });

  it('draws lines only over time, and bars over time when asked', () => {
    const rows = [
      ['2025-11-01', '57.5'],
      ['2026-05-01', '70.1'],
      ['2026-11-01', '84.9'],
    ];
    const line = chooseVisual({
      title: 'Full fibre coverage over time',
      columns: ['reported_at', 'coverage_pct'],
      rows,
    });
    expect(line.type).toBe('line');
    expect(line.choices).toEqual(['line', 'bar', 'table']);
    const bars = chooseVisual({
      title: 'Full fibre coverage over time',
      columns: ['reported_at', 'coverage_pct'],
      rows,
      requested: 'bar',
    });
    expect(bars.type).toBe('bar');
    expect(JSON.stringify(bars.visual?.spec.options)).toContain('"Nov 2025"');
  });

  it('shows more categories than bars hold as a table, with bars still a choice', () => {
    const rows = Array.from({ length: 27 }, (_, i) => [`Operator ${i}`, String(1000 - i)]);
    const profile = profileTable(['operator', 'lines'], rows);
    expect(pickVisual(profile)).toMatchObject({ type: 'table', choices: ['table', 'bar'] });
    expect(
      chooseVisual({ title: 'Lines by operator', columns: ['operator', 'lines'], rows }).visual,
    ).toBeNull();
  });

  it('says a share of take-up lines is a share of lines, not of premises', () => {
    const choice = chooseVisual({
      title: 'Share of broadband lines by operator, 2026 Q4',
      columns: ['operator', 'lines', 'share_pct'],
      rows: [
        ['BT', '90652', '32.63'],
        ['Sky', '60000', '21.6'],
        ['Virgin Media', '55000', '19.8'],
      ],
      sql: "SELECT operator, SUM(lines) AS lines FROM take_up_quarterly WHERE quarter = '2026Q4'",
    });
    const text = JSON.stringify(choice.visual?.spec);
    expect(text).toContain('Share of lines, %');
    expect(text).not.toContain('% of premises');
  });

  it('titles a chart with the interpretation as one line', () => {
    const choice = chooseVisual({
      title: 'share of premises by region where full fibre is available, November 2026 snapshot.',
      columns: ['operator_group', 'premises'],
      rows: [
        ['Openreach', '100'],
        ['CityFibre', '50'],
      ],
    });
    expect(choice.visual?.title).toBe(
      'Share of premises by region where full fibre is available, November 2026 snapshot',
    );
  });
  it('draws shares listed for the same places as bars side by side, each named by what sets it apart', () => {
    const choice = chooseVisual({
      title:
        'Share of premises in Cardiff and Swansea by local authority where full fibre is available; and share of premises where an altnet is present; and share of premises where Virgin Media is present',
      columns: [
        'la_name',
        'premises_passed',
        'coverage_pct',
        'altnet_coverage_pct',
        'virgin_media_coverage_pct',
      ],
      rows: [
        ['Cardiff', '158429', '90.32', '85.26', '72.37'],
        ['Swansea', '106861', '87.5', '36.71', '64.09'],
      ],
    });
    expect(choice.type).toBe('bar');
    const options = choice.visual?.spec.options as { series: { name: string; data: number[] }[] } | undefined;
    expect((options?.series ?? []).map((s) => [s.name, s.data])).toEqual([
      ['Full fibre coverage', [90.32, 87.5]],
      ['Altnet coverage', [85.26, 36.71]],
      ['Virgin Media', [72.37, 64.09]],
    ]);
  });

  it('draws an urban-rural gap as urban and rural bars side by side, not one setting alone', () => {
    const choice = chooseVisual({
      title: 'The urban-rural gap in the share of premises (urban minus rural, in points), by nation',
      columns: ['country', 'urban_coverage_pct', 'rural_coverage_pct', 'gap_pp'],
      rows: [
        ['Scotland', '85.33', '33.63', '51.69'],
        ['Wales', '91.07', '54.15', '36.92'],
      ],
      sql: 'SELECT ... ORDER BY gap_pp DESC, s.country',
    });
    expect(choice.type).toBe('bar');
    const options = choice.visual?.spec.options as { series: { name: string; data: number[] }[] } | undefined;
    const series = options?.series ?? [];
    expect(series.map((s) => [s.name, s.data])).toEqual([
      ['Urban', [85.33, 91.07]],
      ['Rural', [33.63, 54.15]],
    ]);
  });
});
