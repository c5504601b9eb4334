export type { AuthUser, LoginRequest, LoginResponse } from './auth.js';
export {
  AUTH_TOKEN_STORAGE_KEY,
  authUserSchema,
  FEATURE_FLAG_V2_STORAGE_KEY,
  loginRequestSchema,
  loginResponseSchema,
  SELECTED_MODEL_STORAGE_KEY,
} from './auth.js';
export type {
  ChartCatalog,
  ChartEmbed,
  ChatHistory,
  ChatMessage,
  ChatMessageResponse,
  ChatModelsResponse,
  ChatRequest,
  ChatSessionSummary,
  ChatStreamEvent,
  FlatUsage,
  ModelInfo,
  ModelPricing,
  NestedUsage,
  ToolCall,
  ToolResult,
  UsageObject,
} from './chat.js';
export {
  chartCatalogSchema,
  chartEmbedSchema,
  chatHistorySchema,
  chatMessageResponseSchema,
  chatMessageSchema,
  chatModelsResponseSchema,
  chatRequestSchema,
  chatSessionSummarySchema,
  chatSessionsResponseSchema,
  chatStreamEventSchema,
  DEFAULT_CHART_HEIGHT_PX,
  EXPENSIVE_MODEL_WARNING,
  EXPENSIVE_OUTPUT_PRICE_USD,
  flatUsageSchema,
  LA_STATS_CHART_HEIGHT_PX,
  modelInfoSchema,
  modelPricingSchema,
  nestedUsageSchema,
  toolCallSchema,
  toolResultSchema,
  USD_PER_GBP,
  usageObjectSchema,
} from './chat.js';
export type { ErrorResponse, Role } from './common.js';
export {
  emailSchema,
  errorResponseSchema,
  PASSWORD_MIN_LENGTH,
  PASSWORD_POLICY_MESSAGES,
  passwordPolicyError,
  passwordSchema,
  roleSchema,
} from './common.js';
export type {
  ArchiveResponse,
  Comment,
  CreateCommentRequest,
  QueryDetail,
  QueryHistoryParams,
  QueryHistoryResponse,
  QueryRecord,
  RecentPrompt,
} from './history.js';
export {
  archiveResponseSchema,
  commentSchema,
  createCommentRequestSchema,
  HISTORY_PAGE_SIZE,
  queryDetailSchema,
  queryHistoryParamsSchema,
  queryHistoryResponseSchema,
  queryRecordSchema,
  RECENT_QUERIES_PAGE_SIZE,
  recentPromptSchema,
} from './history.js';
export type { LogEntry } from './logs.js';
export { LIVE_FEED_RECONNECT_MS, LOG_PANEL_CAP, logEntrySchema } from './logs.js';
export type { CustomMcpConfig, McpServer, McpServersResponse, McpTier } from './mcp.js';
export {
  addCustomMcpServerRequestSchema,
  customMcpConfigError,
  customMcpConfigSchema,
  MCP_CONFIG_MESSAGES,
  MCP_CONFIG_PLACEHOLDER,
  mcpServerSchema,
  mcpServersResponseSchema,
  mcpTierSchema,
  mcpToggleRequestSchema,
} from './mcp.js';
export type {
  Classification,
  Dataset,
  FeedbackRequest,
  LiveFeedMessage,
  ProgressEntry,
  QueryRequest,
  QueryResult,
} from './query.js';
export {
  classificationSchema,
  datasetSchema,
  feedbackRequestSchema,
  LIVE_FEED_PING,
  liveFeedMessageSchema,
  progressEntrySchema,
  queryRequestSchema,
  queryResultSchema,
} from './query.js';
export type {
  CreateUserRequest,
  MessageResponse,
  MonthlyUsage,
  RequestPasswordReset,
  SetPasswordRequest,
  TotalUsageResponse,
  UpdateUserRequest,
  UsageResponse,
  User,
} from './users.js';
export {
  createUserRequestSchema,
  messageResponseSchema,
  monthlyUsageSchema,
  requestPasswordResetSchema,
  setPasswordRequestSchema,
  totalUsageResponseSchema,
  updateUserRequestSchema,
  usageResponseSchema,
  userSchema,
} from './users.js';
