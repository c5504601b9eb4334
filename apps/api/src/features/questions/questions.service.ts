/**
 * Questions asked in the query tool and their saved answers.
 *
 * Asking (POST /api/query and /api/query/v2): checks the budget (LLM planner only, before any model call), runs
 * the agent with live progress to the asking tab, saves the question and its answer as a Query, and returns the
 * query result (docs/product.md#query-result). Both versions return the classification (v1 clients simply ignore
 * it).
 *
 * Choosing another reading (POST /api/query/{id}/alternatives/{index}, "Did you mean"): the owner or an admin
 * picks one of the alternatives saved with the answer; its plan is answered directly by the built-in analyst
 * (through the same admission as a question), replaces the answer on the query, and the choice is recorded with
 * the answer it replaced, which becomes one of the new answer's alternatives.
 *
 * SQL the analyst writes (docs/product.md#sql-you-write): a question that is SQL (a SELECT) is run as written, and
 * a saved query's SQL can be edited and run again (POST /api/query/{id}/sql, saved as a new query marked `edited`,
 * for anyone who can see the original). Both pass the guard, the row cap and the timeout like generated SQL, are
 * admitted to the warehouse like a question, need no model (no budget), and are refused with 422 saying why when
 * the guard refuses them, they fail or they run out of time (nothing is saved then).
 *
 * Saved questions (history, detail, comments, archive, feedback), with these server-side rules:
 * - a non-admin never sees another user's archived query, in a list or by id (404, as if it did not exist);
 * - admins see everything; in the history list archived queries of others appear only with show_archived;
 * - only the owner or an admin may archive or unarchive (403 for others who can see the query);
 * - only a comment's author may delete it (403); comment text is trimmed and must not be empty (422);
 * - feedback needs a boolean rating; one per user and query, the latest wins on the query.
 */
import { randomUUID } from 'node:crypto';
import type {
  ArchiveResponse,
  ChooseAlternativeRequest,
  Comment,
  QueryDetail,
  QueryHistoryResponse,
  QueryRecord,
  QueryRequest,
  QueryResult,
  ReadingChoice,
  RecentPrompt,
  RecentScope,
  ResultColumn,
  ResultColumnType,
  RunEditedSqlRequest,
  SqlSource,
} from '@qa/contracts';
import { RECENT_QUERIES_PAGE_SIZE } from '@qa/contracts';
import type { AgentRuntime } from '../../analyst/agent/agent-runtime.js';
import type { AgentColumn } from '../../analyst/agent/agent-warehouse.js';
import { alternativesAfterChoosing } from '../../analyst/agent/alternatives.js';
import { InvalidPlanError } from '../../analyst/agent/builtin-planner.js';
import { toCsv } from '../../analyst/agent/csv.js';
import type { Planner } from '../../analyst/agent/planner.js';
import type { AgentAnswer, AnswerRequest } from '../../analyst/agent/query-agent.js';
import { UserSqlError, type UserSqlSource } from '../../analyst/agent/user-sql.js';
import { assertWithinBudget, recordUsage } from '../../analyst/llm/usage.js';
import type { AlternativeReading } from '../../analyst/reading/reading-types.js';
import type { Plan } from '../../analyst/semantic/plan.js';
import type { AppDb } from '../../db/database.js';
import type { ProgressLogEntry, QueryRow, StoredAlternative } from '../../db/schema.js';
import { runAsAsker } from '../../lib/asker-context.js';
import type { RequestUser } from '../../lib/auth-guard.js';
import { AppError } from '../../lib/errors.js';
import { type FairGate, OverloadedError } from '../../lib/fair-gate.js';
import type { Logger } from '../../lib/logger.js';
import { warehouseReady } from '../../lib/warehouse-ready.js';
import type { VerifiedStore } from '../verified/verified-store.js';
import type { ProgressHub } from './progress-hub.js';
import {
  type ArchivedScope,
  deleteComment,
  getComment,
  getQueryById,
  type HistoryFilters,
  insertComment,
  insertQuery,
  latestReadingChoice,
  listComments,
  listQueries,
  type QueryAnswerUpdate,
  recentQueries,
  saveReadingChoice,
  setArchived,
  updateQueryAnswer,
  upsertFeedback,
} from './questions.queries.js';

export const QUERY_NOT_FOUND = 'Query not found';
export const COMMENT_NOT_FOUND = 'Comment not found';
export const ALTERNATIVE_NOT_FOUND = 'Alternative not found';
export const ONLY_OWNER_CHOOSES = 'Only the owner of a query or an admin can choose another reading';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isAdmin = (user: RequestUser) => user.role === 'admin';
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export interface QuestionsServiceDeps {
  db: AppDb;
  logger: Logger;
  runtime: AgentRuntime;
  hub: ProgressHub;
  /** Warehouse admission: a question is refused up front (503, Retry-After) when its queue is full. */
  gate?: FairGate;
  /**
   * The verified answers (features/verified): questions they answer are answered with their plans, and every
   * answer whose plan has a verified shape carries the "Verified" badge.
   */
  verified?: VerifiedStore;
}

export function overloaded(error: OverloadedError): AppError {
  return new AppError('service_unavailable', error.message, {
    'retry-after': String(error.retryAfterSeconds),
  });
}

/** The progress line while a question waits for a warehouse slot. */
export function queuedMessage(ahead: number): string {
  if (ahead === 0) return 'Waiting for the warehouse: your question is next.';
  return `Waiting for the warehouse: ${ahead} ${ahead === 1 ? 'query' : 'queries'} ahead of yours.`;
}

/**
 * What a warehouse column holds, from its type name (the engine-neutral names, or DuckDB's own such as
 * `decimal(18,3)`): whole numbers (a decimal without a scale too), other numbers, dates and timestamps,
 * booleans; anything else is text.
 */
export function resultColumnType(type: string): ResultColumnType {
  const name = type.toLowerCase();
  if (/^u?(tiny|small|big|huge)?int(eger)?\d*$/.test(name)) return 'integer';
  if (/^(decimal|numeric)\(\d+,\s*0\)$/.test(name)) return 'integer';
  if (/^(double|float\d*|real|numeric|decimal)\b/.test(name)) return 'number';
  if (/^(date|timestamp)\b/.test(name)) return 'date';
  if (/^bool(ean)?$/.test(name)) return 'boolean';
  return 'text';
}

export function toResultColumns(columns: AgentColumn[]): ResultColumn[] {
  return columns.map((column) => ({ name: column.name, type: resultColumnType(column.type) }));
}

/** Where an answer's SQL came from, and the query an edit started from. */
export interface SqlOrigin {
  source: SqlSource;
  editedFrom: string | null;
}
const GENERATED: SqlOrigin = { source: 'generated', editedFrom: null };

export function toQueryResult(
  id: string,
  answer: AgentAnswer,
  readingChoice: ReadingChoice | null = null,
  origin: SqlOrigin = GENERATED,
): QueryResult {
  const result = answer.result;
  return {
    id,
    sql_source: origin.source,
    edited_from: origin.editedFrom,
    response_type: answer.responseType,
    ...(answer.message !== undefined ? { message: answer.message } : {}),
    ...(answer.availableDatabases ? { available_databases: answer.availableDatabases } : {}),
    ...(answer.exampleQueries ? { example_queries: answer.exampleQueries } : {}),
    classification: answer.classification,
    interpretation: answer.interpretation,
    csv_analysis: answer.analysis ?? null,
    sql_query: answer.sql ?? null,
    csv_results: result ? toCsv(result.columns, result.rows) : null,
    result_columns: result ? toResultColumns(result.columns) : null,
    sql_explanation: answer.explanation ?? null,
    row_count: result?.rowCount ?? 0,
    truncated: result?.truncated ?? false,
    planner: answer.planner,
    alternatives: (answer.alternatives ?? []).map(({ interpretation }) => ({ interpretation })),
    reading_choice: readingChoice,
    timings_ms: {
      agent: answer.timings.agentMs,
      warehouse: answer.timings.warehouseMs,
      total: answer.timings.totalMs,
    },
  };
}

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
    result_columns: row.result_columns ?? null,
    csv_analysis: row.csv_analysis,
    progress_log: row.progress_log ?? [],
    feedback_rating: row.feedback_rating,
    feedback_comment: row.feedback_comment,
    classification: row.classification,
    interpretation: row.interpretation ?? null,
    response_type: row.response_type,
    message: row.message,
    sql_source: (row.sql_source ?? 'generated') as SqlSource,
    edited_from: row.edited_from ?? null,
  };
}

type ReadyRuntime = Awaited<ReturnType<AgentRuntime['ready']>>;

/** The planner for this question: the LLM one (within the user's budget, usage recorded) or the built-in one. */
async function plannerFor(
  { db, runtime }: QuestionsServiceDeps,
  ready: ReadyRuntime,
  user: RequestUser,
  input: QueryRequest,
  queryId: string,
): Promise<Planner> {
  const choice = runtime.choosePlanner();
  if (choice.kind !== 'llm') return ready.builtin;
  await assertWithinBudget(db, { userId: user.id, model: choice.modelId });
  return runtime.llmPlanner(ready, choice.modelId, async (usage) => {
    await recordUsage(db, {
      userId: user.id,
      sessionId: input.progress_channel ?? null,
      messageId: queryId,
      source: 'query',
      model: choice.modelId,
      usage,
    });
  });
}

/** The plan and the alternatives of an answer as the queries table stores them (jsonb). */
function storedReadings(answer: AgentAnswer) {
  const alternatives: StoredAlternative[] = (answer.alternatives ?? []).map(({ interpretation, plan }) => ({
    interpretation,
    plan: plan as unknown as Record<string, unknown>,
  }));
  return {
    plan: answer.plan ? JSON.stringify(answer.plan) : null,
    alternatives: JSON.stringify(alternatives),
  };
}

/** The alternatives saved with a query, as the agent takes them (their plans are checked again before use). */
function savedAlternatives(row: QueryRow): AlternativeReading[] {
  return (row.alternatives ?? []).map(({ interpretation, plan }) => ({
    interpretation,
    plan: plan as unknown as Plan,
  }));
}

async function saveAnswer(
  db: AppDb,
  { id, user, input }: { id: string; user: RequestUser; input: QueryRequest },
  result: QueryResult,
  answer: AgentAnswer,
  origin: SqlOrigin = GENERATED,
) {
  await insertQuery({
    db,
    row: {
      id,
      sql_source: origin.source,
      edited_from: origin.editedFrom,
      user_id: user.id,
      user_email: user.email,
      prompt: input.prompt,
      response_type: answer.responseType,
      message: answer.message ?? null,
      classification: JSON.stringify(answer.classification),
      interpretation: answer.interpretation,
      available_databases: answer.availableDatabases ? JSON.stringify(answer.availableDatabases) : null,
      example_queries: answer.exampleQueries ? JSON.stringify(answer.exampleQueries) : null,
      sql_query: result.sql_query ?? null,
      sql_explanation: result.sql_explanation ?? null,
      csv_results: result.csv_results ?? null,
      result_columns: result.result_columns ? JSON.stringify(result.result_columns) : null,
      csv_analysis: result.csv_analysis ?? null,
      progress_log: JSON.stringify(answer.progress),
      planner: answer.planner,
      model: answer.model,
      row_count: answer.result?.rowCount ?? null,
      truncated: answer.result?.truncated ?? false,
      agent_ms: answer.timings.agentMs,
      warehouse_ms: answer.timings.warehouseMs,
      total_ms: answer.timings.totalMs,
      ...storedReadings(answer),
    },
  });
}

/** Runs the agent as the asking user (a fair share of the warehouse), with its progress sent to the asking tab. */
function runAgent(
  deps: QuestionsServiceDeps,
  ready: ReadyRuntime,
  user: RequestUser,
  target: { queryId: string; progressChannel: string | undefined },
  request: Omit<AnswerRequest, 'onProgress'>,
): Promise<AgentAnswer> {
  return runAsUser(deps, user, target, (onProgress) => ready.agent.answer({ ...request, onProgress }));
}

/** Runs SQL the user wrote as the asking user, like a question; its refusals and failures are 422 with the reason. */
function runUserSql(
  deps: QuestionsServiceDeps,
  ready: ReadyRuntime,
  user: RequestUser,
  target: { queryId: string; progressChannel: string | undefined },
  request: { sql: string; source: UserSqlSource; signal?: AbortSignal | undefined },
): Promise<AgentAnswer> {
  return runAsUser(deps, user, target, (onProgress) =>
    ready.agent.runUserSql({
      sql: request.sql,
      source: request.source,
      onProgress,
      ...(request.signal ? { signal: request.signal } : {}),
    }),
  ).catch((error: unknown) => {
    if (error instanceof UserSqlError) throw AppError.unprocessable(error.message);
    throw error;
  });
}

function runAsUser(
  deps: QuestionsServiceDeps,
  user: RequestUser,
  target: { queryId: string; progressChannel: string | undefined },
  work: (onProgress: NonNullable<AnswerRequest['onProgress']>) => Promise<AgentAnswer>,
): Promise<AgentAnswer> {
  const publish = (event: { message: string; stage: string; timestamp: string; queue_ahead?: number }) =>
    deps.hub.publish(user.id, target.progressChannel, { ...event, query_id: target.queryId });
  return runAsAsker(
    {
      userId: user.id,
      onQueued: (ahead) =>
        publish({
          message: queuedMessage(ahead),
          stage: 'queued',
          timestamp: new Date().toISOString(),
          queue_ahead: ahead,
        }),
    },
    () => work(publish),
  );
}

function logAnswer(deps: QuestionsServiceDeps, queryId: string, answer: AgentAnswer, message: string) {
  deps.logger.info(
    {
      query_id: queryId,
      planner: answer.planner,
      model: answer.model,
      response_type: answer.responseType,
      rows: answer.result?.rowCount ?? 0,
      agent_ms: answer.timings.agentMs,
      warehouse_ms: answer.timings.warehouseMs,
    },
    message,
  );
}

async function answerQuestion(
  deps: QuestionsServiceDeps,
  ready: ReadyRuntime,
  user: RequestUser,
  input: QueryRequest,
  signal?: AbortSignal,
): Promise<QueryResult> {
  const queryId = randomUUID();
  // A question that is SQL is run as written: no model reads it, so no budget applies.
  if ((await ready.agent.checkSql(input.prompt)).sql) {
    return answerUserSql(deps, ready, user, {
      queryId,
      input,
      sql: input.prompt,
      origin: { source: 'user', editedFrom: null },
      signal,
    });
  }
  const planner = await plannerFor(deps, ready, user, input, queryId);
  // The verified questions: one that matches is answered with its plan, before any model is called.
  const verified = await deps.verified?.lookup(ready.builtin.analyst);
  const answer = await runAgent(
    deps,
    ready,
    user,
    { queryId, progressChannel: input.progress_channel },
    { question: input.prompt, planner, ...(verified ? { verified } : {}), ...(signal ? { signal } : {}) },
  );
  const result = await withBadge(deps, toQueryResult(queryId, answer), answer.plan);
  await saveAnswer(deps.db, { id: queryId, user, input }, result, answer);
  logAnswer(deps, queryId, answer, 'Query answered');
  return result;
}

/** The query result with the "Verified" badge of its plan's shape, if any. */
async function withBadge(
  deps: QuestionsServiceDeps,
  result: QueryResult,
  plan: unknown,
): Promise<QueryResult> {
  if (!deps.verified) return result;
  return { ...result, verified: await deps.verified.badgeFor(plan) };
}

/**
 * Work on the warehouse, admitted like a question: refused before any work (or model spend) when the warehouse
 * queue is already full, so nothing is saved and the client is told when to come back.
 */
async function admitted<T>(
  deps: QuestionsServiceDeps,
  work: (ready: ReadyRuntime) => Promise<T>,
): Promise<T> {
  const { runtime, logger, gate } = deps;
  const ready = await warehouseReady(runtime, logger);
  let leave: () => void = () => {};
  try {
    if (gate) leave = gate.admitQuestion();
  } catch (error) {
    if (error instanceof OverloadedError) throw overloaded(error);
    throw error;
  }
  try {
    return await work(ready);
  } finally {
    leave();
  }
}

function ask(
  deps: QuestionsServiceDeps,
  user: RequestUser,
  input: QueryRequest,
  signal?: AbortSignal,
): Promise<QueryResult> {
  return admitted(deps, (ready) => answerQuestion(deps, ready, user, input, signal));
}

/** The answer fields of a query replaced by the answer to a chosen reading; the progress log grows. */
function answerUpdate(row: QueryRow, answer: AgentAnswer, result: QueryResult): QueryAnswerUpdate {
  const earlier: ProgressLogEntry[] = Array.isArray(row.progress_log) ? row.progress_log : [];
  return {
    response_type: answer.responseType,
    message: answer.message ?? null,
    classification: JSON.stringify(answer.classification),
    interpretation: answer.interpretation,
    sql_query: result.sql_query ?? null,
    sql_explanation: result.sql_explanation ?? null,
    csv_results: result.csv_results ?? null,
    result_columns: result.result_columns ? JSON.stringify(result.result_columns) : null,
    csv_analysis: result.csv_analysis ?? null,
    progress_log: JSON.stringify([...earlier, ...answer.progress]),
    planner: answer.planner,
    model: answer.model,
    row_count: answer.result?.rowCount ?? null,
    truncated: answer.result?.truncated ?? false,
    agent_ms: answer.timings.agentMs,
    warehouse_ms: answer.timings.warehouseMs,
    total_ms: answer.timings.totalMs,
    ...storedReadings(answer),
  };
}

/**
 * "Did you mean": answers the reading `index` of a saved query's alternatives with its plan (no reading of the
 * words, no model call), saves it as the query's answer and records the choice. The caller has checked that
 * this user may choose on this query.
 */
async function chooseReading(
  deps: QuestionsServiceDeps,
  user: RequestUser,
  row: QueryRow,
  { index, input }: { index: number; input: ChooseAlternativeRequest },
  signal?: AbortSignal,
): Promise<QueryResult> {
  const alternatives = savedAlternatives(row);
  const chosen = alternatives[index];
  if (!chosen) throw AppError.notFound(ALTERNATIVE_NOT_FOUND);
  const previousPlan = row.plan ? (row.plan as unknown as Plan) : undefined;
  const offered = alternativesAfterChoosing(
    { plan: previousPlan, interpretation: row.interpretation },
    alternatives,
    index,
  );
  return admitted(deps, async (ready) => {
    const answer = await runAgent(
      deps,
      ready,
      user,
      { queryId: row.id, progressChannel: input.progress_channel },
      {
        question: row.prompt,
        planner: ready.builtin,
        plan: chosen.plan,
        alternatives: offered,
        ...(signal ? { signal } : {}),
      },
    ).catch((error: unknown) => {
      if (error instanceof InvalidPlanError) throw AppError.unprocessable(error.message);
      throw error;
    });
    const result = await withBadge(deps, toQueryResult(row.id, answer), answer.plan);
    const saved = await saveReadingChoice({
      db: deps.db,
      queryId: row.id,
      answer: answerUpdate(row, answer, result),
      choice: {
        alternative_index: index,
        chosen_interpretation: chosen.interpretation,
        chosen_plan: JSON.stringify(chosen.plan),
        previous_interpretation: row.interpretation,
        previous_plan: row.plan ? JSON.stringify(row.plan) : null,
        previous_sql: row.sql_query,
        user_id: user.id,
        user_email: user.email,
      },
    });
    logAnswer(deps, row.id, answer, 'Another reading chosen and answered');
    return { ...result, reading_choice: toReadingChoice(saved) };
  });
}

/**
 * A reading given as a plan (a reviewer's correction, or an alternative picked in the review queue), answered by
 * the built-in analyst without reading the words: with `save`, it replaces the query's answer (the caller records
 * the answer it replaced); without, it is a preview and nothing is stored. A plan that does not fit the data is 422.
 */
async function answerPlan(
  deps: QuestionsServiceDeps,
  user: RequestUser,
  row: QueryRow,
  { plan, progressChannel, save }: { plan: unknown; progressChannel?: string | undefined; save: boolean },
  signal?: AbortSignal,
): Promise<{ answer: AgentAnswer; result: QueryResult }> {
  return admitted(deps, async (ready) => {
    const answer = await runAgent(
      deps,
      ready,
      user,
      { queryId: row.id, progressChannel },
      {
        question: row.prompt,
        planner: ready.builtin,
        plan: plan as Plan,
        alternatives: save ? savedAlternatives(row) : [],
        ...(signal ? { signal } : {}),
      },
    ).catch((error: unknown) => {
      if (error instanceof InvalidPlanError) throw AppError.unprocessable(error.message);
      throw error;
    });
    const result = toQueryResult(row.id, answer);
    if (save) {
      await updateQueryAnswer({ db: deps.db, queryId: row.id, answer: answerUpdate(row, answer, result) });
      logAnswer(deps, row.id, answer, 'A corrected reading answered');
    }
    return { answer, result };
  });
}

/**
 * A saved query's SQL, edited and run again as the user wrote it: saved as a new query of this user (the same
 * question, marked `edited`, pointing at the original), admitted to the warehouse like a question.
 */
async function runEditedSql(
  deps: QuestionsServiceDeps,
  user: RequestUser,
  original: QueryRow,
  input: RunEditedSqlRequest,
  signal?: AbortSignal,
): Promise<QueryResult> {
  return admitted(deps, async (ready) => {
    return answerUserSql(deps, ready, user, {
      queryId: randomUUID(),
      input: { prompt: original.prompt, progress_channel: input.progress_channel },
      sql: input.sql,
      origin: { source: 'edited', editedFrom: original.id },
      signal,
    });
  });
}

/** SQL the user wrote or edited, run as written, saved as a query of theirs with where it came from. */
async function answerUserSql(
  deps: QuestionsServiceDeps,
  ready: ReadyRuntime,
  user: RequestUser,
  run: {
    queryId: string;
    input: QueryRequest;
    sql: string;
    origin: SqlOrigin & { source: UserSqlSource };
    signal?: AbortSignal | undefined;
  },
): Promise<QueryResult> {
  const { queryId, input, sql, origin, signal } = run;
  const answer = await runUserSql(
    deps,
    ready,
    user,
    { queryId, progressChannel: input.progress_channel },
    { sql, source: origin.source, signal },
  );
  const result = toQueryResult(queryId, answer, null, origin);
  await saveAnswer(deps.db, { id: queryId, user, input }, result, answer, origin);
  logAnswer(
    deps,
    queryId,
    answer,
    origin.source === 'edited' ? 'Edited SQL run' : 'SQL written by the user run',
  );
  return result;
}

function toReadingChoice(row: {
  user_email: string;
  previous_interpretation: string | null;
  created_at: Date | string;
}): ReadingChoice {
  return {
    previous_interpretation: row.previous_interpretation,
    chosen_by: row.user_email,
    chosen_at: iso(row.created_at) ?? '',
  };
}

const toComment = (row: {
  id: string;
  user_email: string;
  created_at: Date | string;
  comment_text: string;
}) => ({
  id: row.id,
  user_email: row.user_email,
  created_at: iso(row.created_at) ?? '',
  comment_text: row.comment_text,
});

/** The saved questions: history, detail, archive, comments and feedback, each checked against who may see it. */
function savedQuestions(db: AppDb, verified?: VerifiedStore) {
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
      params: { limit: number; offset: number; show_archived: boolean; mine?: boolean } & HistoryFilters,
    ): Promise<QueryHistoryResponse> {
      const scope: ArchivedScope = isAdmin(user) && params.show_archived ? { kind: 'all' } : ownScope(user);
      const { q, asker, from, to, rating, mine, answered } = params;
      // One extra row tells whether another page exists.
      const rows = await listQueries({
        db,
        scope,
        limit: params.limit + 1,
        offset: params.offset,
        filters: { q, asker, from, to, rating, answered, ...(mine ? { ownerId: user.id } : {}) },
      });
      return { items: rows.slice(0, params.limit).map(toQueryRecord), hasMore: rows.length > params.limit };
    },

    /**
     * The newest questions for the home page: everyone's (the default) or only this user's. Everyone's lists the
     * questions that were answered with data, so a first visit does not open on other users' failed or refused
     * tries (test inputs, injection probes); a user's own list keeps every question they asked.
     */
    async recentPrompts(user: RequestUser, listScope: RecentScope = 'everyone'): Promise<RecentPrompt[]> {
      const scope: ArchivedScope = isAdmin(user) ? { kind: 'all' } : ownScope(user);
      const rows = await recentQueries({
        db,
        scope,
        limit: RECENT_QUERIES_PAGE_SIZE,
        ...(listScope === 'mine' ? { ownerId: user.id } : { answeredOnly: true }),
      });
      return rows.map((row) => ({
        id: row.id,
        prompt: row.prompt,
        user_email: row.user_email,
        timestamp: iso(row.created_at) ?? '',
        feedback_rating: row.feedback_rating,
        feedback_comment: row.feedback_comment,
        sql_source: (row.sql_source ?? 'generated') as SqlSource,
      }));
    },

    async detail(user: RequestUser, id: string): Promise<QueryDetail> {
      const row = await visibleQuery(user, id);
      const choice = await latestReadingChoice({ db, queryId: row.id });
      const owns = isAdmin(user) || row.user_id === user.id;
      return {
        ...toQueryRecord(row),
        can_archive: owns,
        alternatives: (row.alternatives ?? []).map(({ interpretation }) => ({ interpretation })),
        reading_choice: choice ? toReadingChoice(choice) : null,
        can_choose: owns,
        verified: verified ? await verified.badgeFor(row.plan) : null,
        can_verify: isAdmin(user),
      };
    },

    /** The query if this user may choose another reading of it: 404 if hidden, 403 if not theirs. */
    async choosableQuery(user: RequestUser, id: string): Promise<QueryRow> {
      const row = await visibleQuery(user, id);
      if (!isAdmin(user) && row.user_id !== user.id) throw AppError.forbidden(ONLY_OWNER_CHOOSES);
      return row;
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
      return (await listComments({ db, queryId })).map(toComment);
    },

    async addComment(user: RequestUser, queryId: string, text: string): Promise<Comment> {
      const trimmed = text.trim();
      if (!trimmed) throw AppError.unprocessable('comment_text: Comment cannot be empty');
      await visibleQuery(user, queryId);
      return toComment(
        await insertComment({ db, queryId, userId: user.id, userEmail: user.email, text: trimmed }),
      );
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

export function createQuestionsService(deps: QuestionsServiceDeps) {
  const saved = savedQuestions(deps.db, deps.verified);
  return {
    ask: (user: RequestUser, input: QueryRequest, signal?: AbortSignal) => ask(deps, user, input, signal),
    /** "Did you mean": answers another reading of a saved question and saves it as its answer. */
    async chooseAlternative(
      user: RequestUser,
      id: string,
      choice: { index: number; input: ChooseAlternativeRequest },
      signal?: AbortSignal,
    ): Promise<QueryResult> {
      const row = await saved.choosableQuery(user, id);
      return chooseReading(deps, user, row, choice, signal);
    },
    /** A reading given as a plan, answered: saved as the query's answer, or only previewed (reviewers). */
    answerPlan: (
      user: RequestUser,
      row: QueryRow,
      options: { plan: unknown; progressChannel?: string | undefined; save: boolean },
      signal?: AbortSignal,
    ) => answerPlan(deps, user, row, options, signal),
    /** The saved alternatives of a query, with their plans (for the review queue). */
    savedAlternatives,
    /** A saved query's SQL, edited and run as written, saved as a new query (anyone who can see the original). */
    async runEditedSql(
      user: RequestUser,
      id: string,
      input: RunEditedSqlRequest,
      signal?: AbortSignal,
    ): Promise<QueryResult> {
      const original = await saved.visibleQuery(user, id);
      return runEditedSql(deps, user, original, input, signal);
    },
    ...saved,
  };
}

export type QuestionsService = ReturnType<typeof createQuestionsService>;
