/**
 * Kysely table types of the app database. Later features add their tables here (one interface per table and one
 * line in Database) together with a migration in ./migrations.
 *
 * Both drivers are configured to return numeric and bigint columns as JS numbers, timestamptz as Date and date as
 * 'YYYY-MM-DD' strings (see database.ts), so these types hold for PGlite and PostgreSQL alike.
 */

import type { ResultColumn, Role } from '@qa/contracts';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface UsersTable {
  id: Generated<string>;
  /** Always stored trimmed and lower-cased; unique. */
  email: string;
  /** argon2id hash; null until the user sets a password through an invitation link. */
  password_hash: string | null;
  role: ColumnType<Role, Role | undefined, Role>;
  /** The first admin, created on the first start: cannot be deleted or demoted. */
  is_protected: ColumnType<boolean, boolean | undefined, boolean>;
  monthly_budget_usd: number | null;
  created_at: CreatedAt;
  last_login: NullableTimestamp;
  /**
   * Moves on when the user's sessions must end (sign-out everywhere, a new password, a role change): tokens
   * signed with an older version are refused.
   */
  session_version: ColumnType<number, number | undefined, number>;
}

export type PasswordTokenPurpose = 'reset' | 'invite';

export interface PasswordTokensTable {
  id: Generated<string>;
  user_id: string;
  /** SHA-256 (hex) of the random token; the token itself is only ever in the e-mail. */
  token_hash: string;
  purpose: PasswordTokenPurpose;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface RevokedTokensTable {
  /** The JWT's jti. */
  jti: string;
  /** The token's own expiry: after it the row is useless and is purged. */
  expires_at: Timestamp;
}

export type UsageSource = 'chat' | 'query';

/** The usage ledger: one row per model call (or per answered message), filled by the chat and query features. */
export interface LlmUsageTable {
  id: Generated<string>;
  /** Null once the user has been deleted: their spend still counts in the totals. */
  user_id: string | null;
  session_id: string | null;
  /** Rows of one user message share it, so message_count counts messages, not calls; null counts each row. */
  message_id: string | null;
  source: UsageSource;
  model: string;
  input_tokens: ColumnType<number, number | undefined, number>;
  output_tokens: ColumnType<number, number | undefined, number>;
  cache_read_tokens: ColumnType<number, number | undefined, number>;
  cache_write_tokens: ColumnType<number, number | undefined, number>;
  cost_usd: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  audio_tokens: ColumnType<number, number | undefined, number>;
  /** The model table version the cost was computed with (analyst/llm/model-table.ts). */
  price_version: string | null;
}

/** A stored progress message: the text shown, with its time and stage. */
export interface ProgressLogEntry {
  message: string;
  stage?: string;
  timestamp?: string;
}

export interface StoredClassification {
  type: string;
  confidence: number;
  reasoning: string;
  suggested_databases: string[];
}

type Json<T> = ColumnType<T, T | string, T | string>;
type NullableJson<T> = ColumnType<T | null, T | string | null | undefined, T | string | null>;

/** One question asked in the query tool, with its answer (what the history and detail pages show). */
export interface QueriesTable {
  id: Generated<string>;
  user_id: string | null;
  user_email: string;
  prompt: string;
  created_at: CreatedAt;
  /** data_query, system_info, unsupported or error. */
  response_type: string;
  message: string | null;
  classification: NullableJson<StoredClassification>;
  /** The one-sentence restatement of the question answered (null for queries saved before it existed). */
  interpretation: ColumnType<string | null, string | null | undefined, string | null>;
  available_databases: NullableJson<string[]>;
  example_queries: NullableJson<string[]>;
  sql_query: string | null;
  sql_explanation: string | null;
  csv_results: string | null;
  /** The type of each column of csv_results (null for queries saved before types were recorded). */
  result_columns: NullableJson<ResultColumn[]>;
  csv_analysis: string | null;
  progress_log: Json<ProgressLogEntry[]>;
  /** builtin or llm. */
  planner: string;
  model: string | null;
  row_count: number | null;
  truncated: ColumnType<boolean, boolean | undefined, boolean>;
  agent_ms: ColumnType<number, number | undefined, number>;
  warehouse_ms: ColumnType<number, number | undefined, number>;
  total_ms: ColumnType<number, number | undefined, number>;
  is_archived: ColumnType<boolean, boolean | undefined, boolean>;
  archived_by: string | null;
  archived_at: NullableTimestamp;
  feedback_rating: boolean | null;
  feedback_comment: string | null;
  /** The semantic plan answered (null for free SQL, answers that are not data, and older queries). */
  plan: NullableJson<Record<string, unknown>>;
  /** The other readings offered under the answer, best first (null for older queries). */
  alternatives: NullableJson<StoredAlternative[]>;
  /** Where the SQL came from: generated (the analyst), user (pasted as the question) or edited. */
  sql_source: ColumnType<string, string | undefined, string>;
  /** For edited SQL: the saved query whose SQL was edited (null once that query is gone). */
  edited_from: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A "Did you mean" reading as stored: its sentence and the plan it answers. */
export interface StoredAlternative {
  interpretation: string;
  plan: Record<string, unknown>;
}

/** One "Did you mean" choice on a query: the reading chosen, the answer it replaced, who chose and when. */
export interface QueryReadingChoicesTable {
  id: Generated<string>;
  query_id: string;
  alternative_index: number;
  chosen_interpretation: string;
  chosen_plan: Json<Record<string, unknown>>;
  previous_interpretation: string | null;
  previous_plan: NullableJson<Record<string, unknown>>;
  previous_sql: string | null;
  user_id: string | null;
  user_email: string;
  created_at: CreatedAt;
}

export type VerificationMethod = 'answer' | 'alternative' | 'correction';

export interface VerifiedAnswersTable {
  id: Generated<string>;
  query_id: string | null;
  question: string;
  plan: Json<Record<string, unknown>>;
  interpretation: string;
  shape_key: string;
  method: VerificationMethod;
  verified_by_id: string | null;
  verified_by_email: string;
  verified_at: CreatedAt;
  revoked_by_email: string | null;
  revoked_at: NullableTimestamp;
}

export type ReviewAction = 'verify' | 'revoke' | 'correct';

export interface ReviewEventsTable {
  id: Generated<string>;
  query_id: string | null;
  verified_id: string | null;
  action: ReviewAction;
  plan: NullableJson<Record<string, unknown>>;
  interpretation: string | null;
  previous_plan: NullableJson<Record<string, unknown>>;
  previous_interpretation: string | null;
  previous_sql: string | null;
  user_id: string | null;
  user_email: string;
  created_at: CreatedAt;
}

export interface QueryCommentsTable {
  id: Generated<string>;
  query_id: string;
  user_id: string | null;
  user_email: string;
  comment_text: string;
  created_at: CreatedAt;
}

export interface QueryFeedbackTable {
  id: Generated<string>;
  query_id: string;
  user_id: string;
  rating: boolean;
  comment: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A chat conversation (its id is made by the browser when the chat page loads). */
export interface ChatSessionsTable {
  id: string;
  user_id: string;
  /** The first user message, shortened. */
  title: string;
  /** Set once the owner shares it read-only: the stable part of its link (migration 0013). */
  share_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type ChatMessageType = 'user' | 'assistant' | 'error';

/** One chat message; assistant messages keep their tool calls, tool results and usage. */
export interface ChatMessagesTable {
  id: string;
  session_id: string;
  type: ChatMessageType;
  content: string;
  model: string | null;
  tool_calls: Json<unknown[]>;
  tool_results: Json<unknown[]>;
  usage: NullableJson<Record<string, unknown>>;
  aborted: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  /** The built-in model's plan for this answer, for follow-ups (null for other answers). */
  plan: NullableJson<Record<string, unknown>>;
}

/** A chart or map drawn by a chat tool: a declarative spec served as a page at /api/charts/{id}. */
export interface ChartsTable {
  id: string;
  user_id: string;
  session_id: string | null;
  kind: string;
  title: string;
  spec: Json<Record<string, unknown>>;
  created_at: CreatedAt;
  /** The query it was drawn from (the query tool's visual): the chart is seen by whoever may see that query. */
  query_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A custom stdio MCP server a user added (its config: command, optional args and env). */
export interface McpUserServersTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  command: string;
  args: Json<string[]>;
  env: Json<Record<string, string>>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

/** A user's on/off choice for an optional MCP server. */
export interface McpServerSettingsTable {
  user_id: string;
  server_id: string;
  enabled: boolean;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface Database {
  users: UsersTable;
  password_tokens: PasswordTokensTable;
  revoked_tokens: RevokedTokensTable;
  llm_usage: LlmUsageTable;
  queries: QueriesTable;
  query_comments: QueryCommentsTable;
  query_feedback: QueryFeedbackTable;
  query_reading_choices: QueryReadingChoicesTable;
  verified_answers: VerifiedAnswersTable;
  review_events: ReviewEventsTable;
  chat_sessions: ChatSessionsTable;
  chat_messages: ChatMessagesTable;
  charts: ChartsTable;
  mcp_user_servers: McpUserServersTable;
  mcp_server_settings: McpServerSettingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type PasswordTokenRow = Selectable<PasswordTokensTable>;
export type NewLlmUsageRow = Insertable<LlmUsageTable>;
export type QueryRow = Selectable<QueriesTable>;
export type NewQueryRow = Insertable<QueriesTable>;
export type CommentRow = Selectable<QueryCommentsTable>;
