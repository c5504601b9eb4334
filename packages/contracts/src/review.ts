/**
 * Verified answers and the review queue (docs/product.md#verified-answers): admins verify an answer's plan, take a
 * verification back, and correct readings from the queue of answers that need a reviewer.
 */
import { z } from 'zod';
import { alternativeSchema, classificationSchema, verifiedBadgeSchema } from './query.js';

/** A plan as JSON (the semantic plan of docs/semantic-plan.md); the server checks it against the data. */
export const planJsonSchema = z.record(z.string(), z.unknown());

/**
 * POST /api/verified/queries/{id}: verify a saved question's reading. Without `plan` or `alternative_index` the
 * answer as given is verified; with `alternative_index` that "Did you mean" reading; with `plan` a corrected
 * reading. A reading other than the answer's own is answered first and replaces the answer (the replaced one is
 * kept in the review trail).
 */
export const verifyRequestSchema = z
  .object({
    plan: planJsonSchema.optional(),
    alternative_index: z.number().int().min(0).optional(),
    progress_channel: z.string().max(100).optional(),
  })
  .refine((body) => !(body.plan && body.alternative_index !== undefined), {
    message: 'Give a plan or an alternative_index, not both',
  });
export type VerifyRequest = z.infer<typeof verifyRequestSchema>;

/** POST /api/review/queries/{id}/preview: a reading's answer, not saved (a plan, or one of its alternatives). */
export const previewRequestSchema = z
  .object({ plan: planJsonSchema.optional(), alternative_index: z.number().int().min(0).optional() })
  .refine((body) => (body.plan === undefined) !== (body.alternative_index === undefined), {
    message: 'Give a plan or an alternative_index',
  });
export type PreviewRequest = z.infer<typeof previewRequestSchema>;

export const REVIEW_REASONS = ['low_confidence', 'thumbs_down', 'comment', 'reading_choice'] as const;
export const reviewReasonSchema = z.enum(REVIEW_REASONS);
export type ReviewReason = z.infer<typeof reviewReasonSchema>;

/** Answers below this confidence need a reviewer. */
export const REVIEW_CONFIDENCE_BELOW = 0.8;

export const reviewItemSchema = z.object({
  id: z.string(),
  prompt: z.string(),
  user_email: z.string(),
  timestamp: z.string(),
  response_type: z.string().nullable(),
  interpretation: z.string().nullable(),
  classification: classificationSchema.nullable(),
  alternatives: z.array(alternativeSchema),
  /** Why it needs a reviewer. */
  reasons: z.array(reviewReasonSchema),
  feedback_rating: z.boolean().nullable(),
  feedback_comment: z.string().nullable(),
  comment_count: z.number().int(),
  sql_query: z.string().nullable(),
  csv_results: z.string().nullable(),
  row_count: z.number().int().nullable(),
  /** The plan answered (null for free SQL and answers that are not data). */
  plan: planJsonSchema.nullable(),
  /** The verification vouching for this answer's shape, if any. */
  verified: verifiedBadgeSchema.nullable(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const reviewQueueParamsSchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
  /** Also list answers already vouched for by a verification. */
  include_verified: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .default(false)
    .transform((v) => v === true || v === 'true'),
});
export type ReviewQueueParams = z.infer<typeof reviewQueueParamsSchema>;

export const reviewQueueResponseSchema = z.object({
  items: z.array(reviewItemSchema),
  hasMore: z.boolean(),
});
export type ReviewQueueResponse = z.infer<typeof reviewQueueResponseSchema>;

const choiceSchema = z.object({ id: z.string(), label: z.string() });

/** The semantic model's choices for each field of the correction form (GET /api/review/choices). */
export const reviewChoicesSchema = z.object({
  datasets: z.array(choiceSchema),
  measures: z.array(choiceSchema),
  dimensions: z.array(choiceSchema),
  technologies: z.array(choiceSchema),
  place_levels: z.array(choiceSchema),
  networks: z.array(z.string()),
  regions: z.array(z.string()),
  nations: z.array(z.string()),
  local_authorities: z.array(z.string()),
  latest: z.string(),
  earliest: z.string(),
});
export type ReviewChoices = z.infer<typeof reviewChoicesSchema>;

/** One change a reviewer made (GET /api/review/queries/{id}/events). */
export const reviewEventSchema = z.object({
  id: z.string(),
  action: z.enum(['verify', 'revoke', 'correct']),
  interpretation: z.string().nullable(),
  previous_interpretation: z.string().nullable(),
  user_email: z.string(),
  created_at: z.string(),
});
export type ReviewEvent = z.infer<typeof reviewEventSchema>;

export const verificationListSchema = z.object({ items: z.array(verifiedBadgeSchema) });
export type VerificationList = z.infer<typeof verificationListSchema>;
