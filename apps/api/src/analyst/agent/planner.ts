/**
 * The planner seam: what turns a question into a classification and a plan (compiled to SQL), repairs SQL that
 * failed, explains it
 * and analyses its result. Two implementations: the built-in analyst (builtin-planner.ts, deterministic, no
 * network) and an LLM through the AI SDK (llm-planner.ts). The pipeline (query-agent.ts) owns everything else:
 * entity resolution, the guard, running SQL, retries, cross-checking and progress.
 */
import type { Dataset } from '@qa/contracts';
import type { BuiltQuery } from '../compile/sql-builder.js';
import type { AlternativeReading } from '../reading/reading-types.js';
import type { Plan } from '../semantic/plan.js';
import type { VerifiedExample } from '../verified/verified-readings.js';
import type { AgentResultSet } from './agent-warehouse.js';

export type QuestionType = 'data_query' | 'system_info' | 'unsupported';

export interface PlannerClassification {
  type: QuestionType;
  confidence: number;
  reasoning: string;
  suggested_databases: Dataset[];
}

/** A name from the question matched to the data (an operator, a network, a place). */
export interface ResolvedEntity {
  text: string;
  kind: 'network' | 'operator' | 'local_authority' | 'region' | 'nation' | 'postcode_area' | 'county' | 'uk';
  /** The canonical value(s) as they appear in the data. */
  values: string[];
  column: string;
  fuzzy: boolean;
}

export interface PlannerDraft {
  classification: PlannerClassification;
  /**
   * The semantic query behind the SQL, when the planner wrote one (the built-in analyst always does, the LLM
   * through its structured output), with the compiled query it came from.
   */
  plan?: Plan;
  built?: BuiltQuery;
  /** For data questions: the compiled plan, or free SQL when `freeSql`. */
  sql?: string;
  /** The SQL was written freely by the model, outside the semantic layer. */
  freeSql?: boolean;
  /**
   * One plain-English sentence saying which question is answered ("Premises in Wales where no network offers
   * 30 Mbit/s or more, November 2026 snapshot"), generated from the plan; with free SQL, the model's own.
   * Shown above every answer.
   */
  interpretation?: string;
  /** Markdown, narrated from the plan; with free SQL, the model's own. */
  explanation?: string;
  /** For system_info and unsupported questions: the planner's own words, if any. */
  message?: string;
  /** Said in the analysis when the planner fell back or assumed something. */
  notes: string[];
  /**
   * Other readings of the question, best first (at most MAX_ALTERNATIVES), offered under the answer as "Did you
   * mean" choices; choosing one answers its plan directly (AnswerRequest.plan).
   */
  alternatives?: AlternativeReading[];
}

export interface PlannerCall {
  question: string;
  entities: ResolvedEntity[];
  signal?: AbortSignal;
  /** The closest questions an expert verified, with their plans: examples for a language model's plan. */
  examples?: VerifiedExample[];
}

export interface RepairRequest extends PlannerCall {
  draft: PlannerDraft;
  failedSql: string;
  error: string;
  /** 1 for the first retry. */
  attempt: number;
}

export interface AnalyseRequest extends PlannerCall {
  draft: PlannerDraft;
  sql: string;
  result: AgentResultSet;
}

export interface Planner {
  readonly kind: 'builtin' | 'llm';
  /** `builtin` or the model id. */
  readonly model: string;
  draft(call: PlannerCall): Promise<PlannerDraft>;
  /** Corrected SQL, or null when this planner cannot repair. */
  repair(request: RepairRequest): Promise<string | null>;
  explain(request: { draft: PlannerDraft; sql: string } & PlannerCall): Promise<string>;
  analyse(request: AnalyseRequest): Promise<string>;
}
