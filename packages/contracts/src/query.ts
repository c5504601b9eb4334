import { z } from 'zod';
import { storableText } from './common.js';
import { QUESTION_MAX_LENGTH, sqlSourceSchema } from './screens.js';

/** The three datasets of the warehouse (docs/data-contract.md), the query tool's `available_databases`. */
export const datasetSchema = z.enum(['upc', 'upc_forecast', 'take_up']);
export type Dataset = z.infer<typeof datasetSchema>;

export const queryRequestSchema = z.object({
  prompt: storableText()
    .trim()
    .min(1, 'Prompt is required')
    .max(QUESTION_MAX_LENGTH, 'Prompt is too long (4000 characters at most)'),
  /** Optional id of the asking tab's progress websocket, so live progress reaches that browser only. */
  progress_channel: storableText().max(100).optional(),
});
export type QueryRequest = z.infer<typeof queryRequestSchema>;

export const classificationSchema = z.object({
  /** `data_query`, `system_info` or `unsupported`. */
  type: z.string(),
  confidence: z.number().min(0).max(1),
  reasoning: z.string(),
  suggested_databases: z.array(z.string()),
});
export type Classification = z.infer<typeof classificationSchema>;

export const progressEntrySchema = z.object({
  message: z.string(),
  timestamp: z.string().optional(),
  stage: z.string().optional(),
});
export type ProgressEntry = z.infer<typeof progressEntrySchema>;

/** What a result column holds, from the warehouse's own column type (so the browser never guesses). */
export const resultColumnTypeSchema = z.enum(['integer', 'number', 'text', 'date', 'boolean']);
export type ResultColumnType = z.infer<typeof resultColumnTypeSchema>;

/** One column of `csv_results`, in the same order as its header. */
export const resultColumnSchema = z.object({ name: z.string(), type: resultColumnTypeSchema });
export type ResultColumn = z.infer<typeof resultColumnSchema>;

/**
 * Another reading of the question, offered under an answer as a "Did you mean" choice. Addressed by its index
 * in the answer's list: the plan behind it stays on the server.
 */
export const alternativeSchema = z.object({
  /** The reading restated in one plain-English sentence, like `interpretation`. */
  interpretation: z.string(),
});
export type Alternative = z.infer<typeof alternativeSchema>;

/** The latest "Did you mean" choice made on a saved question: the reading it replaced, who chose, when. */
export const readingChoiceSchema = z.object({
  /** The interpretation of the answer the choice replaced (null when that answer had none). */
  previous_interpretation: z.string().nullable(),
  chosen_by: z.string(),
  chosen_at: z.string(),
});
export type ReadingChoice = z.infer<typeof readingChoiceSchema>;

/**
 * An expert's verification that vouches for an answer: the plan an admin verified for a question, shown as a
 * "Verified" badge on every answer whose plan has the same shape (the same plan with other places, networks,
 * technologies or dates). `query_id` is the verified question's detail page.
 */
export const verifiedBadgeSchema = z.object({
  id: z.string(),
  query_id: z.string().nullable(),
  /** The question as it was verified. */
  question: z.string(),
  interpretation: z.string(),
  verified_by: z.string(),
  verified_at: z.string(),
  /** How it was verified: the answer as given, an alternative reading picked, or a corrected plan. */
  method: z.enum(['answer', 'alternative', 'correction']),
});
export type VerifiedBadge = z.infer<typeof verifiedBadgeSchema>;

/** POST /api/query/{id}/alternatives/{index}: answer another reading of a saved question. */
export const chooseAlternativeRequestSchema = z.object({
  /** As for a question: the asking tab's progress channel. */
  progress_channel: z.string().max(100).optional(),
});
export type ChooseAlternativeRequest = z.infer<typeof chooseAlternativeRequestSchema>;

/** The query result (what POST /api/query and /api/query/v2 return). */
export const queryResultSchema = z.object({
  id: z.string().optional(),
  response_type: z.string().optional(),
  message: z.string().optional(),
  available_databases: z.array(z.string()).optional(),
  example_queries: z.array(z.string()).optional(),
  classification: classificationSchema.optional(),
  /** Which question was answered, in one plain-English sentence generated from the plan. */
  interpretation: z.string().nullable().optional(),
  csv_analysis: z.string().nullable().optional(),
  sql_query: z.string().nullable().optional(),
  csv_results: z.string().nullable().optional(),
  /** The type of each column of `csv_results` (null when there are no results). */
  result_columns: z.array(resultColumnSchema).nullable().optional(),
  sql_explanation: z.string().nullable().optional(),
  /** Extras beyond the original fields: how many rows came back, whether the row cap cut them, and timings. */
  row_count: z.number().int().optional(),
  truncated: z.boolean().optional(),
  planner: z.string().optional(),
  /** Other readings of the question, best first (at most three); empty when there are none. */
  alternatives: z.array(alternativeSchema).optional(),
  /** Set when this answer is a reading chosen under "Did you mean". */
  reading_choice: readingChoiceSchema.nullable().optional(),
  timings_ms: z.object({ agent: z.number(), warehouse: z.number(), total: z.number() }).optional(),
  /** Where the SQL came from: `generated` (the analyst), `user` (pasted as the question) or `edited`. */
  sql_source: sqlSourceSchema.optional(),
  /** For edited SQL: the saved query whose SQL was edited. */
  edited_from: z.string().nullable().optional(),
  /** The verification whose plan has this answer's shape, if any (the "Verified" badge). */
  verified: verifiedBadgeSchema.nullable().optional(),
});
export type QueryResult = z.infer<typeof queryResultSchema>;

export const feedbackRequestSchema = z.object({
  query_id: storableText().min(1).max(100),
  rating: z.boolean({ message: 'A rating (true or false) is required' }),
  comment: storableText().max(5000).optional().nullable(),
});
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

/** Live progress feed message: clients read `message`; `ping` is a keep-alive. */
export const liveFeedMessageSchema = z.object({
  message: z.string(),
  stage: z.string().optional(),
  timestamp: z.string().optional(),
  query_id: z.string().optional(),
  /** With stage 'queued': how many warehouse queries are ahead of this question's. */
  queue_ahead: z.number().int().min(0).optional(),
});
export type LiveFeedMessage = z.infer<typeof liveFeedMessageSchema>;
export const LIVE_FEED_PING = 'ping';
