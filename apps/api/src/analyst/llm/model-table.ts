/**
 * The model table: every model the product can call, with its provider id, its prices in USD per
 * million tokens and its context window. It is versioned: each ledger row stores the version it was priced
 * with, so a later price change never rewrites what past calls cost. When prices change, add a new version
 * rather than editing this one in place.
 *
 * Input/output prices are as published. Cache prices follow each provider's rule: Anthropic reads at 0.1x and
 * writes at 1.25x the input price; OpenAI reads cached input at its published discount and does not charge a
 * separate cache write (written tokens cost the normal input price); Gemini reads at 0.25x and charges cache
 * storage by the hour, not per token (so a write costs the input price here). Audio is the audio-input price
 * where the model accepts audio, otherwise the text input price.
 */
import {
  EXPENSIVE_MODEL_WARNING,
  EXPENSIVE_OUTPUT_PRICE_USD,
  type ModelInfo,
  type ModelPricing,
} from '@qa/contracts';

export const MODEL_TABLE_VERSION = '2026-11-01';

export type ProviderId = 'anthropic' | 'openai' | 'google' | 'openai-compatible' | 'builtin';

/** Prompt size above which long-context prices apply (Anthropic and Gemini: input tokens over 200k). */
export const EXTENDED_CONTEXT_THRESHOLD_TOKENS = 200_000;

export interface ModelPrices extends ModelPricing {
  /** Long-context cache prices, when the model has long-context prices. */
  extended_cache_read_tokens?: number;
  extended_cache_write_tokens?: number;
}

export interface ModelEntry {
  /** The id the product uses (API, UI, ledger): the provider's own model id. */
  id: string;
  label: string;
  provider: ProviderId;
  /** The id sent to the provider's API. */
  providerModelId: string;
  pricing: ModelPrices;
  /** Output price at or above EXPENSIVE_OUTPUT_PRICE_USD. */
  expensive: boolean;
  /** 'this model is expensive' for expensive models. */
  warning?: string;
}

export const BUILTIN_MODEL_ID = 'builtin';
export const DEFAULT_MODEL_ID = 'claude-haiku-4-5';

const anthropic = (input: number, output: number, extra: Partial<ModelPrices> = {}): ModelPrices => ({
  input_tokens: input,
  output_tokens: output,
  cache_read_tokens: round(input * 0.1),
  cache_write_tokens: round(input * 1.25),
  audio_tokens: input,
  context_window: 200_000,
  ...extra,
});

const openai = (input: number, output: number, cacheRead: number, contextWindow: number, audio = input) => ({
  input_tokens: input,
  output_tokens: output,
  cache_read_tokens: cacheRead,
  cache_write_tokens: input,
  audio_tokens: audio,
  context_window: contextWindow,
});

const gemini = (input: number, output: number, audio: number, extra: Partial<ModelPrices> = {}) => ({
  input_tokens: input,
  output_tokens: output,
  cache_read_tokens: round(input * 0.25),
  cache_write_tokens: input,
  audio_tokens: audio,
  context_window: 1_000_000,
  ...extra,
});

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

type RawEntry = Omit<ModelEntry, 'expensive' | 'warning'>;

const RAW_MODELS: RawEntry[] = [
  {
    id: 'claude-haiku-4-5',
    label: 'Claude Haiku 4.5',
    provider: 'anthropic',
    providerModelId: 'claude-haiku-4-5-20251001',
    pricing: { ...anthropic(1, 2), default: true },
  },
  {
    id: 'claude-3-5-haiku',
    label: 'Claude 3.5 Haiku',
    provider: 'anthropic',
    providerModelId: 'claude-3-5-haiku-20241022',
    pricing: anthropic(0.25, 1.25),
  },
  {
    id: 'claude-sonnet-4-5',
    label: 'Claude Sonnet 4.5',
    provider: 'anthropic',
    providerModelId: 'claude-sonnet-4-5-20250929',
    pricing: anthropic(3, 15, {
      extended_input_tokens: 6,
      extended_output_tokens: 22.5,
      extended_cache_read_tokens: 0.6,
      extended_cache_write_tokens: 7.5,
    }),
  },
  {
    id: 'gpt-5',
    label: 'GPT-5',
    provider: 'openai',
    providerModelId: 'gpt-5',
    pricing: openai(1.25, 10, 0.125, 256_000),
  },
  {
    id: 'gpt-5-mini',
    label: 'GPT-5 mini',
    provider: 'openai',
    providerModelId: 'gpt-5-mini',
    pricing: openai(0.25, 2, 0.025, 256_000),
  },
  {
    id: 'gpt-5-nano',
    label: 'GPT-5 nano',
    provider: 'openai',
    providerModelId: 'gpt-5-nano',
    pricing: openai(0.05, 0.4, 0.005, 256_000),
  },
  {
    id: 'gpt-4.1',
    label: 'GPT-4.1',
    provider: 'openai',
    providerModelId: 'gpt-4.1',
    pricing: openai(2, 8, 0.5, 128_000),
  },
  {
    id: 'gpt-4.1-mini',
    label: 'GPT-4.1 mini',
    provider: 'openai',
    providerModelId: 'gpt-4.1-mini',
    pricing: openai(0.4, 1.6, 0.1, 128_000),
  },
  {
    id: 'gpt-4.1-nano',
    label: 'GPT-4.1 nano',
    provider: 'openai',
    providerModelId: 'gpt-4.1-nano',
    pricing: openai(0.1, 0.4, 0.025, 128_000),
  },
  {
    id: 'gpt-4o',
    label: 'GPT-4o',
    provider: 'openai',
    providerModelId: 'gpt-4o',
    pricing: openai(2.5, 10, 1.25, 128_000, 40),
  },
  {
    id: 'gpt-4o-mini',
    label: 'GPT-4o mini',
    provider: 'openai',
    providerModelId: 'gpt-4o-mini',
    pricing: openai(0.15, 0.6, 0.075, 128_000, 10),
  },
  {
    id: 'gemini-2.5-pro',
    label: 'Gemini 2.5 Pro',
    provider: 'google',
    providerModelId: 'gemini-2.5-pro',
    pricing: gemini(1.25, 10, 1.25, {
      extended_input_tokens: 2.5,
      extended_output_tokens: 15,
      extended_cache_read_tokens: 0.625,
      extended_cache_write_tokens: 2.5,
    }),
  },
  {
    id: 'gemini-2.5-flash',
    label: 'Gemini 2.5 Flash',
    provider: 'google',
    providerModelId: 'gemini-2.5-flash',
    pricing: gemini(0.3, 2.5, 1),
  },
  {
    id: 'gemini-2.5-flash-lite',
    label: 'Gemini 2.5 Flash-Lite',
    provider: 'google',
    providerModelId: 'gemini-2.5-flash-lite',
    pricing: gemini(0.1, 0.4, 0.3),
  },
  {
    id: 'gemini-2.0-flash',
    label: 'Gemini 2.0 Flash',
    provider: 'google',
    providerModelId: 'gemini-2.0-flash',
    pricing: gemini(0.1, 0.4, 0.7),
  },
];

export function withExpensiveFlag(entry: RawEntry): ModelEntry {
  const expensive = entry.pricing.output_tokens >= EXPENSIVE_OUTPUT_PRICE_USD;
  return { ...entry, expensive, ...(expensive ? { warning: EXPENSIVE_MODEL_WARNING } : {}) };
}

export const MODEL_TABLE: readonly ModelEntry[] = RAW_MODELS.map(withExpensiveFlag);

const FREE: ModelPrices = {
  input_tokens: 0,
  output_tokens: 0,
  cache_read_tokens: 0,
  cache_write_tokens: 0,
  audio_tokens: 0,
  context_window: 128_000,
};

/** The built-in analyst: no network, no key, no cost. */
export const BUILTIN_MODEL: ModelEntry = {
  id: BUILTIN_MODEL_ID,
  label: 'Built-in analyst (offline)',
  provider: 'builtin',
  providerModelId: BUILTIN_MODEL_ID,
  pricing: FREE,
  expensive: false,
};

/**
 * A model served by an OPENAI_COMPATIBLE_BASE_URL (Ollama, vLLM, llama.cpp). Self-hosted models cost nothing
 * per token; if the name is a table model (a proxy in front of OpenAI, say) the table's prices apply.
 */
export function compatibleModelEntry(name: string): ModelEntry {
  const known = MODEL_TABLE.find((entry) => entry.id === name || entry.providerModelId === name);
  return {
    id: `${COMPATIBLE_PREFIX}${name}`,
    label: `${name} (OpenAI-compatible)`,
    provider: 'openai-compatible',
    providerModelId: name,
    pricing: known ? known.pricing : FREE,
    expensive: known?.expensive ?? false,
    ...(known?.warning ? { warning: known.warning } : {}),
  };
}

export const COMPATIBLE_PREFIX = 'openai-compatible:';

/** The table entry for a product model id (or a provider model id); undefined for an unknown id. */
export function findModel(id: string): ModelEntry | undefined {
  if (id === BUILTIN_MODEL_ID) return BUILTIN_MODEL;
  if (id.startsWith(COMPATIBLE_PREFIX)) return compatibleModelEntry(id.slice(COMPATIBLE_PREFIX.length));
  return MODEL_TABLE.find((entry) => entry.id === id || entry.providerModelId === id);
}

export function toModelInfo(entry: ModelEntry, available: boolean): ModelInfo {
  return {
    id: entry.id,
    label: entry.label,
    provider: entry.provider,
    pricing: entry.pricing,
    expensive: entry.expensive,
    available,
  };
}
