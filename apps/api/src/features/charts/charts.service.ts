/**
 * Stored charts and maps: the chat tools save a declarative spec per user (ChartSink), the chart page serves it
 * to its owner. Ids are 144 random bits, so they cannot be guessed or enumerated.
 */
import { randomBytes } from 'node:crypto';
import type { ChartSink } from '../../analyst/tools/tool-types.js';
import type { AppDb } from '../../db/database.js';
import { CHART_PATH_PREFIX, type ChartLinks, type LinkOwner, signChartUrls } from './chart-links.js';
import { getChartById, insertChart, linkSession } from './charts.queries.js';

/** A spec larger than this is refused (a map of 15,000 dots is about 600 KB). */
export const MAX_SPEC_BYTES = 2 * 1024 * 1024;

export function newChartId(): string {
  return randomBytes(18).toString('base64url');
}

export function createChartService({ db, links }: { db: AppDb; links: ChartLinks }) {
  return {
    links,

    /** Where one user's (and one conversation's) charts are saved. */
    sinkFor(userId: string, sessionId: string | null = null): ChartSink {
      return {
        async save({ kind, title, spec }) {
          const size = Buffer.byteLength(JSON.stringify(spec));
          if (size > MAX_SPEC_BYTES) {
            throw new Error(
              `The chart is too large to store (${Math.round(size / 1024)} KB): draw fewer points.`,
            );
          }
          const id = newChartId();
          await insertChart({ db, row: { id, user_id: userId, session_id: sessionId, kind, title, spec } });
          return { chart: { url: `${CHART_PATH_PREFIX}${id}`, kind, title } };
        },
      };
    },

    /** The chart with this (derived) id, stored for this user unless it already is; `queryId`: drawn from it. */
    async saveOnce(
      id: string,
      userId: string,
      {
        kind,
        title,
        spec,
        queryId = null,
      }: { kind: string; title: string; spec: Record<string, unknown>; queryId?: string | null },
    ) {
      const existing = await getChartById({ db, id });
      if (!existing) {
        const row = { id, user_id: userId, session_id: null, kind, title, spec, query_id: queryId };
        await insertChart({ db, row }).catch(async (error) => {
          // Two requests for the same visual at once: the other one stored it.
          if (!(await getChartById({ db, id }))) throw error;
        });
      }
      return { url: `${CHART_PATH_PREFIX}${id}`, kind, title };
    },

    /** A tool result with its chart URLs signed for the owner's browser (this session of theirs). */
    signResult<T>(result: T, owner: LinkOwner): T {
      return signChartUrls(result, (url) => links.sign(url, owner));
    },

    /** Whether a link for this chart's owner is genuine and its session still lasts. */
    checkLink(token: string | undefined, chartId: string, ownerId: string) {
      return links.check(token, chartId, ownerId, (owner, jti) => linkSession({ db, ownerId: owner, jti }));
    },

    get(id: string) {
      return /^[\w-]{10,64}$/.test(id) ? getChartById({ db, id }) : Promise.resolve(undefined);
    },
  };
}

export type ChartService = ReturnType<typeof createChartService>;
