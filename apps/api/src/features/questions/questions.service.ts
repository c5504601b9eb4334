/**
 * POST /api/query and /api/query/v2: checks the budget (LLM planner only, before any model call), runs the agent
 * with live progress to the asking tab, saves the question and its answer as a Query, and returns the query
 * result (docs/product.md#query-result). Both versions return the classification (v1 clients simply ignore it).
 */
import { randomUUID } from 'node:crypto';
import type { QueryRequest, QueryResult } from '@qa/contracts';
import type { AppDb } from '../../db/database.js';
import { runAsAsker } from '../../lib/asker-context.js';
import type { RequestUser } from '../../lib/auth-guard.js';
import { AppError } from '../../lib/errors.js';
import { type FairGate, OverloadedError } from '../../lib/fair-gate.js';
import type { Logger } from '../../lib/logger.js';
import type { AgentRuntime } from '../agent/agent-runtime.js';
import { toCsv } from '../agent/csv.js';
import type { Planner } from '../agent/planner.js';
import type { AgentAnswer } from '../agent/query-agent.js';
import { assertWithinBudget, recordUsage } from '../llm/usage.js';
import type { ProgressHub } from './progress-hub.js';
import { insertQuery } from './questions.queries.js';

export const WAREHOUSE_UNAVAILABLE =
  'The broadband warehouse is not available yet. It is built on the first start; try again in a few minutes.';

export interface QueryServiceDeps {
  db: AppDb;
  logger: Logger;
  runtime: AgentRuntime;
  hub: ProgressHub;
  /** Warehouse admission: a question is refused up front (503, Retry-After) when its queue is full. */
  gate?: FairGate;
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

export function toQueryResult(id: string, answer: AgentAnswer): QueryResult {
  const result = answer.result;
  return {
    id,
    response_type: answer.responseType,
    ...(answer.message !== undefined ? { message: answer.message } : {}),
    ...(answer.availableDatabases ? { available_databases: answer.availableDatabases } : {}),
    ...(answer.exampleQueries ? { example_queries: answer.exampleQueries } : {}),
    classification: answer.classification,
    interpretation: answer.interpretation,
    csv_analysis: answer.analysis ?? null,
    sql_query: answer.sql ?? null,
    csv_results: result ? toCsv(result.columns, result.rows) : null,
    sql_explanation: answer.explanation ?? null,
    row_count: result?.rowCount ?? 0,
    truncated: result?.truncated ?? false,
    planner: answer.planner,
    timings_ms: {
      agent: answer.timings.agentMs,
      warehouse: answer.timings.warehouseMs,
      total: answer.timings.totalMs,
    },
  };
}

export function createQueryService({ db, logger, runtime, hub, gate }: QueryServiceDeps) {
  async function answerQuestion(
    ready: Awaited<ReturnType<AgentRuntime['ready']>>,
    user: RequestUser,
    input: QueryRequest,
    signal?: AbortSignal,
  ): Promise<QueryResult> {
    const queryId = randomUUID();
    const choice = runtime.choosePlanner();
    let planner: Planner = ready.builtin;
    if (choice.kind === 'llm') {
      await assertWithinBudget(db, { userId: user.id, model: choice.modelId });
      planner = runtime.llmPlanner(ready, choice.modelId, async (usage) => {
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

    const publish = (event: { message: string; stage: string; timestamp: string; queue_ahead?: number }) =>
      hub.publish(user.id, input.progress_channel, { ...event, query_id: queryId });
    const answer = await runAsAsker(
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
      () =>
        ready.agent.answer({
          question: input.prompt,
          planner,
          ...(signal ? { signal } : {}),
          onProgress: publish,
        }),
    );
    const result = toQueryResult(queryId, answer);

    await insertQuery({
      db,
      row: {
        id: queryId,
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
        csv_analysis: result.csv_analysis ?? null,
        progress_log: JSON.stringify(answer.progress),
        planner: answer.planner,
        model: answer.model,
        row_count: answer.result?.rowCount ?? null,
        truncated: answer.result?.truncated ?? false,
        agent_ms: answer.timings.agentMs,
        warehouse_ms: answer.timings.warehouseMs,
        total_ms: answer.timings.totalMs,
      },
    });
    logger.info(
      {
        query_id: queryId,
        planner: answer.planner,
        model: answer.model,
        response_type: answer.responseType,
        rows: answer.result?.rowCount ?? 0,
        agent_ms: answer.timings.agentMs,
        warehouse_ms: answer.timings.warehouseMs,
      },
      'Query answered',
    );
    return result;
  }

  return {
    async ask(user: RequestUser, input: QueryRequest, signal?: AbortSignal): Promise<QueryResult> {
      const ready = await runtime.ready().catch((error: unknown) => {
        if (error instanceof AppError) throw error;
        logger.error({ err: error }, 'The warehouse could not be opened');
        throw new AppError('internal', WAREHOUSE_UNAVAILABLE);
      });
      // Refuse before any work (or model spend) when the warehouse queue is already full: nothing is saved, and
      // the client is told when to come back.
      let leave: () => void = () => {};
      try {
        if (gate) leave = gate.admitQuestion();
      } catch (error) {
        if (error instanceof OverloadedError) throw overloaded(error);
        throw error;
      }
      try {
        return await answerQuestion(ready, user, input, signal);
      } finally {
        leave();
      }
    },
  };
}

export type QueryService = ReturnType<typeof createQueryService>;
