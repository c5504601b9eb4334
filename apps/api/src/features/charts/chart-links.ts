/**
 * Chart pages are loaded by an iframe, which sends no Authorization header, so the page URL carries a signed,
 * short-lived token: HMAC-SHA256 over (chart id, owner id, the owner's session version, the id of the sign-in
 * token it was handed to, expiry) with a key derived from the app's secret. The token names no user; it verifies
 * only against the chart's real owner, so a link works for the owner's charts only, until it expires, and only
 * while the session that received it lasts: once that sign-in token is revoked (sign-out) or the owner's
 * sessions end (sign-out everywhere, a new password or role), the link is refused. Stored tool results keep the
 * bare URL; every response that hands a chart to the owner's browser (the stream, the history) signs it afresh.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const CHART_LINK_TTL_MS = 60 * 60_000;
export const CHART_PATH_PREFIX = '/api/charts/';

export type LinkCheck = 'ok' | 'invalid' | 'expired';

/** Who a link is for: the chart's owner, in the session that received it. */
export interface LinkOwner {
  id: string;
  sessionVersion: number;
  /** The sign-in token's id. */
  jti: string;
}

/** What the check needs to know of the session a link names (read from the database). */
export type LinkSession = (
  ownerId: string,
  jti: string,
) => Promise<{ sessionVersion: number; revoked: boolean }>;

export function createChartLinks(appSecret: string, now: () => number = Date.now) {
  const key = createHmac('sha256', appSecret).update('query-agent chart links v2').digest();
  const mac = (chartId: string, owner: LinkOwner, expires: number) =>
    createHmac('sha256', key)
      .update(`${chartId}\n${owner.id}\n${owner.sessionVersion}\n${owner.jti}\n${expires}`)
      .digest('base64url');

  return {
    token(chartId: string, owner: LinkOwner): string {
      const expires = Math.floor((now() + CHART_LINK_TTL_MS) / 1000);
      return `${expires}.${owner.sessionVersion}.${owner.jti}.${mac(chartId, owner, expires)}`;
    },

    /**
     * 'ok' only for the chart's owner, before expiry, while the session that received the link lasts; 'expired'
     * for a genuine link whose time or session is over; 'invalid' for anything else.
     */
    async check(
      token: string | undefined,
      chartId: string,
      ownerId: string,
      session: LinkSession,
    ): Promise<LinkCheck> {
      const match = /^(\d{1,12})\.(\d{1,9})\.([\w-]{1,64})\.([\w-]{20,100})$/.exec(token ?? '');
      if (!match) return 'invalid';
      const expires = Number(match[1]);
      const owner = { id: ownerId, sessionVersion: Number(match[2]), jti: match[3]! };
      const given = Buffer.from(match[4]!);
      const expected = Buffer.from(mac(chartId, owner, expires));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      if (expires * 1000 < now()) return 'expired';
      const current = await session(ownerId, owner.jti);
      return current.revoked || current.sessionVersion !== owner.sessionVersion ? 'expired' : 'ok';
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
    sign(url: string, owner: LinkOwner): string {
      if (!url.startsWith(CHART_PATH_PREFIX)) return url;
      const [path] = url.split('?');
      const id = path!.slice(CHART_PATH_PREFIX.length);
      if (!/^[\w-]+$/.test(id)) return url;
      return `${path}?token=${this.token(id, owner)}`;
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
