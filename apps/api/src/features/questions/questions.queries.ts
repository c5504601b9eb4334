/** Data access for saved queries, their comments and feedback. Visibility rules live in questions.service.ts. */

import type { Insertable, Updateable } from 'kysely';
import { type ExpressionBuilder, sql } from 'kysely';
import type { AppDb } from '../../db/database.js';
import type { Database, NewQueryRow, QueriesTable, QueryReadingChoicesTable } from '../../db/schema.js';

/** Which archived queries a list or lookup may include. */
export type ArchivedScope = { kind: 'all' } | { kind: 'own'; userId: string };

function visible(scope: ArchivedScope) {
  return (eb: ExpressionBuilder<Database, 'queries'>) =>
    scope.kind === 'all'
      ? eb.lit(true)
      : eb.or([eb('queries.is_archived', '=', false), eb('queries.user_id', '=', scope.userId)]);
}

export async function insertQuery({ db, row }: { db: AppDb; row: NewQueryRow }) {
  return db.insertInto('queries').values(row).returning(['id', 'created_at']).executeTakeFirstOrThrow();
}

/** The history list's search and filters (all optional; together they narrow). */
export interface HistoryFilters {
  /** Words, matched with PostgreSQL full-text search over the question, the SQL and the analysis. */
  q?: string | undefined;
  /** Part of the asker's e-mail address, case-insensitive. */
  asker?: string | undefined;
  /** Whole UTC days, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  rating?: 'up' | 'down' | 'none' | undefined;
  /** Only this user's own questions. */
  ownerId?: string | undefined;
  /** Only questions answered with data (not those the data could not answer, or that failed). */
  answered?: boolean | undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filtered(filters: HistoryFilters) {
  return (eb: ExpressionBuilder<Database, 'queries'>) => {
    const conditions = [];
    if (filters.q) {
      conditions.push(
        sql<boolean>`to_tsvector('english', queries.prompt || ' ' || coalesce(queries.sql_query, '') || ' ' || coalesce(queries.csv_analysis, '')) @@ websearch_to_tsquery('english', ${filters.q})`,
      );
    }
    if (filters.asker) {
      conditions.push(eb('queries.user_email', 'ilike', `%${escapeLike(filters.asker)}%`));
    }
    if (filters.from) conditions.push(eb('queries.created_at', '>=', new Date(`${filters.from}T00:00:00Z`)));
    if (filters.to) {
      const end = new Date(`${filters.to}T00:00:00Z`);
      end.setUTCDate(end.getUTCDate() + 1);
      conditions.push(eb('queries.created_at', '<', end));
    }
    if (filters.rating === 'up') conditions.push(eb('queries.feedback_rating', '=', true));
    if (filters.rating === 'down') conditions.push(eb('queries.feedback_rating', '=', false));
    if (filters.rating === 'none') conditions.push(eb('queries.feedback_rating', 'is', null));
    if (filters.ownerId) conditions.push(eb('queries.user_id', '=', filters.ownerId));
    if (filters.answered) conditions.push(eb('queries.response_type', '=', 'data_query'));
    return eb.and(conditions);
  };
}

export function listQueries({
  db,
  scope,
  limit,
  offset,
  filters = {},
}: {
  db: AppDb;
  scope: ArchivedScope;
  limit: number;
  offset: number;
  filters?: HistoryFilters;
}) {
  return db
    .selectFrom('queries')
    .selectAll()
    .where(visible(scope))
    .where(filtered(filters))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * The newest visible questions: one user's own (`ownerId`), or, with `answeredOnly`, those answered with data
 * (a question the data could not answer, or that failed, is left out).
 */
export function recentQueries({
  db,
  scope,
  limit,
  ownerId,
  answeredOnly = false,
}: {
  db: AppDb;
  scope: ArchivedScope;
  limit: number;
  ownerId?: string;
  answeredOnly?: boolean;
}) {
  let query = db
    .selectFrom('queries')
    .select(['id', 'prompt', 'user_email', 'created_at', 'feedback_rating', 'feedback_comment', 'sql_source'])
    .where(visible(scope));
  if (ownerId) query = query.where('user_id', '=', ownerId);
  if (answeredOnly) query = query.where('response_type', '=', 'data_query');
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export function getQueryById({ db, id }: { db: AppDb; id: string }) {
  return db.selectFrom('queries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setArchived({
  db,
  id,
  archived,
  by,
}: {
  db: AppDb;
  id: string;
  archived: boolean;
  by: string;
}) {
  return db
    .updateTable('queries')
    .set(
      archived
        ? { is_archived: true, archived_by: by, archived_at: sql<Date>`now()` }
        : { is_archived: false, archived_by: null, archived_at: null },
    )
    .where('id', '=', id)
    .returning('is_archived')
    .executeTakeFirstOrThrow();
}

export function listComments({ db, queryId }: { db: AppDb; queryId: string }) {
  return db
    .selectFrom('query_comments')
    .select(['id', 'user_id', 'user_email', 'comment_text', 'created_at'])
    .where('query_id', '=', queryId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function insertComment({
  db,
  queryId,
  userId,
  userEmail,
  text,
}: {
  db: AppDb;
  queryId: string;
  userId: string;
  userEmail: string;
  text: string;
}) {
  return db
    .insertInto('query_comments')
    .values({ query_id: queryId, user_id: userId, user_email: userEmail, comment_text: text })
    .returning(['id', 'user_id', 'user_email', 'comment_text', 'created_at'])
    .executeTakeFirstOrThrow();
}

export function getComment({ db, id }: { db: AppDb; id: string }) {
  return db
    .selectFrom('query_comments')
    .select(['id', 'query_id', 'user_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function deleteComment({ db, id }: { db: AppDb; id: string }) {
  await db.deleteFrom('query_comments').where('id', '=', id).execute();
}

/** One rating per user and query (a second one replaces the first); the query mirrors the latest. */
export async function upsertFeedback({
  db,
  queryId,
  userId,
  rating,
  comment,
}: {
  db: AppDb;
  queryId: string;
  userId: string;
  rating: boolean;
  comment: string;
}) {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('query_feedback')
      .values({ query_id: queryId, user_id: userId, rating, comment })
      .onConflict((oc) =>
        oc.columns(['query_id', 'user_id']).doUpdateSet({ rating, comment, updated_at: sql<Date>`now()` }),
      )
      .execute();
    await trx
      .updateTable('queries')
      .set({ feedback_rating: rating, feedback_comment: comment })
      .where('id', '=', queryId)
      .execute();
  });
}

/** The answer fields a "Did you mean" choice replaces on a query. */
export type QueryAnswerUpdate = Pick<
  Updateable<QueriesTable>,
  | 'response_type'
  | 'message'
  | 'classification'
  | 'interpretation'
  | 'sql_query'
  | 'sql_explanation'
  | 'csv_results'
  | 'result_columns'
  | 'csv_analysis'
  | 'progress_log'
  | 'planner'
  | 'model'
  | 'row_count'
  | 'truncated'
  | 'agent_ms'
  | 'warehouse_ms'
  | 'total_ms'
  | 'plan'
  | 'alternatives'
>;

/** A choice saved with the answer it made: the query's answer replaced and the choice recorded, together. */
export async function saveReadingChoice({
  db,
  queryId,
  answer,
  choice,
}: {
  db: AppDb;
  queryId: string;
  answer: QueryAnswerUpdate;
  choice: Omit<Insertable<QueryReadingChoicesTable>, 'query_id'>;
}) {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('queries').set(answer).where('id', '=', queryId).execute();
    return trx
      .insertInto('query_reading_choices')
      .values({ ...choice, query_id: queryId })
      .returning(['user_email', 'previous_interpretation', 'created_at'])
      .executeTakeFirstOrThrow();
  });
}

/** A query's answer replaced (a reviewer's correction; the caller records the answer it replaced). */
export async function updateQueryAnswer({
  db,
  queryId,
  answer,
}: {
  db: AppDb;
  queryId: string;
  answer: QueryAnswerUpdate;
}) {
  await db.updateTable('queries').set(answer).where('id', '=', queryId).execute();
}

/** The latest "Did you mean" choice made on a query, if any. */
export function latestReadingChoice({ db, queryId }: { db: AppDb; queryId: string }) {
  return db
    .selectFrom('query_reading_choices')
    .select(['user_email', 'previous_interpretation', 'created_at'])
    .where('query_id', '=', queryId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
