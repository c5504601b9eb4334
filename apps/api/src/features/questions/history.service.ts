/**
 * Query history, comments, archive and feedback, with these server-side rules (see docs/product.md):
 * - a non-admin never sees another user's archived query, in a list or by id (404, as if it did not exist);
 * - admins see everything; in the history list archived queries of others appear only with show_archived;
 * - only the owner or an admin may archive or unarchive (403 for others who can see the query);
 * - only a comment's author may delete it (403); comment text is trimmed and must not be empty (422);
 * - feedback needs a boolean rating; one per user and query, the latest wins on the query.
 */
import type {
  ArchiveResponse,
  Comment,
  QueryDetail,
  QueryHistoryResponse,
  QueryRecord,
  RecentPrompt,
} from '@qa/contracts';
import { RECENT_QUERIES_PAGE_SIZE } from '@qa/contracts';
import type { AppDb } from '../../db/database.js';
import type { QueryRow } from '../../db/schema.js';
import type { RequestUser } from '../../lib/auth-guard.js';
import { AppError } from '../../lib/errors.js';
import {
  type ArchivedScope,
  deleteComment,
  getComment,
  getQueryById,
  type HistoryFilters,
  insertComment,
  listComments,
  listQueries,
  recentQueries,
  setArchived,
  upsertFeedback,
} from './questions.queries.js';

export const QUERY_NOT_FOUND = 'Query not found';
export const COMMENT_NOT_FOUND = 'Comment not found';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isAdmin = (user: RequestUser) => user.role === 'admin';
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toQueryRecord(row: QueryRow): QueryRecord {
  return {
    id: row.id,
    prompt: row.prompt,
    user_email: row.user_email,
    timestamp: iso(row.created_at) ?? '',
    is_archived: row.is_archived,
    archived_by: row.archived_by,
    archived_at: iso(row.archived_at),
    sql_query: row.sql_query,
    sql_explanation: row.sql_explanation,
    csv_results: row.csv_results,
    csv_analysis: row.csv_analysis,
    progress_log: row.progress_log ?? [],
    feedback_rating: row.feedback_rating,
    feedback_comment: row.feedback_comment,
    classification: row.classification,
    interpretation: row.interpretation ?? null,
    response_type: row.response_type,
    message: row.message,
  };
}

export function createHistoryService({ db }: { db: AppDb }) {
  /** The query if this user may see it; 404 otherwise (also for ids that are not UUIDs). */
  async function visibleQuery(user: RequestUser, id: string): Promise<QueryRow> {
    if (!UUID.test(id)) throw AppError.notFound(QUERY_NOT_FOUND);
    const row = await getQueryById({ db, id });
    if (!row) throw AppError.notFound(QUERY_NOT_FOUND);
    if (row.is_archived && !isAdmin(user) && row.user_id !== user.id)
      throw AppError.notFound(QUERY_NOT_FOUND);
    return row;
  }

  const ownScope = (user: RequestUser): ArchivedScope => ({ kind: 'own', userId: user.id });

  return {
    visibleQuery,

    async history(
      user: RequestUser,
      params: { limit: number; offset: number; show_archived: boolean } & HistoryFilters,
    ): Promise<QueryHistoryResponse> {
      const scope: ArchivedScope = isAdmin(user) && params.show_archived ? { kind: 'all' } : ownScope(user);
      const { q, asker, from, to, rating } = params;
      // One extra row tells whether another page exists.
      const rows = await listQueries({
        db,
        scope,
        limit: params.limit + 1,
        offset: params.offset,
        filters: { q, asker, from, to, rating },
      });
      return { items: rows.slice(0, params.limit).map(toQueryRecord), hasMore: rows.length > params.limit };
    },

    async recentPrompts(user: RequestUser): Promise<RecentPrompt[]> {
      const scope: ArchivedScope = isAdmin(user) ? { kind: 'all' } : ownScope(user);
      const rows = await recentQueries({ db, scope, limit: RECENT_QUERIES_PAGE_SIZE });
      return rows.map((row) => ({
        id: row.id,
        prompt: row.prompt,
        user_email: row.user_email,
        timestamp: iso(row.created_at) ?? '',
        feedback_rating: row.feedback_rating,
        feedback_comment: row.feedback_comment,
      }));
    },

    async detail(user: RequestUser, id: string): Promise<QueryDetail> {
      const row = await visibleQuery(user, id);
      return { ...toQueryRecord(row), can_archive: isAdmin(user) || row.user_id === user.id };
    },

    async toggleArchive(user: RequestUser, id: string): Promise<ArchiveResponse> {
      const row = await visibleQuery(user, id);
      if (!isAdmin(user) && row.user_id !== user.id) {
        throw AppError.forbidden('Only the owner of a query or an admin can archive it');
      }
      const updated = await setArchived({ db, id, archived: !row.is_archived, by: user.email });
      return { is_archived: updated.is_archived };
    },

    async comments(user: RequestUser, queryId: string): Promise<Comment[]> {
      await visibleQuery(user, queryId);
      const rows = await listComments({ db, queryId });
      return rows.map((row) => ({
        id: row.id,
        user_email: row.user_email,
        created_at: iso(row.created_at) ?? '',
        comment_text: row.comment_text,
      }));
    },

    async addComment(user: RequestUser, queryId: string, text: string): Promise<Comment> {
      const trimmed = text.trim();
      if (!trimmed) throw AppError.unprocessable('comment_text: Comment cannot be empty');
      await visibleQuery(user, queryId);
      const row = await insertComment({ db, queryId, userId: user.id, userEmail: user.email, text: trimmed });
      return {
        id: row.id,
        user_email: row.user_email,
        created_at: iso(row.created_at) ?? '',
        comment_text: row.comment_text,
      };
    },

    async removeComment(user: RequestUser, commentId: string): Promise<void> {
      if (!UUID.test(commentId)) throw AppError.notFound(COMMENT_NOT_FOUND);
      const comment = await getComment({ db, id: commentId });
      if (!comment) throw AppError.notFound(COMMENT_NOT_FOUND);
      // Comments on a query this user cannot see do not exist for them.
      await visibleQuery(user, comment.query_id).catch(() => {
        throw AppError.notFound(COMMENT_NOT_FOUND);
      });
      if (comment.user_id !== user.id) throw AppError.forbidden('Only the author of a comment can delete it');
      await deleteComment({ db, id: commentId });
    },

    async submitFeedback(
      user: RequestUser,
      input: { query_id: string; rating: boolean; comment?: string | null | undefined },
    ) {
      await visibleQuery(user, input.query_id);
      const comment = (input.comment ?? '').trim();
      await upsertFeedback({ db, queryId: input.query_id, userId: user.id, rating: input.rating, comment });
      return { query_id: input.query_id, rating: input.rating, comment };
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
