/** The usage object (nested: this request and the session so far) from the ledger's token counts. */
import type { FlatUsage, NestedUsage } from '@qa/contracts';
import type { TokenUsage } from '../../analyst/llm/cost.js';

export interface SessionTotals {
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens: number;
  cache_write_tokens: number;
  cost_usd: number;
  requests: number;
}

export function flatUsage(usage: TokenUsage, costUsd: number): FlatUsage {
  return {
    input_tokens: usage.inputTokens,
    output_tokens: usage.outputTokens,
    cache_read_tokens: usage.cacheReadTokens,
    cache_write_tokens: usage.cacheWriteTokens,
    total_tokens: usage.inputTokens + usage.outputTokens,
    cost_usd: round(costUsd),
  };
}

const round = (value: number) => Math.round(value * 1e8) / 1e8;

export function nestedUsage({
  current,
  currentCostUsd,
  before,
  model,
  contextWindow,
}: {
  current: TokenUsage;
  currentCostUsd: number;
  /** The session's totals before this request. */
  before: SessionTotals;
  model: string;
  contextWindow: number;
}): NestedUsage {
  const input = before.input_tokens + current.inputTokens;
  const output = before.output_tokens + current.outputTokens;
  return {
    current_request: flatUsage(current, currentCostUsd),
    session_cumulative: {
      input_tokens: input,
      output_tokens: output,
      cache_read_tokens: before.cache_read_tokens + current.cacheReadTokens,
      cache_write_tokens: before.cache_write_tokens + current.cacheWriteTokens,
      total_tokens: input + output,
      cost_usd: round(before.cost_usd + currentCostUsd),
      requests: before.requests + 1,
    },
    model,
    context_window: contextWindow,
  };
}

export function sessionFlat(totals: SessionTotals): FlatUsage & { requests: number } {
  return {
    input_tokens: totals.input_tokens,
    output_tokens: totals.output_tokens,
    cache_read_tokens: totals.cache_read_tokens,
    cache_write_tokens: totals.cache_write_tokens,
    total_tokens: totals.input_tokens + totals.output_tokens,
    cost_usd: round(totals.cost_usd),
    requests: totals.requests,
  };
}
