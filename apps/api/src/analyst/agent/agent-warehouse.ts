/**
 * What the query agent needs from the warehouse, as one small seam: run guarded SQL, check SQL with the guard,
 * and read the semantic catalog (its markdown for prompts, its datasets and example questions for system_info
 * answers). The @qa/warehouse package satisfies it through fromWarehouse() in warehouse-adapter.ts; tests may
 * pass any implementation.
 */
import type { Dataset } from '@qa/contracts';

export interface AgentColumn {
  name: string;
  type: string;
}

export interface AgentResultSet {
  columns: AgentColumn[];
  rows: unknown[][];
  rowCount: number;
  truncated: boolean;
  elapsedMs: number;
}

export type GuardOutcome =
  /** `sql` is what may run (the guard may add the row cap). */
  | { ok: true; sql: string }
  /** A clear reason, e.g. "Unknown column 'premisess' in upc_output; valid columns: ...". */
  | { ok: false; reason: string };

export interface CatalogDataset {
  name: Dataset;
  title: string;
  description: string;
}

export interface AgentWarehouse {
  /** Runs SQL the guard accepted. Rejects with the engine's error message on failure. */
  query(
    sql: string,
    options: { rowLimit: number; timeoutMs: number; signal?: AbortSignal },
  ): Promise<AgentResultSet>;
  guard(sql: string, options: { rowLimit: number }): Promise<GuardOutcome>;
  /** The whole semantic catalog as markdown (sent in full to the LLM). */
  catalogMarkdown(): string;
  datasets(): CatalogDataset[];
  /** Example questions from the catalog, for system_info and unsupported answers. */
  exampleQuestions(): string[];
  /** Table -> columns, for repair prompts ("the valid names are ..."). */
  tableColumns(): Record<string, string[]>;
  /**
   * The snapshot months, forecast points and take-up quarters, read from the warehouse's small date tables
   * (trusted SQL, no scan of the time-series views). Absent in test doubles: callers then read the contract views.
   */
  calendar?(): Promise<{ months: string[]; forecastDates: string[]; quarters: string[] }>;
  /**
   * Identifies the warehouse build (changes when it is rebuilt or replaced), so cached results are never served
   * from an old build; absent or undefined = unknown, nothing is cached.
   */
  buildId?(): string | undefined;
}
