/**
 * The LLM layer, shared by the query tool and the chat: the versioned model table with its prices, the provider
 * registry built from the environment, token usage and its cost, the ledger (recordUsage) and the monthly
 * budget check (assertWithinBudget, to call before any model call). Test doubles live in apps/api/test/support:
 * scripted-model.ts (an AI SDK model answering from a script) and loopback-openai.ts (an OpenAI-compatible HTTP
 * server on 127.0.0.1).
 */
export { addUsage, costOf, type TokenUsage, tokenUsageFrom, ZERO_USAGE } from './cost.js';
export {
  BUILTIN_MODEL,
  BUILTIN_MODEL_ID,
  COMPATIBLE_PREFIX,
  DEFAULT_MODEL_ID,
  EXTENDED_CONTEXT_THRESHOLD_TOKENS,
  findModel,
  MODEL_TABLE,
  MODEL_TABLE_VERSION,
  type ModelEntry,
  type ModelPrices,
  type ProviderId,
  toModelInfo,
} from './model-table.js';
export { createModelRegistry, type ModelRegistry, type RegistryOptions } from './providers.js';
export {
  assertWithinBudget,
  type BudgetStatus,
  budgetStatus,
  londonMonthBounds,
  monthToDateSpend,
  type RecordedUsage,
  recordUsage,
  type UsageRecord,
} from './usage.js';
