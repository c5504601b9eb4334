import { describe, expect, it } from 'vitest';
import { CHART_LINK_TTL_MS, createChartLinks, signChartUrls } from './chart-links.js';

describe('chart links', () => {
  it('verify only for the owner and the chart they were made for, until they expire or the session ends', async () => {
    let now = 1_800_000_000_000;
    const links = createChartLinks('a'.repeat(64), () => now);
    const owner = { id: 'owner', sessionVersion: 3, jti: 'jti-1' };
    let session = { sessionVersion: 3, revoked: false };
    const current = async () => session;
    const token = links.token('chart1', owner);
    const check = (t: string | undefined, chart = 'chart1', ownerId = 'owner') =>
      links.check(t, chart, ownerId, current);
    expect(await check(token)).toBe('ok');
    expect(await check(token, 'chart1', 'someone-else')).toBe('invalid');
    expect(await check(token, 'chart2')).toBe('invalid');
    expect(await check(undefined)).toBe('invalid');
    expect(await check(`${token}x`)).toBe('invalid');
    // A forged session version or sign-in token id breaks the signature.
    expect(await check(token.replace('.3.', '.4.'))).toBe('invalid');
    expect(await check(token.replace('.jti-1.', '.jti-2.'))).toBe('invalid');
    expect(await createChartLinks('b'.repeat(64), () => now).check(token, 'chart1', 'owner', current)).toBe(
      'invalid',
    );
    // The sign-in token it was handed to is revoked (sign-out), or the owner's sessions end.
    session = { sessionVersion: 3, revoked: true };
    expect(await check(token)).toBe('expired');
    session = { sessionVersion: 4, revoked: false };
    expect(await check(token)).toBe('expired');
    session = { sessionVersion: 3, revoked: false };
    now += CHART_LINK_TTL_MS + 1000;
    expect(await check(token)).toBe('expired');
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
    const owner = { id: 'owner', sessionVersion: 0, jti: 'j' };
    expect(links.sign('https://elsewhere.example/x', owner)).toBe('https://elsewhere.example/x');
    expect(links.sign('/api/charts/abc?token=old', owner)).toMatch(
      /^\/api\/charts\/abc\?token=\d+\.0\.j\.[\w-]+$/,
    );
  });
});
