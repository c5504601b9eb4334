/**
 * The verified answers as the answer path and the answer views use them: the index of verified questions for the
 * agent (rebuilt when any server process verifies or takes back, detected by a cheap version query), and the
 * "Verified" badge of an answer, found by the shape of its plan (analyst/verified/plan-shape.ts).
 */
import type { VerifiedBadge } from '@qa/contracts';
import type { Selectable } from 'kysely';
import type { AnalystKnowledge } from '../../analyst/reading/builtin-analyst.js';
import type { Plan } from '../../analyst/semantic/plan.js';
import { shapeKey } from '../../analyst/verified/plan-shape.js';
import { type VerifiedLookup, VerifiedReadings } from '../../analyst/verified/verified-readings.js';
import type { AppDb } from '../../db/database.js';
import type { VerifiedAnswersTable } from '../../db/schema.js';
import { activeVerifications, verificationsByShape, verificationsVersion } from './verified.queries.js';

type Row = Pick<
  Selectable<VerifiedAnswersTable>,
  'id' | 'query_id' | 'question' | 'interpretation' | 'verified_by_email' | 'method' | 'verified_at'
>;

const iso = (value: Date | string) => new Date(value).toISOString();

export function toBadge(row: Row): VerifiedBadge {
  return {
    id: row.id,
    query_id: row.query_id,
    question: row.question,
    interpretation: row.interpretation,
    verified_by: row.verified_by_email,
    verified_at: iso(row.verified_at),
    method: row.method,
  };
}

/** The shape key of a stored plan, or undefined when there is none or it is not a plan. */
export function shapeOf(plan: unknown): string | undefined {
  if (!plan || typeof plan !== 'object' || !('subject' in plan) || !('time' in plan)) return undefined;
  try {
    return shapeKey(plan as Plan);
  } catch {
    return undefined;
  }
}

export function createVerifiedStore({ db }: { db: AppDb }) {
  let cached: { version: string; knowledge: AnalystKnowledge; readings: VerifiedReadings } | undefined;

  async function badgesFor(plans: readonly unknown[]): Promise<(VerifiedBadge | null)[]> {
    const keys = plans.map(shapeOf);
    const rows = await verificationsByShape({ db, shapeKeys: keys.filter((k): k is string => Boolean(k)) });
    // Rows come newest first: the first of each shape is its badge.
    const byShape = new Map<string, VerifiedBadge>();
    for (const row of rows) if (!byShape.has(row.shape_key)) byShape.set(row.shape_key, toBadge(row));
    return keys.map((key) => (key ? (byShape.get(key) ?? null) : null));
  }

  return {
    /** The verified questions, indexed for this warehouse's names and dates. */
    async lookup(knowledge: AnalystKnowledge): Promise<VerifiedLookup> {
      const version = await verificationsVersion({ db });
      if (cached && cached.version === version && cached.knowledge === knowledge) return cached.readings;
      const rows = await activeVerifications({ db });
      const readings = new VerifiedReadings(
        rows.map((row) => ({
          id: row.id,
          queryId: row.query_id,
          question: row.question,
          plan: row.plan as unknown as Plan,
          interpretation: row.interpretation,
          verifiedBy: row.verified_by_email,
          verifiedAt: iso(row.verified_at),
        })),
        knowledge,
      );
      cached = { version, knowledge, readings };
      return readings;
    },

    badgesFor,

    async badgeFor(plan: unknown): Promise<VerifiedBadge | null> {
      return (await badgesFor([plan]))[0] ?? null;
    },
  };
}

export type VerifiedStore = ReturnType<typeof createVerifiedStore>;
