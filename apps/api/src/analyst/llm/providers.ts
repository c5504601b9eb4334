/**
 * The provider registry: which models of the table can be called, built from the environment's keys with the
 * AI SDK (Anthropic, OpenAI, Google, and any OpenAI-compatible server such as Ollama, vLLM or llama.cpp listed in
 * OPENAI_COMPATIBLE_MODELS). The built-in analyst is always present as model `builtin`.
 *
 *   const registry = createModelRegistry(config.providers);
 *   registry.list();                       // ModelInfo[] for a model picker (available flag per model)
 *   const model = registry.languageModel('claude-haiku-4-5');  // an AI SDK LanguageModel, or AppError 400/422
 *   registry.defaultModelId();             // haiku 4.5 when Anthropic is configured, else the provider's pick
 *
 * Tests and benches pass `overrides` to put a scripted model (test/support/scripted-model.ts) under any id.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { ModelInfo } from '@qa/contracts';
import type { LanguageModel } from 'ai';
import type { Config } from '../../config/env.js';
import { AppError } from '../../lib/errors.js';
import {
  BUILTIN_MODEL,
  BUILTIN_MODEL_ID,
  COMPATIBLE_PREFIX,
  compatibleModelEntry,
  DEFAULT_MODEL_ID,
  findModel,
  MODEL_TABLE,
  type ModelEntry,
  type ProviderId,
  toModelInfo,
} from './model-table.js';

/** The model each provider answers with when nothing else is chosen (quick and cheap, good at SQL). */
const PROVIDER_DEFAULTS: Partial<Record<ProviderId, string>> = {
  anthropic: DEFAULT_MODEL_ID,
  openai: 'gpt-4.1-mini',
  google: 'gemini-2.5-flash',
};

export type ProviderSettings = Config['providers'];

export interface ModelRegistry {
  /** True when at least one real LLM provider is configured. */
  hasLlm(): boolean;
  /** Every model of the table, the configured OpenAI-compatible models and `builtin`, each with `available`. */
  list(): ModelInfo[];
  /** The entry for an id, or undefined. OpenAI-compatible models may be named with or without the prefix. */
  find(id: string): ModelEntry | undefined;
  isAvailable(id: string): boolean;
  /** The id callers should use when none was chosen: haiku 4.5 if possible, `builtin` when no provider exists. */
  defaultModelId(): string;
  /** An AI SDK model for an available LLM id. Throws AppError 422 for an unknown or unconfigured model. */
  languageModel(id: string): LanguageModel;
  /** Normalises a user-supplied id to the registry's id (e.g. `llama3.1` -> `openai-compatible:llama3.1`). */
  resolveId(id: string): string;
}

export interface RegistryOptions {
  /** Language models to serve under given ids instead of the real providers (tests, benches). */
  overrides?: Record<string, LanguageModel>;
}

export function createModelRegistry(
  settings: ProviderSettings,
  options: RegistryOptions = {},
): ModelRegistry {
  const overrides = options.overrides ?? {};
  const compatible = settings.openaiCompatible;
  const compatibleIds = compatible.baseUrl
    ? compatible.models.map((name) => `${COMPATIBLE_PREFIX}${name}`)
    : [];

  const configured: Record<ProviderId, boolean> = {
    anthropic: Boolean(settings.anthropicApiKey),
    openai: Boolean(settings.openaiApiKey),
    google: Boolean(settings.googleApiKey),
    'openai-compatible': compatibleIds.length > 0,
    builtin: true,
  };

  const clientFor = providerClients(settings);

  const resolveId = (id: string): string => {
    if (overrides[id] || id === BUILTIN_MODEL_ID || id.startsWith(COMPATIBLE_PREFIX)) return id;
    const tableEntry = findTableEntry(id);
    // A table model served through the OpenAI-compatible endpoint (a proxy) when its own provider is not configured.
    const viaCompatible = compatibleIds.includes(`${COMPATIBLE_PREFIX}${id}`);
    if (tableEntry && (configured[tableEntry.provider] || !viaCompatible)) return tableEntry.id;
    if (viaCompatible) return `${COMPATIBLE_PREFIX}${id}`;
    return id;
  };

  const find = (id: string): ModelEntry | undefined => {
    const resolved = resolveId(id);
    if (resolved.startsWith(COMPATIBLE_PREFIX) && !compatibleIds.includes(resolved)) {
      return overrides[resolved] ? compatibleModelEntry(resolved.slice(COMPATIBLE_PREFIX.length)) : undefined;
    }
    return findModel(resolved);
  };

  const isAvailable = (id: string): boolean => {
    const resolved = resolveId(id);
    if (overrides[resolved]) return true;
    const entry = find(resolved);
    if (!entry) return false;
    if (entry.provider === 'openai-compatible') return compatibleIds.includes(entry.id);
    return configured[entry.provider];
  };

  const hasLlm = () =>
    configured.anthropic ||
    configured.openai ||
    configured.google ||
    configured['openai-compatible'] ||
    Object.keys(overrides).some((id) => id !== BUILTIN_MODEL_ID);

  return {
    hasLlm,
    find,
    isAvailable,
    resolveId,
    list() {
      const entries: ModelEntry[] = [
        ...MODEL_TABLE,
        ...compatibleIds.map((id) => compatibleModelEntry(id.slice(COMPATIBLE_PREFIX.length))),
        BUILTIN_MODEL,
      ];
      const known = new Set(entries.map((entry) => entry.id));
      for (const id of Object.keys(overrides)) {
        if (!known.has(id))
          entries.push(find(id) ?? { ...BUILTIN_MODEL, id, label: id, providerModelId: id });
      }
      return entries.map((entry) => toModelInfo(entry, isAvailable(entry.id)));
    },
    defaultModelId() {
      const overrideIds = Object.keys(overrides).filter((id) => id !== BUILTIN_MODEL_ID);
      if (isAvailable(DEFAULT_MODEL_ID)) return DEFAULT_MODEL_ID;
      for (const provider of ['openai', 'google'] as const) {
        const id = PROVIDER_DEFAULTS[provider];
        if (configured[provider] && id) return id;
      }
      if (compatibleIds[0]) return compatibleIds[0];
      if (overrideIds[0]) return overrideIds[0];
      return BUILTIN_MODEL_ID;
    },
    languageModel(id) {
      const resolved = resolveId(id);
      const override = overrides[resolved];
      if (override) return override;
      const entry = find(resolved);
      if (!entry) throw AppError.unprocessable(`Unknown model '${id}'`);
      if (!isAvailable(resolved)) {
        throw AppError.unprocessable(
          `Model '${entry.id}' is not available: its provider (${entry.provider}) is not configured on this server`,
        );
      }
      return clientFor(entry);
    },
  };
}

/** The provider clients, created lazily: an unused provider costs nothing at start-up. */
function providerClients(settings: ProviderSettings): (entry: ModelEntry) => LanguageModel {
  const compatible = settings.openaiCompatible;
  let anthropic: ReturnType<typeof createAnthropic> | undefined;
  let openai: ReturnType<typeof createOpenAI> | undefined;
  let google: ReturnType<typeof createGoogleGenerativeAI> | undefined;
  let openaiCompatible: ReturnType<typeof createOpenAICompatible> | undefined;
  return (entry) => {
    switch (entry.provider) {
      case 'builtin':
        throw AppError.unprocessable('The built-in analyst is not a language model');
      case 'anthropic':
        anthropic ??= createAnthropic({ apiKey: settings.anthropicApiKey });
        return anthropic(entry.providerModelId);
      case 'openai':
        openai ??= createOpenAI({ apiKey: settings.openaiApiKey });
        return openai(entry.providerModelId);
      case 'google':
        google ??= createGoogleGenerativeAI({ apiKey: settings.googleApiKey });
        return google(entry.providerModelId);
      case 'openai-compatible':
        openaiCompatible ??= createOpenAICompatible({
          name: 'openai-compatible',
          baseURL: compatible.baseUrl ?? '',
          ...(compatible.apiKey ? { apiKey: compatible.apiKey } : {}),
          // Ask streaming servers for a final usage chunk, so streamed calls are costed too.
          includeUsage: true,
        });
        return openaiCompatible.chatModel(entry.providerModelId);
    }
  };
}

function findTableEntry(id: string): ModelEntry | undefined {
  return MODEL_TABLE.find((entry) => entry.id === id || entry.providerModelId === id);
}
