/**
 * Chart pages are loaded by an iframe, which sends no Authorization header, so the page URL carries a signed,
 * short-lived token: HMAC-SHA256 over (chart id, owner id, expiry) with a key derived from the app's secret. The
 * token names no user; it verifies only against the chart's real owner, so a link works for the owner's charts
 * only, and only until it expires. Stored tool results keep the bare URL; every response that hands a chart to
 * the owner's browser (the stream, the history) signs it afresh.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const CHART_LINK_TTL_MS = 60 * 60_000;
export const CHART_PATH_PREFIX = '/api/charts/';

export type LinkCheck = 'ok' | 'invalid' | 'expired';

export function createChartLinks(appSecret: string, now: () => number = Date.now) {
  const key = createHmac('sha256', appSecret).update('query-agent chart links v1').digest();
  const mac = (chartId: string, ownerId: string, expires: number) =>
    createHmac('sha256', key).update(`${chartId}\n${ownerId}\n${expires}`).digest('base64url');

  return {
    token(chartId: string, ownerId: string): string {
      const expires = Math.floor((now() + CHART_LINK_TTL_MS) / 1000);
      return `${expires}.${mac(chartId, ownerId, expires)}`;
    },

    check(token: string | undefined, chartId: string, ownerId: string): LinkCheck {
      const match = /^(\d{1,12})\.([\w-]{20,100})$/.exec(token ?? '');
      if (!match) return 'invalid';
      const expires = Number(match[1]);
      const given = Buffer.from(match[2]!);
      const expected = Buffer.from(mac(chartId, ownerId, expires));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return expires * 1000 < now() ? 'expired' : 'ok';
    },

    /**
     * A chart id derived from (purpose, ...parts) with the app's key: the same query's visual for the same user is
     * stored once, and the id is as unguessable as a random one (24 base64url characters of an HMAC).
     */
    derivedId(...parts: string[]): string {
      return createHmac('sha256', key)
        .update(`derived\n${parts.join('\n')}`)
        .digest('base64url')
        .slice(0, 24);
    },

    /** `/api/charts/<id>` -> `/api/charts/<id>?token=...` for the owner; other URLs are returned unchanged. */
    sign(url: string, ownerId: string): string {
      if (!url.startsWith(CHART_PATH_PREFIX)) return url;
      const [path] = url.split('?');
      const id = path!.slice(CHART_PATH_PREFIX.length);
      if (!/^[\w-]+$/.test(id)) return url;
      return `${path}?token=${this.token(id, ownerId)}`;
    },
  };
}

export type ChartLinks = ReturnType<typeof createChartLinks>;

/**
 * A copy of a tool result with every `chart.url` signed for the owner (results are JSON; charts sit at the top
 * level or one level down in lists, e.g. an MCP result's structured content).
 */
export function signChartUrls<T>(value: T, sign: (url: string) => string, depth = 0): T {
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => signChartUrls(item, sign, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (
      key === 'chart' &&
      item &&
      typeof item === 'object' &&
      typeof (item as { url?: unknown }).url === 'string'
    ) {
      out[key] = { ...(item as object), url: sign((item as { url: string }).url) };
    } else {
      out[key] = signChartUrls(item, sign, depth + 1);
    }
  }
  return out as T;
}
