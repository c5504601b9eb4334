/**
 * Token usage in one provider-neutral shape, and its cost from the model table.
 *
 * `inputTokens` is the whole prompt as the provider reports it, cached tokens included; the cache counts say how
 * much of it was read from or written to a prompt cache. So the uncached part is input - cacheRead - cacheWrite,
 * and each part is charged at its own price. Long-context prices apply when the prompt exceeds 200k tokens.
 */
import type { LanguageModelUsage } from 'ai';
import { EXTENDED_CONTEXT_THRESHOLD_TOKENS, type ModelEntry, type ModelPrices } from './model-table.js';

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  /** Audio input tokens, when the provider reports them (charged at the audio price instead of input). */
  audioTokens: number;
}

export const ZERO_USAGE: TokenUsage = {
  inputTokens: 0,
  outputTokens: 0,
  cacheReadTokens: 0,
  cacheWriteTokens: 0,
  audioTokens: 0,
};

const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;

/** The AI SDK's usage (generateText, streamText, generateObject, a step) in the ledger's shape. */
export function tokenUsageFrom(usage: Partial<LanguageModelUsage> | undefined): TokenUsage {
  if (!usage) return { ...ZERO_USAGE };
  const raw = (usage.raw ?? {}) as Record<string, unknown>;
  const promptDetails = (raw.prompt_tokens_details ?? {}) as Record<string, unknown>;
  return {
    inputTokens: count(usage.inputTokens),
    outputTokens: count(usage.outputTokens),
    cacheReadTokens: count(usage.inputTokenDetails?.cacheReadTokens ?? usage.cachedInputTokens),
    cacheWriteTokens: count(usage.inputTokenDetails?.cacheWriteTokens),
    audioTokens: count(promptDetails.audio_tokens),
  };
}

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
    cacheWriteTokens: a.cacheWriteTokens + b.cacheWriteTokens,
    audioTokens: a.audioTokens + b.audioTokens,
  };
}

function pricesFor(pricing: ModelPrices, inputTokens: number) {
  const extended =
    inputTokens > EXTENDED_CONTEXT_THRESHOLD_TOKENS && pricing.extended_input_tokens !== undefined;
  if (!extended) {
    return {
      input: pricing.input_tokens,
      output: pricing.output_tokens,
      cacheRead: pricing.cache_read_tokens,
      cacheWrite: pricing.cache_write_tokens,
    };
  }
  return {
    input: pricing.extended_input_tokens ?? pricing.input_tokens,
    output: pricing.extended_output_tokens ?? pricing.output_tokens,
    cacheRead: pricing.extended_cache_read_tokens ?? pricing.cache_read_tokens,
    cacheWrite: pricing.extended_cache_write_tokens ?? pricing.cache_write_tokens,
  };
}

/** Cost in USD, rounded to the ledger's 8 decimals. */
export function costOf(model: Pick<ModelEntry, 'pricing'>, usage: TokenUsage): number {
  const price = pricesFor(model.pricing, usage.inputTokens);
  const cached = usage.cacheReadTokens + usage.cacheWriteTokens;
  const audio = Math.min(usage.audioTokens, Math.max(0, usage.inputTokens - cached));
  const uncached = Math.max(0, usage.inputTokens - cached - audio);
  const dollars =
    (uncached * price.input +
      audio * model.pricing.audio_tokens +
      usage.cacheReadTokens * price.cacheRead +
      usage.cacheWriteTokens * price.cacheWrite +
      usage.outputTokens * price.output) /
    1_000_000;
  return Math.round(dollars * 1e8) / 1e8;
}
