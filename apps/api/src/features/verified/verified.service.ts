/**
 * Verified answers and the review queue (docs/product.md#verified-answers). Every action here is an admin's
 * (the routes refuse anyone else with 403 before this runs):
 * - verify a saved question's reading: the answer as given, one of its "Did you mean" readings, or a corrected
 *   plan; a reading other than the answer's own is answered first and replaces the answer, the replaced one kept
 *   in review_events (nothing is deleted);
 * - take a verification back (it is marked, not deleted);
 * - the review queue: answers with confidence below 0.8, a thumbs-down, a comment, or a "Did you mean" choice;
 * - preview a reading (answered, not saved) and the semantic model's choices for the correction form.
 * Every change is recorded in review_events with who and when.
 */

import type {
  QueryDetail,
  QueryResult,
  ReviewChoices,
  ReviewEvent,
  ReviewItem,
  ReviewQueueParams,
  ReviewQueueResponse,
  ReviewReason,
  VerificationList,
  VerifyRequest,
} from '@qa/contracts';
import { REVIEW_CONFIDENCE_BELOW } from '@qa/contracts';
import { DIMENSION_LIST, MEASURE_LIST, PLACE_COLUMNS, TECHNOLOGY_SEGMENTS } from '@qa/warehouse';
import type { AgentRuntime } from '../../analyst/agent/agent-runtime.js';
import type { Plan } from '../../analyst/semantic/plan.js';
import { shapeKey } from '../../analyst/verified/plan-shape.js';
import type { AppDb } from '../../db/database.js';
import type { QueryRow, StoredClassification } from '../../db/schema.js';
import type { RequestUser } from '../../lib/auth-guard.js';
import { AppError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import { warehouseReady } from '../../lib/warehouse-ready.js';
import { ALTERNATIVE_NOT_FOUND, type QuestionsService } from '../questions/questions.service.js';
import {
  activeVerifications,
  getVerification,
  insertReviewEvent,
  insertVerification,
  listReviewEvents,
  reviewQueue,
  revokeVerification,
} from './verified.queries.js';
import { toBadge, type VerifiedStore } from './verified-store.js';

export const VERIFICATION_NOT_FOUND = 'Verification not found';
export const NOTHING_TO_VERIFY =
  'Only an answer with data and a plan can be verified (not free SQL, SQL a user wrote, or an answer without data)';
export const NOT_A_DATA_ANSWER = 'The reading did not give an answer with data, so it was not verified';

export interface VerifiedServiceDeps {
  db: AppDb;
  logger: Logger;
  store: VerifiedStore;
  questions: QuestionsService;
  runtime: AgentRuntime;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** A plan as a verification keeps it: the semantic query, without what the reading noted about other words. */
function storedPlan(plan: Plan): Plan {
  return { ...plan, notes: [], unknowns: [], assumptions: [] };
}

function reasonsOf(
  row: QueryRow & { comment_count: number | null; choice_count: number | null },
): ReviewReason[] {
  const reasons: ReviewReason[] = [];
  const confidence = (row.classification as StoredClassification | null)?.confidence;
  if (typeof confidence !== 'number' || confidence < REVIEW_CONFIDENCE_BELOW) reasons.push('low_confidence');
  if (row.feedback_rating === false) reasons.push('thumbs_down');
  if ((row.comment_count ?? 0) > 0 || (row.feedback_comment ?? '').trim()) reasons.push('comment');
  if ((row.choice_count ?? 0) > 0) reasons.push('reading_choice');
  return reasons;
}

export function createVerifiedService(deps: VerifiedServiceDeps) {
  const { db, store, questions } = deps;

  /** Verifies the reading of a saved question; returns the question as its detail page shows it. */
  async function verify(
    user: RequestUser,
    queryId: string,
    input: VerifyRequest,
    signal?: AbortSignal,
  ): Promise<QueryDetail> {
    const row = await questions.visibleQuery(user, queryId);
    let plan: Plan;
    let interpretation: string;
    let method: 'answer' | 'alternative' | 'correction' = 'answer';
    if (input.plan || input.alternative_index !== undefined) {
      const given =
        input.plan ?? questions.savedAlternatives(row)[input.alternative_index ?? -1]?.plan ?? undefined;
      if (!given) throw AppError.notFound(ALTERNATIVE_NOT_FOUND);
      method = input.plan ? 'correction' : 'alternative';
      const { answer } = await questions.answerPlan(
        user,
        row,
        { plan: given, progressChannel: input.progress_channel, save: true },
        signal,
      );
      await insertReviewEvent({
        db,
        event: {
          query_id: row.id,
          action: 'correct',
          plan: answer.plan ? JSON.stringify(answer.plan) : null,
          interpretation: answer.interpretation,
          previous_plan: row.plan ? JSON.stringify(row.plan) : null,
          previous_interpretation: row.interpretation,
          previous_sql: row.sql_query,
          user_id: user.id,
          user_email: user.email,
        },
      });
      if (answer.responseType !== 'data_query' || !answer.plan) {
        throw AppError.unprocessable(`${NOT_A_DATA_ANSWER}: ${answer.message ?? answer.interpretation}`);
      }
      plan = answer.plan;
      interpretation = answer.interpretation;
    } else {
      if (row.response_type !== 'data_query' || !row.plan || row.sql_source !== 'generated') {
        throw AppError.unprocessable(NOTHING_TO_VERIFY);
      }
      plan = row.plan as unknown as Plan;
      interpretation = row.interpretation ?? '';
    }
    const kept = storedPlan(plan);
    await insertVerification({
      db,
      row: {
        query_id: row.id,
        question: row.prompt,
        plan: JSON.stringify(kept),
        interpretation,
        shape_key: shapeKey(kept),
        method,
        verified_by_id: user.id,
        verified_by_email: user.email,
      },
      event: {
        query_id: row.id,
        plan: JSON.stringify(kept),
        interpretation,
        user_id: user.id,
        user_email: user.email,
      },
    });
    deps.logger.info({ query_id: row.id, method, by: user.email }, 'Answer verified');
    return questions.detail(user, row.id);
  }

  return {
    verify,

    /** Takes a verification back (marked, never deleted): its badge and its reuse end. */
    async revoke(user: RequestUser, id: string): Promise<{ id: string; revoked_at: string }> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) throw AppError.notFound(VERIFICATION_NOT_FOUND);
      const existing = await getVerification({ db, id });
      if (!existing || existing.revoked_at) throw AppError.notFound(VERIFICATION_NOT_FOUND);
      const row = await revokeVerification({ db, id, user });
      if (!row?.revoked_at) throw AppError.notFound(VERIFICATION_NOT_FOUND);
      deps.logger.info({ verification_id: id, by: user.email }, 'Verification taken back');
      return { id: row.id, revoked_at: iso(row.revoked_at) };
    },

    async list(): Promise<VerificationList> {
      const rows = await activeVerifications({ db });
      return { items: rows.reverse().map(toBadge) };
    },

    async queue(params: ReviewQueueParams): Promise<ReviewQueueResponse> {
      const rows = await reviewQueue({
        db,
        below: REVIEW_CONFIDENCE_BELOW,
        limit: params.limit + 1,
        offset: params.offset,
        includeVerified: params.include_verified,
      });
      const page = rows.slice(0, params.limit);
      const badges = await store.badgesFor(page.map((row) => row.plan));
      const items: ReviewItem[] = page.map((row, index) => ({
        id: row.id,
        prompt: row.prompt,
        user_email: row.user_email,
        timestamp: iso(row.created_at),
        response_type: row.response_type,
        interpretation: row.interpretation,
        classification: row.classification,
        alternatives: (row.alternatives ?? []).map(({ interpretation }) => ({ interpretation })),
        reasons: reasonsOf(row),
        feedback_rating: row.feedback_rating,
        feedback_comment: row.feedback_comment,
        comment_count: row.comment_count ?? 0,
        sql_query: row.sql_query,
        csv_results: row.csv_results,
        row_count: row.row_count,
        plan: row.plan ?? null,
        verified: badges[index] ?? null,
      }));
      return { items, hasMore: rows.length > params.limit };
    },

    /** A reading's answer, not saved: what the reviewer sees before saving a correction. */
    async preview(
      user: RequestUser,
      queryId: string,
      input: { plan?: unknown; alternative_index?: number | undefined },
      signal?: AbortSignal,
    ): Promise<QueryResult> {
      const row = await questions.visibleQuery(user, queryId);
      const plan = input.plan ?? questions.savedAlternatives(row)[input.alternative_index ?? -1]?.plan;
      if (!plan) throw AppError.notFound(ALTERNATIVE_NOT_FOUND);
      const { answer, result } = await questions.answerPlan(user, row, { plan, save: false }, signal);
      return { ...result, verified: await store.badgeFor(answer.plan) };
    },

    async events(user: RequestUser, queryId: string): Promise<ReviewEvent[]> {
      const row = await questions.visibleQuery(user, queryId);
      return (await listReviewEvents({ db, queryId: row.id })).map((event) => ({
        id: event.id,
        action: event.action,
        interpretation: event.interpretation,
        previous_interpretation: event.previous_interpretation,
        user_email: event.user_email,
        created_at: iso(event.created_at),
      }));
    },

    /** The semantic model's choices for each field of the correction form, with the warehouse's names. */
    async choices(): Promise<ReviewChoices> {
      const ready = await warehouseReady(deps.runtime, deps.logger);
      const { lexicon, time } = ready.builtin.analyst;
      return {
        datasets: [
          { id: 'upc', label: 'availability (monthly snapshots)' },
          { id: 'upc_forecast', label: 'full-fibre forecast' },
          { id: 'take_up', label: 'take-up (subscriber lines)' },
        ],
        measures: MEASURE_LIST.map((m) => ({ id: m.id, label: m.label })),
        dimensions: DIMENSION_LIST.map((d) => ({ id: d.id, label: d.label })),
        technologies: TECHNOLOGY_SEGMENTS.map((t) => ({ id: t.tech, label: t.label })),
        place_levels: PLACE_COLUMNS.map((column) => ({
          id: column,
          label: DIMENSION_LIST.find((d) => d.id === column)?.label ?? column,
        })),
        networks: [...lexicon.groups],
        regions: [...lexicon.regions],
        nations: [...lexicon.countries],
        local_authorities: lexicon.localAuthorities.map((la) => la.la_name).sort(),
        latest: time.latest,
        earliest: time.earliest,
      };
    },
  };
}

export type VerifiedService = ReturnType<typeof createVerifiedService>;
