import type { ModelPricing } from '@qa/contracts';
import { describe, expect, it } from 'vitest';
import { flatUsage as flat } from './usage-fixtures';
import {
  contextTone,
  formatChatCost,
  formatGbpFromUsd,
  formatPrice,
  formatTokens,
  NO_COST_LABEL,
  summariseUsage,
} from './usage-format';

describe('money in pounds (dollars / 1.35)', () => {
  it("shows '<1p' below a penny", () => {
    expect(formatGbpFromUsd(0)).toBe('<1p');
    expect(formatGbpFromUsd(0.0134)).toBe('<1p');
  });
  it('shows pence below £1', () => {
    expect(formatGbpFromUsd(0.0135)).toBe('1p');
    expect(formatGbpFromUsd(0.675)).toBe('50p');
    expect(formatGbpFromUsd(1.3)).toBe('96p');
  });
  it("chat costs read 'No cost' when nothing was charged and '<1p' only for a real charge under a penny", () => {
    expect(NO_COST_LABEL).toBe('No cost');
    expect(formatChatCost(0)).toBe('No cost');
    expect(formatChatCost(null)).toBe('No cost');
    expect(formatChatCost(undefined)).toBe('No cost');
    expect(formatChatCost(Number.NaN)).toBe('No cost');
    expect(formatChatCost(0.000001)).toBe('<1p');
    expect(formatChatCost(0.0134)).toBe('<1p');
    expect(formatChatCost(0.675)).toBe('50p');
    expect(formatChatCost(2.7)).toBe('£2.00');
  });
  it('shows pounds from £1', () => {
    expect(formatGbpFromUsd(1.35)).toBe('£1.00');
    expect(formatGbpFromUsd(1.3486)).toBe('£1.00');
    expect(formatGbpFromUsd(27)).toBe('£20.00');
  });
});

describe('token counts', () => {
  it('abbreviates with K and M', () => {
    expect(formatTokens(0)).toBe('0');
    expect(formatTokens(999)).toBe('999');
    expect(formatTokens(1000)).toBe('1K');
    expect(formatTokens(12_345)).toBe('12.3K');
    expect(formatTokens(128_000)).toBe('128K');
    expect(formatTokens(200_000)).toBe('200K');
    expect(formatTokens(256_000)).toBe('256K');
    expect(formatTokens(999_999)).toBe('1M');
    expect(formatTokens(1_000_000)).toBe('1M');
    expect(formatTokens(1_250_000)).toBe('1.25M');
  });
});

describe('context badge colour', () => {
  it('is green under 50%, yellow under 80%, red otherwise', () => {
    expect(contextTone(0)).toBe('green');
    expect(contextTone(49.9)).toBe('green');
    expect(contextTone(50)).toBe('yellow');
    expect(contextTone(79.9)).toBe('yellow');
    expect(contextTone(80)).toBe('red');
    expect(contextTone(100)).toBe('red');
  });
});

describe('summariseUsage', () => {
  it('reads the nested shape: context from this request, cost from the session', () => {
    const summary = summariseUsage(
      {
        current_request: flat(100_000, 0.5),
        session_cumulative: { ...flat(250_000, 1.2), requests: 3 },
        context_window: 200_000,
        model: 'claude-haiku-4-5',
      },
      128_000,
    );
    expect(summary).toEqual({
      contextTokens: 100_000,
      contextWindow: 200_000,
      percent: 50,
      costUsd: 1.2,
      model: 'claude-haiku-4-5',
    });
  });

  it('reads the flat shape with the model window as fallback', () => {
    expect(summariseUsage(flat(32_000, 0.01), 128_000)).toMatchObject({
      contextTokens: 32_000,
      percent: 25,
      costUsd: 0.01,
    });
  });

  it('is empty before any usage', () => {
    expect(summariseUsage(null, 200_000)).toMatchObject({ contextTokens: 0, percent: 0, costUsd: null });
  });
});

describe('model prices', () => {
  it('shows input and output prices per million tokens', () => {
    const pricing: ModelPricing = {
      input_tokens: 1,
      output_tokens: 2,
      cache_read_tokens: 0.1,
      cache_write_tokens: 1.25,
      audio_tokens: 1,
      context_window: 200_000,
    };
    expect(formatPrice(pricing)).toBe('$1 in · $2 out per 1M tokens');
    expect(formatPrice({ ...pricing, input_tokens: 0.05, output_tokens: 0.4 })).toBe(
      '$0.05 in · $0.4 out per 1M tokens',
    );
  });
});
