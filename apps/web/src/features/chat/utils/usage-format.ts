/**
 * Formats for the chat: costs in pounds (dollars / 1.35; '<1p' for a cost above zero but below a penny,
 * pence below £1, 'No cost' when nothing was charged), token counts abbreviated with K and M, and the context
 * badge colour (green under 50%, yellow under 80%, red otherwise). Also reads both shapes (flat and nested) of
 * the usage object.
 */
import { type ModelInfo, type ModelPricing, USD_PER_GBP, type UsageObject } from '@qa/contracts';

/** Shown for a conversation or message that cost nothing, and in the model picker for a free model. */
export const NO_COST_LABEL = 'No cost';

/**
 * The one rule for every chat cost (per message and the conversation total): nothing charged (zero, or no
 * cost reported) reads 'No cost', the same words the model picker uses for a free model; '<1p' is kept for
 * a real charge under a penny. So a free model never shows 'No cost' beside '<1p'.
 */
export function formatChatCost(usd: number | null | undefined): string {
  if (usd === null || usd === undefined || !Number.isFinite(usd) || usd <= 0) return NO_COST_LABEL;
  return formatGbpFromUsd(usd);
}

/** Pounds and pence of a dollar amount; anything under a penny (zero included) reads '<1p'. */
export function formatGbpFromUsd(usd: number): string {
  const pounds = (Number.isFinite(usd) ? Math.max(0, usd) : 0) / USD_PER_GBP;
  // A tiny tolerance so $0.0135 (exactly 1p) is not lost to floating point.
  if (pounds * 100 + 1e-9 < 1) return '<1p';
  const pence = Math.round(pounds * 100);
  if (pence < 100) return `${pence}p`;
  return `£${(pence / 100).toFixed(2)}`;
}

/** 950 -> '950', 12_345 -> '12.3K', 200_000 -> '200K', 1_000_000 -> '1M', 1_250_000 -> '1.25M'. */
export function formatTokens(count: number): string {
  const n = Number.isFinite(count) ? Math.max(0, Math.round(count)) : 0;
  if (n < 1000) return String(n);
  if (n < 999_500) return `${trimZeros((n / 1000).toFixed(n < 100_000 ? 1 : 0))}K`;
  return `${trimZeros((n / 1_000_000).toFixed(2))}M`;
}

function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

export type UsageTone = 'green' | 'yellow' | 'red';

export function contextTone(percent: number): UsageTone {
  if (percent < 50) return 'green';
  if (percent < 80) return 'yellow';
  return 'red';
}

export type UsageSummary = {
  /** Tokens the conversation occupies: what the latest request sent and received. */
  contextTokens: number;
  contextWindow: number | null;
  percent: number;
  /** The session's cost so far in USD, when known. */
  costUsd: number | null;
  model: string | null;
};

/** Reads either usage shape: nested (current_request + session_cumulative) or flat. */
export function summariseUsage(usage: UsageObject | null, fallbackWindow: number | null): UsageSummary {
  let contextTokens = 0;
  let costUsd: number | null = null;
  let contextWindow = fallbackWindow;
  let model: string | null = null;
  if (usage && 'current_request' in usage) {
    const current = usage.current_request;
    contextTokens = current.total_tokens || current.input_tokens + current.output_tokens;
    costUsd = usage.session_cumulative.cost_usd ?? current.cost_usd ?? null;
    contextWindow = usage.context_window ?? fallbackWindow;
    model = usage.model ?? null;
  } else if (usage) {
    contextTokens = usage.total_tokens || usage.input_tokens + usage.output_tokens;
    costUsd = usage.cost_usd ?? null;
  }
  const percent = contextWindow ? Math.min(100, (contextTokens / contextWindow) * 100) : 0;
  return { contextTokens, contextWindow, percent, costUsd, model };
}

/** '$1 / $2 per 1M tokens' style price text for the model picker. */
export function formatPrice(pricing: ModelPricing): string {
  return `$${formatUsdPrice(pricing.input_tokens)} in · $${formatUsdPrice(pricing.output_tokens)} out per 1M tokens`;
}

function formatUsdPrice(value: number): string {
  return trimZeros(value.toFixed(value < 0.1 ? 3 : 2));
}

export function isFreeModel(model: ModelInfo): boolean {
  return model.pricing.input_tokens === 0 && model.pricing.output_tokens === 0;
}
