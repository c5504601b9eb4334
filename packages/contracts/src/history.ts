import { z } from 'zod';
import { storableText } from './common.js';
import {
  alternativeSchema,
  classificationSchema,
  progressEntrySchema,
  readingChoiceSchema,
  resultColumnSchema,
  verifiedBadgeSchema,
} from './query.js';
import { sqlSourceSchema } from './screens.js';

export const HISTORY_PAGE_SIZE = 15;
export const RECENT_QUERIES_PAGE_SIZE = 5;

/** A saved query (history list and detail). */
export const queryRecordSchema = z.object({
  id: z.string(),
  prompt: z.string(),
  user_email: z.string(),
  timestamp: z.string(),
  is_archived: z.boolean(),
  archived_by: z.string().nullable(),
  archived_at: z.string().nullable(),
  sql_query: z.string().nullable(),
  sql_explanation: z.string().nullable(),
  csv_results: z.string().nullable(),
  /** The type of each column of `csv_results` (null for queries saved before types were recorded). */
  result_columns: z.array(resultColumnSchema).nullable(),
  csv_analysis: z.string().nullable(),
  /** A JSON string or an array of entries each with a message. */
  progress_log: z.union([z.string(), z.array(progressEntrySchema)]).nullable(),
  feedback_rating: z.boolean().nullable(),
  feedback_comment: z.string().nullable(),
  classification: classificationSchema.nullable().optional(),
  /** Which question was answered, in one sentence (null for queries saved before it was recorded). */
  interpretation: z.string().nullable().optional(),
  response_type: z.string().nullable().optional(),
  message: z.string().nullable().optional(),
  /** Where the SQL came from: `generated` (the analyst), `user` (pasted as the question) or `edited`. */
  sql_source: sqlSourceSchema.optional(),
  /** For edited SQL: the saved query whose SQL was edited. */
  edited_from: z.string().nullable().optional(),
});
export type QueryRecord = z.infer<typeof queryRecordSchema>;

export const queryDetailSchema = queryRecordSchema.extend({
  can_archive: z.boolean(),
  /** The other readings offered under the answer ("Did you mean"); empty when there are none. */
  alternatives: z.array(alternativeSchema),
  /** The latest reading chosen among them, and by whom (null when the answer is the first reading). */
  reading_choice: readingChoiceSchema.nullable(),
  /** Whether this user may choose another reading (the owner or an admin). */
  can_choose: z.boolean(),
  /** The verification whose plan has this answer's shape, if any (the "Verified" badge). */
  verified: verifiedBadgeSchema.nullable(),
  /** Whether this user may verify the answer or take a verification back (admins). */
  can_verify: z.boolean(),
});
export type QueryDetail = z.infer<typeof queryDetailSchema>;

export const queryHistoryParamsSchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(HISTORY_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
  show_archived: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .default(false)
    .transform((v) => v === true || v === 'true'),
  /** Words in the question, SQL or analysis (PostgreSQL full-text search). */
  q: storableText().trim().max(200).optional(),
  /** Part of the asker's e-mail address. */
  asker: storableText().trim().max(254).optional(),
  /** Asked on or after / on or before these days (YYYY-MM-DD, UTC). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  rating: z.enum(['up', 'down', 'none']).optional(),
  /** Only the signed-in user's own questions (the home page's "Mine"). */
  mine: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .default(false)
    .transform((v) => v === true || v === 'true'),
  /**
   * Only questions answered with data (the home page's "Everyone" leaves out questions the data could not
   * answer, and failed ones: a first visit does not open on other users' test inputs).
   */
  answered: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .default(false)
    .transform((v) => v === true || v === 'true'),
});
export type QueryHistoryParams = z.input<typeof queryHistoryParamsSchema>;

export const queryHistoryResponseSchema = z.object({
  items: z.array(queryRecordSchema),
  hasMore: z.boolean(),
});
export type QueryHistoryResponse = z.infer<typeof queryHistoryResponseSchema>;

export const recentPromptSchema = z.object({
  id: z.string(),
  prompt: z.string(),
  user_email: z.string(),
  timestamp: z.string(),
  feedback_rating: z.boolean().nullable(),
  feedback_comment: z.string().nullable(),
  sql_source: sqlSourceSchema.optional(),
});
export type RecentPrompt = z.infer<typeof recentPromptSchema>;

export const archiveResponseSchema = z.object({ is_archived: z.boolean() });
export type ArchiveResponse = z.infer<typeof archiveResponseSchema>;

export const commentSchema = z.object({
  id: z.string(),
  user_email: z.string(),
  created_at: z.string(),
  comment_text: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

export const createCommentRequestSchema = z.object({
  comment_text: storableText().trim().min(1, 'Comment cannot be empty').max(5000),
});
export type CreateCommentRequest = z.infer<typeof createCommentRequestSchema>;
