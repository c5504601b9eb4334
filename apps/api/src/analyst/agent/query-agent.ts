/**
 * The query agent's pipeline, the same for both planners, in named stages:
 *   classify (resolve entities, the planner's plan compiled to SQL) -> run with repair (guard, run, repair on
 *   error, bounded; fall back to the built-in analyst) -> explain -> cross-check (LLM planner: the built-in
 *   analyst reads the question independently; the same plan agrees, else the results are compared) -> analyse.
 * Each stage reports progress (`Classifying question...`, `Executing SQL query: <sql>`, `Query executed
 * successfully`, `Retrying with corrected SQL...`), which the caller streams to the browser and saves.
 *
 * A reading chosen under "Did you mean" (`AnswerRequest.plan`) skips the reading: the built-in planner checks the
 * plan against the data, compiles and restates it, and the stages from running onwards are the same. Every data
 * answer carries the plan it answered and the other readings worth offering (alternatives.ts): the built-in
 * reader's own, or for the LLM planner the built-in analyst's readings that differ from the model's plan.
 *
 * Safety does not depend on the planner: every SQL text, whoever wrote it, passes the warehouse's guard
 * (one read-only SELECT over catalog names, row cap) before it runs on a read-only connection with a timeout.
 * Confidence is honest: the planner's own, lowered by repairs, empty results and a disagreeing cross-check,
 * raised when the built-in analyst's independent answer agrees, and capped for free SQL written outside the
 * semantic layer.
 */
import type { Classification } from '@qa/contracts';
import { segmentsNamedIn } from '@qa/warehouse';
import { describePlanCheck, verifyPlan } from '../compile/verify-plan.js';
import { monthWords, quarterWords } from '../compile/words.js';
import type { AlternativeReading } from '../reading/reading-types.js';
import type { Plan } from '../semantic/plan.js';
import {
  answeredAsVerified,
  type VerifiedLookup,
  type VerifiedMatch,
} from '../verified/verified-readings.js';
import type { AgentResultSet, AgentWarehouse } from './agent-warehouse.js';
import { compareAnswers, samePlan } from './agreement.js';
import { distinctAlternatives } from './alternatives.js';
import { type BuiltinPlanner, type BuiltinReading, describeEntities } from './builtin-planner.js';
import { FREE_SQL_MAX_CONFIDENCE, PlannerOutputError } from './llm-planner.js';
import { untracedNumbers } from './number-check.js';
import type { Planner, PlannerClassification, PlannerDraft, ResolvedEntity } from './planner.js';
import {
  checkSqlText,
  failedMessage,
  refusedMessage,
  USER_SQL_INTERPRETATION,
  UserSqlError,
  type UserSqlSource,
  userSqlAnalysis,
  userSqlExplanation,
} from './user-sql.js';

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
  /** The semantic plan answered (none for free SQL and for answers that are not data). */
  plan?: Plan;
  /** Other readings of the question, best first, offered as "Did you mean" choices. */
  alternatives?: AlternativeReading[];
  progress: ProgressEvent[];
  /** Who wrote the SQL: the built-in analyst, a language model, or the user (SQL run as written). */
  planner: 'builtin' | 'llm' | 'user';
  /** Set when a verified question's plan answered (its slots filled from this question). */
  verifiedMatch?: VerifiedMatch;
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
  /**
   * A reading chosen under "Did you mean": answered directly by the built-in planner, without reading the
   * question again (checked against the data first: it comes back through storage).
   */
  plan?: Plan;
  /** With `plan`: the other readings to offer under its answer. */
  alternatives?: AlternativeReading[];
  /**
   * The verified questions (analyst/verified): a question that matches one is answered with its plan, without
   * reading the words or calling a model; otherwise the closest are the language model's examples.
   */
  verified?: VerifiedLookup;
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
export const ASKED_BACK_INTERPRETATION =
  'No single reading uses all the words of the question: choose the closest under "Did you mean"';
/** Said when a planner wrote SQL without a restatement of the question (a model that left the field empty). */
export const UNSTATED_INTERPRETATION = 'The question as written (the planner did not restate it)';

const percent = (value: number) => `${Math.round(value * 100)}%`;
const clamp = (value: number) => Math.max(0.05, Math.min(0.99, value));
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

class Stopwatch {
  warehouseMs = 0;
  readonly started = performance.now();
  elapsed() {
    return performance.now() - this.started;
  }
}

interface AgentContext {
  warehouse: AgentWarehouse;
  builtin: BuiltinPlanner;
  rowLimit: number;
  timeoutMs: number;
}

interface Executed {
  sql: string;
  result: AgentResultSet | undefined;
  repairs: number;
  lastError: string;
  /** Set when the plan's SQL leaves part of the plan out: said as the answer, which is an error. */
  leftOut?: string;
}

type PartialAnswer = Omit<AgentAnswer, 'progress' | 'planner' | 'model' | 'timings' | 'interpretation'> & {
  interpretation?: string | undefined;
};

function datasetsSummary({ warehouse, builtin }: AgentContext): string {
  const time = builtin.analyst.time;
  const lines = warehouse.datasets().map((d) => `- **${d.name}** (${d.title}): ${d.description}`);
  return [
    '**What the data holds**',
    '',
    ...lines,
    '',
    `Availability snapshots are monthly, reported on the first of each month, from ${monthWords(time.earliest)} to ${monthWords(time.latest)}; take-up runs to ${quarterWords(time.latestQuarter)}; forecasts run to ${monthWords(time.forecastLast)}.`,
    '',
    'Operator footprints, take-up and forecasts are modelled (synthetic data calibrated to public figures); local authorities, regions and postcode areas follow real UK geography. Market share (subscriber lines) is in the take_up dataset.',
  ].join('\n');
}

/** One question through the pipeline: its progress, the planner answering it, and the stages. */
class AnswerRun {
  private readonly watch = new Stopwatch();
  private readonly progress: ProgressEvent[] = [];
  private readonly notes: string[] = [];
  private planner: Planner;
  private entities: ResolvedEntity[] = [];
  private verifiedMatch: VerifiedMatch | undefined;
  private builtinReading: BuiltinReading | undefined;

  constructor(
    private readonly context: AgentContext,
    private readonly request: AnswerRequest,
  ) {
    this.planner = request.planner;
  }

  private get call() {
    return { question: this.request.question, entities: this.entities, ...signalOf(this.request) };
  }

  /** The language model's call, with the closest verified questions as examples. */
  private get draftCall() {
    const examples =
      this.planner.kind === 'llm' ? (this.request.verified?.examples(this.request.question) ?? []) : [];
    return examples.length ? { ...this.call, examples } : this.call;
  }

  /** The built-in analyst's own reading of the question, made once (fallback, cross-check, alternatives). */
  private readBuiltin(): BuiltinReading {
    this.builtinReading ??= this.context.builtin.read(this.request.question);
    return this.builtinReading;
  }

  private report(stage: string, message: string): void {
    const event = { message, stage, timestamp: new Date().toISOString() };
    this.progress.push(event);
    this.request.onProgress?.(event);
  }

  private finish(partial: PartialAnswer): AgentAnswer {
    const totalMs = this.watch.elapsed();
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
      progress: this.progress,
      planner: this.planner.kind,
      model: this.planner.model,
      ...(this.verifiedMatch && partial.responseType === 'data_query'
        ? { verifiedMatch: this.verifiedMatch }
        : {}),
      timings: {
        agentMs: Math.round(totalMs - this.watch.warehouseMs),
        warehouseMs: Math.round(this.watch.warehouseMs),
        totalMs: Math.round(totalMs),
      },
    };
  }

  async answer(): Promise<AgentAnswer> {
    const draft = await this.classify();
    if (draft.classification.type === 'system_info') return this.describeData(draft.classification);
    if (draft.classification.type === 'unsupported' || !draft.sql) return this.refuse(draft);
    const ran = await this.runWithRepair(draft, draft.sql);
    if ('answer' in ran) return ran.answer;
    const { executed } = ran;
    const { sql, result } = executed;
    if (!result) return this.failed(ran.draft, executed);
    this.report('explain', 'Explaining the SQL...');
    const explanation = await this.planner.explain({ ...this.call, draft: ran.draft, sql });
    const checked = await this.crossCheck(ran.draft, executed, result);
    const analysis = await this.analyse(ran.draft, sql, result, checked);
    return this.finish({
      responseType: 'data_query',
      classification: { ...ran.draft.classification, confidence: clamp(checked.confidence) },
      sql,
      explanation,
      result,
      analysis,
      interpretation: ran.draft.interpretation,
      ...this.readings(ran.draft),
    });
  }

  /** The plan answered and the other readings worth offering beside it. */
  private readings(draft: PlannerDraft): Pick<AgentAnswer, 'plan' | 'alternatives'> {
    const answered = { plan: draft.plan, interpretation: draft.interpretation };
    let offered: AlternativeReading[];
    if (this.request.plan) offered = this.request.alternatives ?? [];
    else if (this.planner.kind === 'builtin') offered = draft.alternatives ?? [];
    else {
      // The LLM answered: the built-in analyst's readings that differ from the model's plan are the alternatives.
      const reading = this.readBuiltin();
      const { plan, interpretation } = reading.analyst;
      offered =
        reading.classification.type === 'data_query' && plan && interpretation
          ? [{ interpretation, plan }, ...reading.alternatives]
          : [];
    }
    const alternatives = distinctAlternatives(answered, offered);
    return {
      ...(draft.plan ? { plan: draft.plan } : {}),
      ...(alternatives.length ? { alternatives } : {}),
    };
  }

  /** Stage 1: names resolved, the question classified and planned (the built-in analyst if the model fails). */
  private async classify(): Promise<PlannerDraft> {
    const { builtin } = this.context;
    if (this.request.plan) return this.chosen(this.request.plan);
    this.report('classify', 'Classifying question...');
    this.entities = builtin.resolveEntities(this.request.question);
    this.report(
      'resolve',
      this.entities.length
        ? `Resolved entities: ${describeEntities(this.entities)}`
        : 'No operator, network or place names to resolve',
    );
    const verified = this.fromVerified();
    if (verified) return verified;
    const planner = this.planner;
    this.report(
      'plan',
      planner.kind === 'llm' ? `Writing SQL with ${planner.model}...` : 'Planning the query...',
    );
    let draft: PlannerDraft;
    try {
      draft = await planner.draft(this.draftCall);
    } catch (error) {
      if (planner.kind === 'builtin' || this.request.signal?.aborted) throw error;
      // A malformed reply (local models) or a provider failure (network, key, quota): answer without the model.
      const reason =
        error instanceof PlannerOutputError
          ? error.message
          : `The language model call failed: ${messageOf(error)}`;
      this.report('plan', `${reason} Falling back to the built-in analyst...`);
      this.notes.push(`${reason.replace(/\.$/, '')}, so the built-in analyst answered instead.`);
      this.planner = builtin;
      draft = await builtin.draft({ question: this.request.question, entities: this.entities });
    }
    draft.notes.push(...this.notes);
    const { classification } = draft;
    this.report(
      'classify',
      `Question classified as ${classification.type} (confidence ${percent(classification.confidence)})`,
    );
    return draft;
  }

  /** Stage 1 for a reading chosen under "Did you mean": its plan, checked and compiled; the words are not read. */
  private chosen(plan: Plan): PlannerDraft {
    const { builtin } = this.context;
    this.planner = builtin;
    this.entities = builtin.resolveEntities(this.request.question);
    this.report('plan', 'Answering the reading chosen under "Did you mean"...');
    const draft = builtin.draftFromPlan({ question: this.request.question, plan });
    this.report(
      'classify',
      `Answering: ${draft.interpretation} (confidence ${percent(draft.classification.confidence)})`,
    );
    return draft;
  }

  /**
   * Stage 1 for a question a verified question answers: the verified plan with this question's slot values,
   * checked and compiled by the built-in planner; the built-in reading's own plan is offered under "Did you mean".
   * A filled plan that no longer fits the data is passed over (the question is read as usual).
   */
  private fromVerified(): PlannerDraft | undefined {
    const match = this.request.verified?.match(this.request.question);
    if (!match) return undefined;
    const { builtin } = this.context;
    let draft: PlannerDraft;
    try {
      draft = builtin.draftFromPlan({ question: this.request.question, plan: match.plan });
    } catch (error) {
      this.report('plan', `The verified question's plan does not fit: ${messageOf(error)}`);
      return undefined;
    }
    this.planner = builtin;
    this.verifiedMatch = match;
    const said = answeredAsVerified(match);
    this.report('plan', said);
    const reading = this.readBuiltin();
    const own =
      reading.classification.type === 'data_query' && reading.analyst.plan && reading.analyst.interpretation
        ? [
            { interpretation: reading.analyst.interpretation, plan: reading.analyst.plan },
            ...reading.alternatives,
          ]
        : reading.alternatives;
    const alternatives = distinctAlternatives(
      { plan: draft.plan, interpretation: draft.interpretation },
      own,
    );
    draft.classification = { ...draft.classification, confidence: match.confidence, reasoning: said };
    draft.notes.push(said);
    if (alternatives.length) draft.alternatives = alternatives;
    else delete draft.alternatives;
    this.report(
      'classify',
      `Answering: ${draft.interpretation} (confidence ${percent(draft.classification.confidence)})`,
    );
    return draft;
  }

  private describeData(classification: PlannerClassification): AgentAnswer {
    const { warehouse } = this.context;
    this.report('complete', 'Described the available data');
    // "What counts as gigabit-capable?": the terms the question names, in plain words, before the data.
    const terms = segmentsNamedIn(this.request.question).map((t) => `**${t.title}**: ${t.meaning}.`);
    return this.finish({
      responseType: 'system_info',
      classification: { ...classification, suggested_databases: warehouse.datasets().map((d) => d.name) },
      message: [...terms, ...(terms.length ? [''] : []), datasetsSummary(this.context)].join('\n'),
      availableDatabases: warehouse.datasets().map((d) => d.name),
      exampleQueries: warehouse.exampleQuestions(),
    });
  }

  private refuse(draft: PlannerDraft): AgentAnswer {
    const { classification } = draft;
    const { warehouse } = this.context;
    if (draft.alternatives?.length) {
      // Asked back: the closest readings are the answer's choices; the message lists them too.
      this.report('complete', 'Asked back with the closest readings');
      return this.finish({
        responseType: 'unsupported',
        classification: { ...classification, type: 'unsupported' },
        message: `${classification.reasoning}\n\n${draft.alternatives.map((a) => `- ${a.interpretation}`).join('\n')}`,
        interpretation: ASKED_BACK_INTERPRETATION,
        alternatives: draft.alternatives,
        availableDatabases: warehouse.datasets().map((d) => d.name),
        exampleQueries: warehouse.exampleQuestions(),
      });
    }
    const why =
      classification.type === 'unsupported'
        ? classification.reasoning || 'The question cannot be answered from the broadband data.'
        : 'The planner could not turn this question into a query.';
    this.report('complete', 'The question cannot be answered from the data');
    return this.finish({
      responseType: 'unsupported',
      classification: { ...classification, type: 'unsupported' },
      message: `${why}\n\n${datasetsSummary(this.context)}\n\nFor example, you can ask:\n${warehouse
        .exampleQuestions()
        .slice(0, 5)
        .map((q) => `- ${q}`)
        .join('\n')}`,
      availableDatabases: warehouse.datasets().map((d) => d.name),
      exampleQueries: warehouse.exampleQuestions(),
    });
  }

  /** Guard and run one SQL text, timing the warehouse. */
  private async run(sql: string) {
    const { warehouse, rowLimit, timeoutMs } = this.context;
    const guarded = await warehouse.guard(sql, { rowLimit });
    if (!guarded.ok)
      return { ok: false as const, error: `The SQL was refused by the safety check: ${guarded.reason}` };
    const started = performance.now();
    try {
      const result = await warehouse.query(guarded.sql, { rowLimit, timeoutMs, ...signalOf(this.request) });
      return { ok: true as const, result };
    } catch (error) {
      return { ok: false as const, error: messageOf(error) };
    } finally {
      this.watch.warehouseMs += performance.now() - started;
    }
  }

  /**
   * The SQL compiled from a plan must do the whole plan, or the restatement would not be true: what it leaves
   * out makes the answer an error, never a confident answer. (SQL the guard refuses is reported by `run`.)
   */
  private async leftOut(draft: PlannerDraft, sql: string): Promise<string | undefined> {
    if (!draft.plan || draft.freeSql) return undefined;
    const check = await verifyPlan(draft.plan, { sql }, this.context.builtin.analyst.time);
    if (check.refused || check.missing.length === 0) return undefined;
    const message = describePlanCheck(check);
    this.report('verify', message);
    return message;
  }

  /** Guard, run, and ask the planner to repair a failure, a bounded number of times. */
  private async execute(current: Planner, draft: PlannerDraft, firstSql: string): Promise<Executed> {
    const leftOut = await this.leftOut(draft, firstSql);
    if (leftOut) return { sql: firstSql, result: undefined, repairs: 0, lastError: leftOut, leftOut };
    let sql = firstSql;
    let lastError = '';
    let repairs = 0;
    for (let attempt = 0; ; attempt++) {
      this.report('execute', `Executing SQL query: ${sql}`);
      const outcome = await this.run(sql);
      if (outcome.ok) {
        const { rowCount, truncated } = outcome.result;
        this.report('execute', 'Query executed successfully');
        this.report(
          'execute',
          `Returned ${rowCount} row${rowCount === 1 ? '' : 's'}${truncated ? ` (cut at ${this.context.rowLimit})` : ''}`,
        );
        return { sql, result: outcome.result, repairs, lastError };
      }
      lastError = outcome.error;
      this.report('error', `SQL error: ${outcome.error}`);
      if (attempt >= MAX_REPAIRS || current.kind === 'builtin') break;
      this.report('repair', 'Retrying with corrected SQL...');
      const corrected = await current
        .repair({ ...this.call, draft, failedSql: sql, error: outcome.error, attempt: attempt + 1 })
        .catch((error: unknown) => {
          this.report('error', `The correction failed: ${messageOf(error)}`);
          return null;
        });
      if (!corrected) break;
      repairs += 1;
      sql = corrected;
    }
    return { sql, result: undefined, repairs, lastError };
  }

  /** Stage 2: run with repair; when the model's SQL keeps failing, the built-in analyst may still answer. */
  private async runWithRepair(
    first: PlannerDraft,
    sql: string,
  ): Promise<{ draft: PlannerDraft; executed: Executed } | { answer: AgentAnswer }> {
    const { builtin, warehouse } = this.context;
    let draft = first;
    let executed = await this.execute(this.planner, draft, sql);
    if (executed.result || this.planner.kind !== 'llm') return { draft, executed };
    const fallback = this.readBuiltin();
    if (fallback.classification.type === 'data_query' && fallback.analyst.built) {
      this.report('plan', 'Falling back to the built-in analyst...');
      this.planner = builtin;
      const failedWith = executed.lastError;
      draft = await builtin.draft({ question: this.request.question, entities: this.entities });
      draft.notes.push(
        ...this.notes,
        `The language model's SQL failed (${failedWith}), so the built-in analyst answered instead.`,
      );
      executed = await this.execute(builtin, draft, draft.sql ?? '');
    } else if (fallback.classification.type === 'unsupported') {
      this.report('complete', 'The question cannot be answered from the data');
      return {
        answer: this.finish({
          responseType: 'unsupported',
          classification: fallback.classification,
          message: fallback.classification.reasoning,
          availableDatabases: warehouse.datasets().map((d) => d.name),
          exampleQueries: warehouse.exampleQuestions(),
        }),
      };
    }
    return { draft, executed };
  }

  private failed(draft: PlannerDraft, executed: Executed): AgentAnswer {
    this.report('complete', 'The query could not be run');
    const message = executed.leftOut ?? `The query could not be run: ${executed.lastError}`;
    return this.finish({
      responseType: 'error',
      classification: {
        ...draft.classification,
        confidence: clamp(Math.min(draft.classification.confidence, 0.2)),
      },
      message,
      sql: executed.sql,
      analysis: message,
      interpretation: draft.interpretation,
      ...this.readings(draft),
    });
  }

  /**
   * Stage 3: honest confidence. Lowered by repairs and an empty result; for the LLM planner, the built-in
   * analyst reads the question independently: the same plan agrees, otherwise the two results are compared.
   * Free SQL never claims more than FREE_SQL_MAX_CONFIDENCE.
   */
  private async crossCheck(
    draft: PlannerDraft,
    executed: Executed,
    result: AgentResultSet,
  ): Promise<{ confidence: number; note?: string }> {
    let confidence = draft.classification.confidence;
    let note: string | undefined;
    if (executed.repairs > 0) confidence -= 0.1 * executed.repairs;
    if (result.rowCount === 0) confidence -= 0.15;
    if (this.planner.kind === 'llm') {
      const reading = this.readBuiltin();
      const { plan, built } = reading.analyst;
      if (reading.classification.type === 'data_query' && built) {
        this.report('verify', 'Cross-checking with the built-in analyst...');
        if (draft.plan && plan && (draft.sql === built.sql || samePlan(draft.plan, plan))) {
          confidence = Math.max(confidence, 0.9);
          this.report('verify', 'The built-in analyst read the question into the same plan');
        } else {
          const check = await this.run(built.sql);
          if (check.ok) {
            const agreement = compareAnswers(
              { columns: result.columns.map((c) => c.name), rows: result.rows },
              { columns: check.result.columns.map((c) => c.name), rows: check.result.rows },
            );
            if (agreement.agree) {
              confidence = Math.max(confidence, 0.9);
              this.report('verify', 'The built-in analyst independently found the same result');
            } else {
              confidence = Math.min(confidence, 0.5);
              note = `**Cross-check:** the built-in analyst answered the same question independently and got a different result (${agreement.reason}). It read the question as: ${reading.classification.reasoning} Treat these figures with care and check the SQL.`;
              this.report(
                'verify',
                `The built-in analyst's independent answer differs (${agreement.reason})`,
              );
            }
          }
        }
      } else {
        // No independent check was possible: do not claim more than the model's own reading.
        confidence = Math.min(confidence, 0.8);
      }
    }
    if (draft.freeSql) confidence = Math.min(confidence, FREE_SQL_MAX_CONFIDENCE);
    return note ? { confidence, note } : { confidence };
  }

  /** Stage 4: the analysis, its figures traced to the result (LLM), with the cross-check and the notes. */
  private async analyse(
    draft: PlannerDraft,
    sql: string,
    result: AgentResultSet,
    checked: { confidence: number; note?: string },
  ): Promise<string> {
    this.report('analyse', 'Analysing results...');
    let analysis = await this.planner
      .analyse({ ...this.call, draft, sql, result })
      .catch((error: unknown) => {
        if (this.request.signal?.aborted) throw error;
        const reason = messageOf(error);
        this.report('error', `The analysis could not be written: ${reason}`);
        return `_The analysis could not be written (${reason}); the result above is complete._`;
      });
    let traceNote: string | undefined;
    if (this.planner.kind === 'llm') {
      const untraced = untracedNumbers(analysis, result, { question: this.request.question, sql });
      if (untraced.length) {
        checked.confidence -= 0.1;
        traceNote = `_Check: the analysis quotes figures that are not in the result or simple arithmetic on it (${untraced.slice(0, 8).join(', ')}); rely on the table above._`;
        this.report(
          'verify',
          `The analysis quotes figures not found in the result: ${untraced.slice(0, 8).join(', ')}`,
        );
      }
    }
    const extra = [checked.note, traceNote, ...draft.notes.map((note) => `_${note}_`)].filter(Boolean);
    if (extra.length) analysis = [analysis, ...extra].join('\n\n');
    this.report('complete', 'Analysis complete');
    return analysis;
  }
}

export interface UserSqlRequest {
  sql: string;
  source: UserSqlSource;
  signal?: AbortSignal;
  onProgress?: (event: ProgressEvent) => void;
}

/**
 * SQL the user wrote, run as written through the guard, the row cap and the timeout (user-sql.ts). Refused,
 * failed and timed-out SQL rejects with a UserSqlError saying why.
 */
async function runUserSql(context: AgentContext, request: UserSqlRequest): Promise<AgentAnswer> {
  const { warehouse, rowLimit, timeoutMs } = context;
  const watch = new Stopwatch();
  const progress: ProgressEvent[] = [];
  const report = (stage: string, message: string) => {
    const event = { message, stage, timestamp: new Date().toISOString() };
    progress.push(event);
    request.onProgress?.(event);
  };
  const sql = request.sql.trim().replace(/;\s*$/, '');
  report('classify', 'Checking your SQL with the safety check...');
  const checked = await checkSqlText(warehouse, sql, rowLimit);
  if (!checked.sql || !checked.ok) {
    const reason = checked.sql ? checked.reason : 'The SQL could not be parsed.';
    report('error', refusedMessage(reason));
    throw new UserSqlError(refusedMessage(reason), 'refused');
  }
  report('execute', `Executing SQL query: ${sql}`);
  const started = performance.now();
  let result: AgentResultSet;
  try {
    result = await warehouse.query(checked.guarded, { rowLimit, timeoutMs, ...signalOf(request) });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    const failure = failedMessage(error, timeoutMs);
    report('error', failure.message);
    throw failure;
  } finally {
    watch.warehouseMs += performance.now() - started;
  }
  report('execute', 'Query executed successfully');
  report(
    'execute',
    `Returned ${result.rowCount} row${result.rowCount === 1 ? '' : 's'}${result.truncated ? ` (cut at ${rowLimit})` : ''}`,
  );
  report('complete', 'Your SQL was run as written');
  // The datasets its tables belong to (docs/data-contract.md): take-up, forecasts, else availability.
  const datasetOf = (table: string) =>
    table.startsWith('take_up') ? 'take_up' : /forecast/.test(table) ? 'upc_forecast' : 'upc';
  const datasets = [...new Set(checked.tables.map(datasetOf))];
  const totalMs = watch.elapsed();
  return {
    responseType: 'data_query',
    classification: {
      type: 'sql',
      confidence: 1,
      reasoning:
        request.source === 'edited'
          ? 'SQL edited by the user, run as written after the safety check.'
          : 'The question is SQL; it was run as written after the safety check.',
      suggested_databases: datasets,
    },
    interpretation: USER_SQL_INTERPRETATION[request.source],
    sql,
    explanation: userSqlExplanation({ rowLimit, timeoutMs }),
    result,
    analysis: userSqlAnalysis(result, rowLimit),
    progress,
    planner: 'user',
    model: 'user',
    timings: {
      agentMs: Math.round(totalMs - watch.warehouseMs),
      warehouseMs: Math.round(watch.warehouseMs),
      totalMs: Math.round(totalMs),
    },
  };
}

export function createQueryAgent(deps: QueryAgentDeps) {
  const context: AgentContext = {
    warehouse: deps.warehouse,
    builtin: deps.builtin,
    rowLimit: deps.rowLimit ?? DISPLAY_ROW_LIMIT,
    timeoutMs: deps.timeoutMs ?? QUERY_TIMEOUT_MS,
  };
  return {
    answer: (request: AnswerRequest): Promise<AgentAnswer> => new AnswerRun(context, request).answer(),
    datasetsSummary: () => datasetsSummary(context),
    /** Whether a question is SQL (run as written), and whether the guard lets it run. */
    checkSql: (text: string) => checkSqlText(context.warehouse, text, context.rowLimit),
    runUserSql: (request: UserSqlRequest) => runUserSql(context, request),
  };
}

function signalOf(request: { signal?: AbortSignal }) {
  return request.signal ? { signal: request.signal } : {};
}

export type QueryAgent = ReturnType<typeof createQueryAgent>;
export type { ResolvedEntity };
