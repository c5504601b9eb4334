/**
 * The planner seam: what turns a question into a classification and SQL, repairs SQL that failed, explains it
 * and analyses its result. Two implementations: the built-in analyst (builtin-planner.ts, deterministic, no
 * network) and an LLM through the AI SDK (llm-planner.ts). The pipeline (query-agent.ts) owns everything else:
 * entity resolution, the guard, running SQL, retries, cross-checking and progress.
 */
import type { Dataset } from '@qa/contracts';
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
  /** For data questions. */
  sql?: string;
  /**
   * One plain-English sentence saying which question is answered ("Premises in Wales where no network offers
   * 30 Mbit/s or more, November 2026 snapshot"): the built-in analyst generates it from its plan, the LLM
   * returns it in its structured output. Shown above every answer.
   */
  interpretation?: string;
  /** Markdown; the LLM writes it with the SQL, the built-in analyst from its plan. */
  explanation?: string;
  /** For system_info and unsupported questions: the planner's own words, if any. */
  message?: string;
  /** Said in the analysis when the planner fell back or assumed something. */
  notes: string[];
}

export interface PlannerCall {
  question: string;
  entities: ResolvedEntity[];
  signal?: AbortSignal;
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
