/** Data access for verified answers and the review trail. Who may do what lives in verified.service.ts. */
import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { AppDb } from '../../db/database.js';
import type { ReviewEventsTable, VerifiedAnswersTable } from '../../db/schema.js';

/** The active verifications, oldest first (the index prefers the newest of equal wordings). */
export function activeVerifications({ db }: { db: AppDb }) {
  return db
    .selectFrom('verified_answers')
    .selectAll()
    .where('revoked_at', 'is', null)
    .orderBy('verified_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** Changes to verifications so far: the index is rebuilt when this moves (on any server process). */
export async function verificationsVersion({ db }: { db: AppDb }): Promise<string> {
  const row = await db
    .selectFrom('verified_answers')
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`count(revoked_at)::int`.as('revoked'),
      sql<string | null>`max(verified_at)::text`.as('latest'),
    ])
    .executeTakeFirstOrThrow();
  return `${row.total}/${row.revoked}/${row.latest ?? ''}`;
}

/** The newest active verification of each of these shapes. */
export async function verificationsByShape({ db, shapeKeys }: { db: AppDb; shapeKeys: string[] }) {
  if (shapeKeys.length === 0) return [];
  return db
    .selectFrom('verified_answers')
    .selectAll()
    .where('shape_key', 'in', [...new Set(shapeKeys)])
    .where('revoked_at', 'is', null)
    .orderBy('verified_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function getVerification({ db, id }: { db: AppDb; id: string }) {
  return db.selectFrom('verified_answers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A verification and its event, together. */
export async function insertVerification({
  db,
  row,
  event,
}: {
  db: AppDb;
  row: Insertable<VerifiedAnswersTable>;
  event: Omit<Insertable<ReviewEventsTable>, 'verified_id' | 'action'>;
}) {
  return db.transaction().execute(async (trx) => {
    const saved = await trx
      .insertInto('verified_answers')
      .values(row)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('review_events')
      .values({ ...event, verified_id: saved.id, action: 'verify' })
      .execute();
    return saved;
  });
}

/** Takes a verification back: marked revoked (never deleted), with its event. */
export async function revokeVerification({
  db,
  id,
  user,
}: {
  db: AppDb;
  id: string;
  user: { id: string; email: string };
}) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('verified_answers')
      .set({ revoked_at: sql<Date>`now()`, revoked_by_email: user.email })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    await trx
      .insertInto('review_events')
      .values({
        query_id: row.query_id,
        verified_id: row.id,
        action: 'revoke',
        plan: JSON.stringify(row.plan),
        interpretation: row.interpretation,
        user_id: user.id,
        user_email: user.email,
      })
      .execute();
    return row;
  });
}

export function insertReviewEvent({ db, event }: { db: AppDb; event: Insertable<ReviewEventsTable> }) {
  return db.insertInto('review_events').values(event).execute();
}

export function listReviewEvents({ db, queryId }: { db: AppDb; queryId: string }) {
  return db
    .selectFrom('review_events')
    .selectAll()
    .where('query_id', '=', queryId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/**
 * Answers that need a reviewer: confidence below `below`, a thumbs-down, a comment, or a "Did you mean" choice,
 * newest first; archived ones and, unless asked for, those already verified on this question are left out.
 */
export function reviewQueue({
  db,
  below,
  limit,
  offset,
  includeVerified,
}: {
  db: AppDb;
  below: number;
  limit: number;
  offset: number;
  includeVerified: boolean;
}) {
  let query = db
    .selectFrom('queries')
    .selectAll('queries')
    .select((eb) => [
      eb
        .selectFrom('query_comments')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('query_comments.query_id', '=', 'queries.id')
        .as('comment_count'),
      eb
        .selectFrom('query_reading_choices')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('query_reading_choices.query_id', '=', 'queries.id')
        .as('choice_count'),
    ])
    .where('queries.is_archived', '=', false)
    .where('queries.sql_source', '=', 'generated')
    .where((eb) =>
      eb.or([
        sql<boolean>`coalesce((queries.classification->>'confidence')::float, 0) < ${below}`,
        eb('queries.feedback_rating', '=', false),
        eb.exists(
          eb.selectFrom('query_comments').select('id').whereRef('query_comments.query_id', '=', 'queries.id'),
        ),
        eb.exists(
          eb
            .selectFrom('query_reading_choices')
            .select('id')
            .whereRef('query_reading_choices.query_id', '=', 'queries.id'),
        ),
      ]),
    );
  if (!includeVerified) {
    query = query.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('verified_answers')
            .select('id')
            .whereRef('verified_answers.query_id', '=', 'queries.id')
            .where('verified_answers.revoked_at', 'is', null),
        ),
      ),
    );
  }
  return query
    .orderBy('queries.created_at', 'desc')
    .orderBy('queries.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
