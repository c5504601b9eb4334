import { z } from 'zod';
import { storableText } from './common.js';
import { alternativeSchema, verifiedBadgeSchema } from './query.js';

export const chatRequestSchema = z.object({
  message: storableText().trim().min(1, 'Message cannot be empty').max(20000),
  session_id: storableText().min(1).max(100),
  model: storableText().min(1).max(200).optional(),
  /**
   * Regenerate or edit-and-resend: the position (0-based, among the conversation's questions) of the question
   * this message replaces; that question and everything after it are removed before the new turn.
   */
  replace_from: z.number().int().min(0).optional(),
  /**
   * A "Did you mean" choice: the index of one of the alternatives of the conversation's latest answer. That
   * reading's plan is answered directly (with the built-in analyst); `message` is what the conversation shows.
   */
  alternative: z.number().int().min(0).optional(),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

export const flatUsageSchema = z.object({
  input_tokens: z.number(),
  output_tokens: z.number(),
  cache_read_tokens: z.number(),
  cache_write_tokens: z.number(),
  total_tokens: z.number(),
  cost_usd: z.number().optional(),
});
export type FlatUsage = z.infer<typeof flatUsageSchema>;

/** The usage object, nested form: this request and the session so far. */
export const nestedUsageSchema = z.object({
  current_request: flatUsageSchema,
  session_cumulative: flatUsageSchema.extend({ requests: z.number() }),
  model: z.string().optional(),
  context_window: z.number().optional(),
});
export type NestedUsage = z.infer<typeof nestedUsageSchema>;
export const usageObjectSchema = z.union([nestedUsageSchema, flatUsageSchema]);
export type UsageObject = z.infer<typeof usageObjectSchema>;

export const toolCallSchema = z.object({
  tool_call_id: z.string(),
  tool_name: z.string(),
  args: z.unknown(),
  is_mcp: z.boolean(),
});
export type ToolCall = z.infer<typeof toolCallSchema>;

export const toolResultSchema = z.object({
  tool_call_id: z.string(),
  tool_name: z.string(),
  result: z.unknown(),
  details: z.object({ result_length: z.number() }).passthrough(),
});
export type ToolResult = z.infer<typeof toolResultSchema>;

export const chatMessageSchema = z.object({
  id: z.string(),
  type: z.enum(['user', 'assistant', 'error']),
  content: z.string(),
  timestamp: z.string(),
  usage: usageObjectSchema.optional(),
  tool_calls: z.array(toolCallSchema).optional(),
  tool_results: z.array(toolResultSchema).optional(),
  model: z.string().optional(),
  /** Other readings of the question this answer read (the built-in analyst), as "Did you mean" choices. */
  alternatives: z.array(alternativeSchema).optional(),
  /** The verification whose plan has this answer's shape, if any (the "Verified" badge). */
  verified: verifiedBadgeSchema.optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The chat stream events: the `data: ` lines of POST /api/chat/message/stream. */
export const chatStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('typing_start') }),
  z.object({ type: z.literal('text_delta'), delta: z.string() }),
  z.object({ type: z.literal('tool_preparing'), tool_call_id: z.string().optional(), tool_name: z.string() }),
  z.object({
    type: z.literal('tool_args_streaming'),
    tool_call_id: z.string().optional(),
    delta: z.string(),
  }),
  z.object({ type: z.literal('thinking_stream'), delta: z.string() }),
  z.object({ type: z.literal('tool_call') }).extend(toolCallSchema.shape),
  z.object({ type: z.literal('tool_result') }).extend(toolResultSchema.shape),
  z.object({ type: z.literal('typing_end') }),
  z.object({ type: z.literal('message_complete'), message: chatMessageSchema }),
  z.object({ type: z.literal('usage_update'), usage: usageObjectSchema }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type ChatStreamEvent = z.infer<typeof chatStreamEventSchema>;

export const chatHistorySchema = z.object({
  session_id: z.string(),
  messages: z.array(chatMessageSchema),
  usage: nestedUsageSchema.shape.session_cumulative.optional(),
});
export type ChatHistory = z.infer<typeof chatHistorySchema>;

/** POST /api/chat/sessions/{id}/share: the conversation's stable read-only link for other signed-in users. */
export const chatShareResponseSchema = z.object({ share_id: z.string(), path: z.string() });
export type ChatShareResponse = z.infer<typeof chatShareResponseSchema>;

/** GET /api/chat/shared/{shareId}: a shared conversation, read-only. */
export const sharedConversationSchema = z.object({
  title: z.string(),
  owner_email: z.string(),
  messages: z.array(chatMessageSchema),
});
export type SharedConversation = z.infer<typeof sharedConversationSchema>;

/** A model's prices (USD per million tokens) and context window. */
export const modelPricingSchema = z.object({
  input_tokens: z.number(),
  output_tokens: z.number(),
  cache_read_tokens: z.number(),
  cache_write_tokens: z.number(),
  audio_tokens: z.number(),
  extended_input_tokens: z.number().optional(),
  extended_output_tokens: z.number().optional(),
  context_window: z.number(),
  default: z.boolean().optional(),
});
export type ModelPricing = z.infer<typeof modelPricingSchema>;

export const modelInfoSchema = z.object({
  id: z.string(),
  label: z.string(),
  provider: z.string(),
  pricing: modelPricingSchema,
  expensive: z.boolean(),
  available: z.boolean(),
});
export type ModelInfo = z.infer<typeof modelInfoSchema>;

export const EXPENSIVE_OUTPUT_PRICE_USD = 10;
export const EXPENSIVE_MODEL_WARNING = 'this model is expensive';
export const USD_PER_GBP = 1.35;

/** The chart catalog: charts keyed by path, each with its title, periods and formats. */
export const chartCatalogSchema = z.object({
  charts: z.record(
    z.string(),
    z.object({ title: z.string(), public_periods: z.array(z.string()), formats: z.array(z.string()) }),
  ),
  example_url: z.string(),
  note: z.string(),
});
export type ChartCatalog = z.infer<typeof chartCatalogSchema>;

/** GET /api/chat/models: the models the picker offers (configured providers plus the built-in analyst). */
export const chatModelsResponseSchema = z.object({
  models: z.array(modelInfoSchema),
  default_model: z.string(),
});
export type ChatModelsResponse = z.infer<typeof chatModelsResponseSchema>;

/** GET /api/chat/sessions: the signed-in user's past conversations, newest first. */
export const chatSessionSummarySchema = z.object({
  session_id: z.string(),
  title: z.string(),
  updated_at: z.string(),
  message_count: z.number().int(),
  /** With a search: the matching words in context (plain text). */
  snippet: z.string().optional(),
});
export type ChatSessionSummary = z.infer<typeof chatSessionSummarySchema>;
export const chatSessionsResponseSchema = z.object({ sessions: z.array(chatSessionSummarySchema) });

/** GET /api/chat/sessions?q=: full-text search over the user's conversations (titles and messages). */
export const chatSessionsQuerySchema = z.object({ q: storableText().trim().max(200).optional() });
export type ChatSessionsQuery = z.infer<typeof chatSessionsQuerySchema>;

/** PATCH /api/chat/sessions/{id}: rename a conversation. */
export const chatSessionRenameSchema = z.object({
  title: storableText().trim().min(1, 'Title cannot be empty').max(80),
});
export type ChatSessionRename = z.infer<typeof chatSessionRenameSchema>;

/** POST /api/chat/message (the older, non-streaming chat): the whole reply at once. */
export const chatMessageResponseSchema = z.object({
  message: chatMessageSchema,
  usage: usageObjectSchema.optional(),
});
export type ChatMessageResponse = z.infer<typeof chatMessageResponseSchema>;

/**
 * A chart or map produced by a tool. The tool result carries `chart` and the web embeds `url` (a page the
 * server renders from a declarative spec) in an iframe: 400 px high for kind 'la_stats', 500 otherwise.
 */
export const chartEmbedSchema = z.object({
  url: z.string(),
  kind: z.string(),
  title: z.string(),
});
export type ChartEmbed = z.infer<typeof chartEmbedSchema>;
export const LA_STATS_CHART_HEIGHT_PX = 400;
export const DEFAULT_CHART_HEIGHT_PX = 500;
