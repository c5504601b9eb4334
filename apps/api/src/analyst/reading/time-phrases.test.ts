/** Each step of reading time phrases, by the phrases it reads; the latest snapshot is November 2026. */
import { describe, expect, it } from 'vitest';
import { testTime } from './test-fixtures.js';
import { parseTime } from './time-phrases.js';

const read = (phrase: string) => parseTime(` ${phrase} `, testTime);

describe('series grain', () => {
  it('reads "over 2 yrs" with no "last" as the window ending at the latest snapshot', async () => {
    const { understand } = await import('./understand.js');
    const { testLexicon } = await import('./test-fixtures.js');
    const u = understand('fttp coverage growth in pp by nation over 2 yrs', testLexicon, testTime);
    expect(u.kind === 'data' && u.plan.time).toMatchObject({ from: '2024-11-01', to: '2026-11-01' });
  });

  it('reads "from here out" of a series as from the first point after the latest snapshot', () => {
    const { time, matched } = read('ff forecast every half year from here out to 2030');
    expect(time.seriesFrom).toBe('2026-12-01');
    expect(matched).toContain('from here out');
  });

  it('reads growth in a half-year as the change from the end of the half before to its end', () => {
    expect(parseTime('which altnets added the most premises in h1 2026', testTime).time).toMatchObject({
      from: '2025-12-01',
      to: '2026-06-01',
    });
    expect(parseTime('ftth premises added during the second half of 2025', testTime).time).toMatchObject({
      from: '2025-06-01',
      to: '2025-12-01',
    });
    // A level in a half stays its point.
    expect(parseTime('ff coverage in h1 2026', testTime).time).toMatchObject({ at: '2026-06-01' });
  });

  it("reads 'each january from 2022 to 2025' as a yearly series of January snapshots", () => {
    expect(read('coverage each january from 2022 to 2025')).toMatchObject({
      series: 'year',
      time: { seriesMonth: 1, seriesFrom: '2022-01-01', seriesTo: '2025-01-01' },
    });
  });

  it("reads 'on 1 jan each year' as a yearly series at January", () => {
    expect(read('on 1 jan each year')).toMatchObject({ series: 'year', time: { seriesMonth: 1 } });
  });

  it("reads 'each q4' as a quarterly series of Q4 only", () => {
    expect(read('lines each q4')).toMatchObject({ series: 'quarter', time: { quarterNumber: 4 } });
  });
});

describe('quarters', () => {
  it("reads 'the last 4 quarters' as lastQuarters 4", () => {
    expect(read('lines in the last 4 quarters').time).toEqual({ lastQuarters: 4 });
  });

  it("reads 'each quarter of 2025' as the quarters of 2025", () => {
    expect(read('each quarter of 2025')).toMatchObject({ series: 'quarter', time: { quarterYear: 2025 } });
  });
});

describe('recent window', () => {
  it("reads 'over the past 2 years' as a window of 24 months to the latest snapshot", () => {
    expect(read('over the past 2 years')).toMatchObject({
      window: true,
      time: { from: '2024-11-01', to: '2026-11-01', phrase: 'in the last 2 years' },
    });
  });

  it("reads 'month by month for the last 6 months' as six monthly points", () => {
    expect(read('month by month for the last 6 months')).toMatchObject({
      window: false,
      time: { seriesFrom: '2026-06-01', seriesTo: '2026-11-01' },
    });
  });
});

describe('since', () => {
  it("reads 'since 2023 quarterly' as a series from January 2023", () => {
    expect(read('since 2023 quarterly').time).toEqual({ seriesFrom: '2023-01-01', seriesTo: '2026-11-01' });
  });
});

describe('ago', () => {
  it("reads '6 months ago' as the May 2026 snapshot", () => {
    expect(read('6 months ago').time).toEqual({ at: '2026-05-01' });
  });

  it("reads 'more premises now than a year ago' as the change over the year", () => {
    expect(read('more premises now than a year ago')).toMatchObject({
      window: true,
      time: { from: '2025-11-01', to: '2026-11-01', phrase: 'compared with 1 year ago' },
    });
  });
});

describe('ranges and points', () => {
  it("reads 'between end 2026 and mid 2028' as a window between two forecast points", () => {
    expect(read('between end 2026 and mid 2028')).toMatchObject({
      window: true,
      future: true,
      time: { from: '2026-12-01', to: '2028-06-01' },
    });
  });

  it("reads 'at the end of 2027, 2028 and 2030' as a yearly series of year ends", () => {
    expect(read('at the end of 2027, 2028 and 2030')).toMatchObject({
      series: 'year',
      time: { seriesMonth: 12, seriesFrom: '2027-01-01', seriesTo: '2030-12-01' },
    });
  });

  it("reads 'h2 2027' as December 2027 and 'mid-2027' as June 2027", () => {
    expect(read('h2 2027').time.at).toBe('2027-12-01');
    expect(read('mid-2027').time.at).toBe('2027-06-01');
  });
});

describe('series year', () => {
  it("reads 'monthly this year' as January to the latest snapshot", () => {
    expect(read('monthly this year').time).toEqual({ seriesFrom: '2026-01-01', seriesTo: '2026-11-01' });
  });

  it("reads 'gains this year' as the window since December 2025", () => {
    expect(read('gains this year')).toMatchObject({
      window: true,
      time: { from: '2025-12-01', to: '2026-11-01', phrase: 'this year' },
    });
  });
});

describe('windows between two named points', () => {
  it("reads 'between Jan 2024 and Jan 2026' as a window, without a point of its own", () => {
    expect(read('gained the most points between jan 2024 and jan 2026').time).toEqual({
      from: '2024-01-01',
      to: '2026-01-01',
      phrase: 'between January 2024 and January 2026',
    });
  });

  it("reads 'from Dec 2026 to Dec 2027', 'jun 27 -> dec 27' and 'between H1 2027 and H1 2029' as windows", () => {
    expect(read('forecast new build from dec 2026 to dec 2027').time).toMatchObject({
      from: '2026-12-01',
      to: '2027-12-01',
    });
    expect(read('new openreach build, jun 27 -> dec 27').time).toMatchObject({
      from: '2027-06-01',
      to: '2027-12-01',
    });
    expect(read('add the most premises between h1 2027 and h1 2029').time).toMatchObject({
      from: '2027-06-01',
      to: '2029-06-01',
    });
    // "between end 2026 and mid 2028" no longer also sets mid 2028 as a point.
    expect(read('between end 2026 and mid 2028').time.at).toBeUndefined();
  });

  it('leaves bare year ranges to series', () => {
    expect(read('premises from 2022 to 2025').window).toBe(false);
  });
});
