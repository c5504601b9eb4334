import { EXPENSIVE_MODEL_WARNING, modelInfoSchema } from '@qa/contracts';
import { generateText, streamText } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { type LoopbackOpenAI, startLoopbackOpenAI } from '../../../test/support/loopback-openai.js';
import { jsonStep, scriptedModel } from '../../../test/support/scripted-model.js';
import { loadConfig } from '../../config/env.js';
import { costOf, tokenUsageFrom, ZERO_USAGE } from './cost.js';
import { BUILTIN_MODEL_ID, DEFAULT_MODEL_ID, findModel, MODEL_TABLE } from './model-table.js';
import { createModelRegistry } from './providers.js';
import { londonMonthBounds } from './usage.js';

const price = (id: string) => {
  const entry = findModel(id);
  if (!entry) throw new Error(`no model ${id}`);
  return entry;
};

describe('the model table', () => {
  it('holds the published prices, with haiku 4.5 as the default', () => {
    const expected: Record<string, [number, number]> = {
      'claude-haiku-4-5': [1, 2],
      'claude-3-5-haiku': [0.25, 1.25],
      'claude-sonnet-4-5': [3, 15],
      'gpt-5': [1.25, 10],
      'gpt-5-mini': [0.25, 2],
      'gpt-5-nano': [0.05, 0.4],
      'gpt-4.1': [2, 8],
      'gpt-4.1-mini': [0.4, 1.6],
      'gpt-4.1-nano': [0.1, 0.4],
      'gpt-4o': [2.5, 10],
      'gpt-4o-mini': [0.15, 0.6],
      'gemini-2.5-pro': [1.25, 10],
      'gemini-2.5-flash': [0.3, 2.5],
      'gemini-2.5-flash-lite': [0.1, 0.4],
      'gemini-2.0-flash': [0.1, 0.4],
    };
    expect(MODEL_TABLE.map((m) => m.id).sort()).toEqual(Object.keys(expected).sort());
    for (const [id, [input, output]] of Object.entries(expected)) {
      expect([price(id).pricing.input_tokens, price(id).pricing.output_tokens], id).toEqual([input, output]);
    }
    expect(MODEL_TABLE.filter((m) => m.pricing.default).map((m) => m.id)).toEqual([DEFAULT_MODEL_ID]);
    expect(price('claude-sonnet-4-5').pricing).toMatchObject({
      extended_input_tokens: 6,
      extended_output_tokens: 22.5,
    });
  });

  it('flags models with an output price of 10 or more as expensive', () => {
    const expensive = MODEL_TABLE.filter((m) => m.expensive).map((m) => m.id);
    expect(expensive.sort()).toEqual(['claude-sonnet-4-5', 'gemini-2.5-pro', 'gpt-4o', 'gpt-5']);
    expect(price('gpt-5').warning).toBe(EXPENSIVE_MODEL_WARNING);
    expect(price('gpt-5-mini').warning).toBeUndefined();
  });

  it('gives each provider family its context window', () => {
    expect(price('claude-haiku-4-5').pricing.context_window).toBe(200_000);
    expect(price('gpt-5').pricing.context_window).toBe(256_000);
    expect(price('gpt-4o-mini').pricing.context_window).toBe(128_000);
    expect(price('gemini-2.5-flash').pricing.context_window).toBe(1_000_000);
  });

  it('finds models by provider id too', () => {
    expect(findModel('claude-haiku-4-5-20251001')?.id).toBe('claude-haiku-4-5');
    expect(findModel('nope')).toBeUndefined();
  });
});

describe('costing', () => {
  it('charges input, output and cache tokens at their own prices', () => {
    // haiku 4.5: 1 in, 2 out, 0.1 cache read, 1.25 cache write per million.
    const cost = costOf(price('claude-haiku-4-5'), {
      ...ZERO_USAGE,
      inputTokens: 10_000,
      cacheReadTokens: 4_000,
      cacheWriteTokens: 1_000,
      outputTokens: 2_000,
    });
    expect(cost).toBeCloseTo((5_000 * 1 + 4_000 * 0.1 + 1_000 * 1.25 + 2_000 * 2) / 1e6, 10);
  });

  it('switches to long-context prices above 200k prompt tokens', () => {
    const sonnet = price('claude-sonnet-4-5');
    const short = costOf(sonnet, { ...ZERO_USAGE, inputTokens: 200_000, outputTokens: 1000 });
    const long = costOf(sonnet, { ...ZERO_USAGE, inputTokens: 200_001, outputTokens: 1000 });
    expect(short).toBeCloseTo((200_000 * 3 + 1000 * 15) / 1e6, 8);
    expect(long).toBeCloseTo((200_001 * 6 + 1000 * 22.5) / 1e6, 8);
  });

  it('reads the AI SDK usage, cached tokens included', () => {
    expect(
      tokenUsageFrom({
        inputTokens: 100,
        outputTokens: 20,
        totalTokens: 120,
        inputTokenDetails: { noCacheTokens: 60, cacheReadTokens: 40, cacheWriteTokens: undefined },
        outputTokenDetails: { textTokens: 20, reasoningTokens: undefined },
      }),
    ).toEqual({
      inputTokens: 100,
      outputTokens: 20,
      cacheReadTokens: 40,
      cacheWriteTokens: 0,
      audioTokens: 0,
    });
    expect(tokenUsageFrom(undefined)).toEqual(ZERO_USAGE);
  });

  it('computes London calendar months across summer time', () => {
    const summer = londonMonthBounds(new Date('2025-07-15T12:00:00Z'));
    expect(summer.start.toISOString()).toBe('2025-06-30T23:00:00.000Z');
    expect(summer.next.toISOString()).toBe('2025-07-31T23:00:00.000Z');
    const december = londonMonthBounds(new Date('2025-12-31T23:59:00Z'));
    expect(december.start.toISOString()).toBe('2025-12-01T00:00:00.000Z');
    expect(december.next.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(december.label).toBe('December 2025');
  });
});

const providers = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/x', ...env }).providers;

describe('the provider registry', () => {
  it('offers only the built-in analyst without keys', () => {
    const registry = createModelRegistry(providers({}));
    expect(registry.hasLlm()).toBe(false);
    expect(registry.defaultModelId()).toBe(BUILTIN_MODEL_ID);
    const available = registry.list().filter((m) => m.available);
    expect(available.map((m) => m.id)).toEqual([BUILTIN_MODEL_ID]);
    for (const info of registry.list()) modelInfoSchema.parse(info);
    expect(() => registry.languageModel('claude-haiku-4-5')).toThrow(/not configured/);
  });

  it('makes a provider’s models available from its key, defaulting to haiku 4.5', () => {
    const registry = createModelRegistry(providers({ ANTHROPIC_API_KEY: 'sk-test' }));
    expect(registry.hasLlm()).toBe(true);
    expect(registry.defaultModelId()).toBe('claude-haiku-4-5');
    expect(registry.isAvailable('claude-sonnet-4-5')).toBe(true);
    expect(registry.isAvailable('gpt-5')).toBe(false);
    const model = registry.languageModel('claude-haiku-4-5');
    expect(typeof model === 'object' && model.modelId).toBe('claude-haiku-4-5-20251001');
  });

  it('lists OpenAI-compatible models under a prefix and accepts their bare names', () => {
    const registry = createModelRegistry(
      providers({
        OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:1/v1',
        OPENAI_COMPATIBLE_MODELS: 'llama3.1, qwen2.5',
      }),
    );
    expect(registry.defaultModelId()).toBe('openai-compatible:llama3.1');
    expect(registry.resolveId('qwen2.5')).toBe('openai-compatible:qwen2.5');
    expect(registry.isAvailable('qwen2.5')).toBe(true);
    expect(registry.find('llama3.1')?.pricing.input_tokens).toBe(0);
  });
});

describe('test support', () => {
  let server: LoopbackOpenAI | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('the scripted model answers generate and stream calls with the usage it was given', async () => {
    const scripted = scriptedModel([
      jsonStep({ ok: true }, { input: 120, output: 7 }),
      { text: 'streamed answer', usage: { input: 50, output: 3, cacheRead: 20 } },
    ]);
    const generated = await generateText({ model: scripted.model, prompt: 'first' });
    expect(generated.text).toBe('{"ok":true}');
    expect(generated.usage.inputTokens).toBe(120);
    const streamed = streamText({ model: scripted.model, prompt: 'second' });
    let text = '';
    for await (const delta of streamed.textStream) text += delta;
    expect(text).toBe('streamed answer');
    expect(tokenUsageFrom(await streamed.usage)).toMatchObject({ inputTokens: 50, cacheReadTokens: 20 });
    expect(scripted.promptText(1)).toContain('second');
  });

  it('the loopback server speaks OpenAI chat completions, plain and streamed, with usage', async () => {
    server = await startLoopbackOpenAI([
      { content: 'plain reply', usage: { prompt_tokens: 1000, completion_tokens: 100, cached_tokens: 400 } },
      { content: 'a streamed reply', usage: { prompt_tokens: 300, completion_tokens: 30 } },
    ]);
    const registry = createModelRegistry(
      providers({
        OPENAI_COMPATIBLE_BASE_URL: server.baseUrl,
        OPENAI_COMPATIBLE_MODELS: 'local-llm',
        OPENAI_COMPATIBLE_API_KEY: 'local-key',
      }),
    );
    const model = registry.languageModel('local-llm');
    const plain = await generateText({ model, prompt: 'hello' });
    expect(plain.text).toBe('plain reply');
    expect(tokenUsageFrom(plain.usage)).toMatchObject({
      inputTokens: 1000,
      outputTokens: 100,
      cacheReadTokens: 400,
    });

    const streamed = streamText({ model, prompt: 'stream please' });
    let text = '';
    for await (const delta of streamed.textStream) text += delta;
    expect(text).toBe('a streamed reply');
    expect(tokenUsageFrom(await streamed.usage)).toMatchObject({ inputTokens: 300, outputTokens: 30 });
    expect(server.requests[1]?.stream).toBe(true);
    expect(server.requests[0]?.model).toBe('local-llm');
    expect(server.authorizations[0]).toBe('Bearer local-key');
  });
});
