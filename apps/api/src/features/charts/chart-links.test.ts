import { describe, expect, it } from 'vitest';
import { CHART_LINK_TTL_MS, createChartLinks, signChartUrls } from './chart-links.js';

describe('chart links', () => {
  it('verify only for the owner and the chart they were made for, until they expire', () => {
    let now = 1_800_000_000_000;
    const links = createChartLinks('a'.repeat(64), () => now);
    const token = links.token('chart1', 'owner');
    expect(links.check(token, 'chart1', 'owner')).toBe('ok');
    expect(links.check(token, 'chart1', 'someone-else')).toBe('invalid');
    expect(links.check(token, 'chart2', 'owner')).toBe('invalid');
    expect(links.check(undefined, 'chart1', 'owner')).toBe('invalid');
    expect(links.check(`${token}x`, 'chart1', 'owner')).toBe('invalid');
    expect(createChartLinks('b'.repeat(64), () => now).check(token, 'chart1', 'owner')).toBe('invalid');
    now += CHART_LINK_TTL_MS + 1000;
    expect(links.check(token, 'chart1', 'owner')).toBe('expired');
  });

  it('signs every chart URL in a tool result and leaves the rest alone', () => {
    const sign = (url: string) => `${url}?token=t`;
    const result = {
      rows: [['/api/charts/x']],
      chart: { url: '/api/charts/abc', kind: 'map', title: 'T' },
      nested: [{ chart: { url: '/api/charts/def', kind: 'chart', title: 'U' } }],
    };
    expect(signChartUrls(result, sign)).toEqual({
      rows: [['/api/charts/x']],
      chart: { url: '/api/charts/abc?token=t', kind: 'map', title: 'T' },
      nested: [{ chart: { url: '/api/charts/def?token=t', kind: 'chart', title: 'U' } }],
    });
    const links = createChartLinks('c'.repeat(64));
    expect(links.sign('https://elsewhere.example/x', 'owner')).toBe('https://elsewhere.example/x');
    expect(links.sign('/api/charts/abc?token=old', 'owner')).toMatch(
      /^\/api\/charts\/abc\?token=\d+\.[\w-]+$/,
    );
  });
});
