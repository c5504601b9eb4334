/**
 * The query agent's pipeline, the same for both planners:
 *   classify -> resolve entities -> write SQL -> guard -> run -> (repair on error, bounded) -> explain
 *   -> cross-check (LLM planner: the built-in analyst answers independently) -> analyse.
 * Each stage reports progress (`Classifying question...`, `Executing SQL query: <sql>`, `Query executed
 * successfully`, `Retrying with corrected SQL...`), which the caller streams to the browser and saves.
 *
 * Safety does not depend on the planner: every SQL text, whoever wrote it, passes the warehouse's guard
 * (one read-only SELECT over catalog names, row cap) before it runs on a read-only connection with a timeout.
 * Confidence is honest: the planner's own, lowered by repairs, empty results and a disagreeing cross-check,
 * raised when the built-in analyst's independent answer agrees.
 */
import type { Classification } from '@qa/contracts';
import type { AgentResultSet, AgentWarehouse } from './agent-warehouse.js';
import { compareAnswers } from './agreement.js';
import { type BuiltinPlanner, describeEntities } from './builtin-planner.js';
import { PlannerOutputError } from './llm-planner.js';
import { untracedNumbers } from './number-check.js';
import type { Planner, PlannerDraft, ResolvedEntity } from './planner.js';

/** Rows kept for display and the CSV; the guard applies the same cap as a LIMIT. */
export const DISPLAY_ROW_LIMIT = 5_000;
export const QUERY_TIMEOUT_MS = 30_000;
/** Corrections after a failed SQL before giving up. */
export const MAX_REPAIRS = 2;

export type ResponseType = 'data_query' | 'system_info' | 'unsupported' | 'error';

export interface ProgressEvent {
  message: string;
  stage: string;
  timestamp: string;
}

export interface AgentAnswer {
  responseType: ResponseType;
  classification: Classification;
  /** Which question was answered, in one plain-English sentence (from the plan, or the type of question). */
  interpretation: string;
  message?: string;
  availableDatabases?: string[];
  exampleQueries?: string[];
  sql?: string;
  explanation?: string;
  result?: AgentResultSet;
  analysis?: string;
  progress: ProgressEvent[];
  planner: 'builtin' | 'llm';
  model: string;
  timings: { agentMs: number; warehouseMs: number; totalMs: number };
}

export interface AnswerRequest {
  question: string;
  planner: Planner;
  signal?: AbortSignal;
  onProgress?: (event: ProgressEvent) => void;
  /** The dates used in system_info answers. */
  now?: () => Date;
}

export interface QueryAgentDeps {
  warehouse: AgentWarehouse;
  builtin: BuiltinPlanner;
  rowLimit?: number;
  timeoutMs?: number;
}

export const SYSTEM_INFO_INTERPRETATION =
  'A question about the data itself: what it holds, how it is organised and how recent it is';
export const UNSUPPORTED_INTERPRETATION = 'A question the broadband data cannot answer';
/** Said when a planner wrote SQL without a restatement of the question (a model that left the field empty). */
export const UNSTATED_INTERPRETATION = 'The question as written (the planner did not restate it)';

const percent = (value: number) => `${Math.round(value * 100)}%`;
const clamp = (value: number) => Math.max(0.05, Math.min(0.99, value));

class Stopwatch {
  warehouseMs = 0;
  readonly started = performance.now();
  elapsed() {
    return performance.now() - this.started;
  }
}

export function createQueryAgent(deps: QueryAgentDeps) {
  const { warehouse, builtin } = deps;
  const rowLimit = deps.rowLimit ?? DISPLAY_ROW_LIMIT;
  const timeoutMs = deps.timeoutMs ?? QUERY_TIMEOUT_MS;

  async function run(sql: string, watch: Stopwatch, signal?: AbortSignal) {
    const guarded = await warehouse.guard(sql, { rowLimit });
    if (!guarded.ok)
      return { ok: false as const, error: `The SQL was refused by the safety check: ${guarded.reason}` };
    const started = performance.now();
    try {
      const result = await warehouse.query(guarded.sql, {
        rowLimit,
        timeoutMs,
        ...(signal ? { signal } : {}),
      });
      return { ok: true as const, result };
    } catch (error) {
      return { ok: false as const, error: error instanceof Error ? error.message : String(error) };
    } finally {
      watch.warehouseMs += performance.now() - started;
    }
  }

  function datasetsSummary(): string {
    const time = builtin.analyst.time;
    const lines = warehouse.datasets().map((d) => `- **${d.name}** (${d.title}): ${d.description}`);
    return [
      '**What the data holds**',
      '',
      ...lines,
      '',
      `Availability snapshots are monthly, reported on the first of each month, from ${time.earliest} to ${time.latest}; take-up runs to ${time.latestQuarter}; forecasts run to ${time.forecastLast}.`,
      '',
      'Operator footprints, take-up and forecasts are modelled (synthetic data calibrated to public figures); local authorities, regions and postcode areas follow real UK geography. Market share (subscriber lines) is in the take_up dataset.',
    ].join('\n');
  }

  async function answer(request: AnswerRequest): Promise<AgentAnswer> {
    const watch = new Stopwatch();
    const progress: ProgressEvent[] = [];
    const report = (stage: string, message: string) => {
      const event = { message, stage, timestamp: new Date().toISOString() };
      progress.push(event);
      request.onProgress?.(event);
    };
    let planner = request.planner;
    const notes: string[] = [];

    const finish = (
      partial: Omit<AgentAnswer, 'progress' | 'planner' | 'model' | 'timings' | 'interpretation'> & {
        interpretation?: string | undefined;
      },
    ): AgentAnswer => {
      const totalMs = watch.elapsed();
      const interpretation =
        partial.interpretation ||
        (partial.responseType === 'system_info'
          ? SYSTEM_INFO_INTERPRETATION
          : partial.responseType === 'unsupported'
            ? UNSUPPORTED_INTERPRETATION
            : UNSTATED_INTERPRETATION);
      return {
        ...partial,
        interpretation,
        progress,
        planner: planner.kind,
        model: planner.model,
        timings: {
          agentMs: Math.round(totalMs - watch.warehouseMs),
          warehouseMs: Math.round(watch.warehouseMs),
          totalMs: Math.round(totalMs),
        },
      };
    };

    report('classify', 'Classifying question...');
    const entities = builtin.resolveEntities(request.question);
    report(
      'resolve',
      entities.length
        ? `Resolved entities: ${describeEntities(entities)}`
        : 'No operator, network or place names to resolve',
    );

    let draft: PlannerDraft;
    report('plan', planner.kind === 'llm' ? `Writing SQL with ${planner.model}...` : 'Planning the query...');
    try {
      draft = await planner.draft({ question: request.question, entities, ...signalOf(request) });
    } catch (error) {
      if (planner.kind === 'builtin' || request.signal?.aborted) throw error;
      // A malformed reply (local models) or a provider failure (network, key, quota): answer without the model.
      const reason =
        error instanceof PlannerOutputError
          ? error.message
          : `The language model call failed: ${error instanceof Error ? error.message : String(error)}`;
      report('plan', `${reason} Falling back to the built-in analyst...`);
      notes.push(`${reason.replace(/\.$/, '')}, so the built-in analyst answered instead.`);
      planner = builtin;
      draft = await builtin.draft({ question: request.question, entities });
    }
    draft.notes.push(...notes);

    const { classification } = draft;
    report(
      'classify',
      `Question classified as ${classification.type} (confidence ${percent(classification.confidence)})`,
    );

    if (classification.type === 'system_info') {
      report('complete', 'Described the available data');
      return finish({
        responseType: 'system_info',
        classification: { ...classification, suggested_databases: warehouse.datasets().map((d) => d.name) },
        message: datasetsSummary(),
        availableDatabases: warehouse.datasets().map((d) => d.name),
        exampleQueries: warehouse.exampleQuestions(),
      });
    }

    if (classification.type === 'unsupported' || !draft.sql) {
      const why =
        classification.type === 'unsupported'
          ? classification.reasoning || 'The question cannot be answered from the broadband data.'
          : 'The planner could not turn this question into a query.';
      report('complete', 'The question cannot be answered from the data');
      return finish({
        responseType: 'unsupported',
        classification: { ...classification, type: 'unsupported' },
        message: `${why}\n\n${datasetsSummary()}\n\nFor example, you can ask:\n${warehouse
          .exampleQuestions()
          .slice(0, 5)
          .map((q) => `- ${q}`)
          .join('\n')}`,
        availableDatabases: warehouse.datasets().map((d) => d.name),
        exampleQueries: warehouse.exampleQuestions(),
      });
    }

    // Guard, run, repair.
    const execute = async (current: Planner, currentDraft: PlannerDraft, firstSql: string) => {
      let sql = firstSql;
      let lastError = '';
      let repairs = 0;
      for (let attempt = 0; ; attempt++) {
        report('execute', `Executing SQL query: ${sql}`);
        const outcome = await run(sql, watch, request.signal);
        if (outcome.ok) {
          const { rowCount, truncated } = outcome.result;
          report('execute', 'Query executed successfully');
          report(
            'execute',
            `Returned ${rowCount} row${rowCount === 1 ? '' : 's'}${truncated ? ` (cut at ${rowLimit})` : ''}`,
          );
          return { sql, result: outcome.result, repairs, lastError };
        }
        lastError = outcome.error;
        report('error', `SQL error: ${outcome.error}`);
        if (attempt >= MAX_REPAIRS || current.kind === 'builtin') break;
        report('repair', 'Retrying with corrected SQL...');
        const corrected = await current
          .repair({
            question: request.question,
            entities,
            draft: currentDraft,
            failedSql: sql,
            error: outcome.error,
            attempt: attempt + 1,
            ...signalOf(request),
          })
          .catch((error: unknown) => {
            report(
              'error',
              `The correction failed: ${error instanceof Error ? error.message : String(error)}`,
            );
            return null;
          });
        if (!corrected) break;
        repairs += 1;
        sql = corrected;
      }
      return { sql, result: undefined, repairs, lastError };
    };

    let executed = await execute(planner, draft, draft.sql);

    if (!executed.result && planner.kind === 'llm') {
      // The model's SQL kept failing: the built-in analyst may still answer the question on its own.
      const fallback = builtin.read(request.question);
      if (fallback.classification.type === 'data_query' && fallback.analyst.built) {
        report('plan', 'Falling back to the built-in analyst...');
        planner = builtin;
        const failedWith = executed.lastError;
        draft = await builtin.draft({ question: request.question, entities });
        draft.notes.push(
          ...notes,
          `The language model's SQL failed (${failedWith}), so the built-in analyst answered instead.`,
        );
        executed = await execute(builtin, draft, draft.sql ?? '');
      } else if (fallback.classification.type === 'unsupported') {
        report('complete', 'The question cannot be answered from the data');
        return finish({
          responseType: 'unsupported',
          classification: fallback.classification,
          message: fallback.classification.reasoning,
          availableDatabases: warehouse.datasets().map((d) => d.name),
          exampleQueries: warehouse.exampleQuestions(),
        });
      }
    }

    const { sql, result, repairs } = executed;
    if (!result) {
      report('complete', 'The query could not be run');
      const message = `The query could not be run: ${executed.lastError}`;
      return finish({
        responseType: 'error',
        classification: {
          ...draft.classification,
          confidence: clamp(Math.min(draft.classification.confidence, 0.2)),
        },
        message,
        sql,
        analysis: message,
        interpretation: draft.interpretation,
      });
    }

    report('explain', 'Explaining the SQL...');
    const explanation = await planner.explain({ question: request.question, entities, draft, sql });

    // Honest confidence.
    let confidence = draft.classification.confidence;
    let crossCheck: string | undefined;
    if (repairs > 0) confidence -= 0.1 * repairs;
    if (result.rowCount === 0) confidence -= 0.15;
    if (planner.kind === 'llm') {
      const reading = builtin.read(request.question);
      if (reading.classification.type === 'data_query' && reading.analyst.built) {
        report('verify', 'Cross-checking with the built-in analyst...');
        const check = await run(reading.analyst.built.sql, watch, request.signal);
        if (check.ok) {
          const agreement = compareAnswers(
            { columns: result.columns.map((c) => c.name), rows: result.rows },
            { columns: check.result.columns.map((c) => c.name), rows: check.result.rows },
          );
          if (agreement.agree) {
            confidence = Math.max(confidence, 0.9);
            report('verify', 'The built-in analyst independently found the same result');
          } else {
            confidence = Math.min(confidence, 0.5);
            crossCheck = `**Cross-check:** the built-in analyst answered the same question independently and got a different result (${agreement.reason}). It read the question as: ${reading.classification.reasoning} Treat these figures with care and check the SQL.`;
            report('verify', `The built-in analyst's independent answer differs (${agreement.reason})`);
          }
        }
      } else {
        // No independent check was possible: do not claim more than the model's own reading.
        confidence = Math.min(confidence, 0.8);
      }
    }

    report('analyse', 'Analysing results...');
    let analysis = await planner
      .analyse({ question: request.question, entities, draft, sql, result, ...signalOf(request) })
      .catch((error: unknown) => {
        if (request.signal?.aborted) throw error;
        const reason = error instanceof Error ? error.message : String(error);
        report('error', `The analysis could not be written: ${reason}`);
        return `_The analysis could not be written (${reason}); the result above is complete._`;
      });
    let traceNote: string | undefined;
    if (planner.kind === 'llm') {
      const untraced = untracedNumbers(analysis, result, { question: request.question, sql });
      if (untraced.length) {
        confidence -= 0.1;
        traceNote = `_Check: the analysis quotes figures that are not in the result or simple arithmetic on it (${untraced.slice(0, 8).join(', ')}); rely on the table above._`;
        report(
          'verify',
          `The analysis quotes figures not found in the result: ${untraced.slice(0, 8).join(', ')}`,
        );
      }
    }
    const extra = [crossCheck, traceNote, ...draft.notes.map((note) => `_${note}_`)].filter(Boolean);
    if (extra.length) analysis = [analysis, ...extra].join('\n\n');
    report('complete', 'Analysis complete');

    return finish({
      responseType: 'data_query',
      classification: { ...draft.classification, confidence: clamp(confidence) },
      sql,
      explanation,
      result,
      analysis,
      interpretation: draft.interpretation,
    });
  }

  return { answer, datasetsSummary };
}

function signalOf(request: { signal?: AbortSignal }) {
  return request.signal ? { signal: request.signal } : {};
}

export type QueryAgent = ReturnType<typeof createQueryAgent>;
export type { ResolvedEntity };
