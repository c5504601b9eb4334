import type { ChatModelsResponse, ModelInfo } from '@qa/contracts';
import { SELECTED_MODEL_STORAGE_KEY } from '@qa/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveModel, useSelectedModel } from './use-selected-model';

const model = (id: string, available = true): ModelInfo => ({
  id,
  label: id,
  provider: 'x',
  available,
  expensive: false,
  pricing: {
    input_tokens: 1,
    output_tokens: 2,
    cache_read_tokens: 0,
    cache_write_tokens: 0,
    audio_tokens: 0,
    context_window: 200_000,
  },
});

const response: ChatModelsResponse = {
  models: [model('builtin'), model('claude-haiku-4-5'), model('gpt-5', false)],
  default_model: 'claude-haiku-4-5',
};

afterEach(() => window.localStorage.clear());

describe('selected model', () => {
  it('keeps a stored choice the server offers, else uses the server default', () => {
    expect(resolveModel(response, 'builtin')).toBe('builtin');
    expect(resolveModel(response, null)).toBe('claude-haiku-4-5');
    expect(resolveModel(response, 'gpt-5')).toBe('claude-haiku-4-5');
    expect(resolveModel({ models: [model('builtin')], default_model: 'claude-haiku-4-5' }, null)).toBe(
      'builtin',
    );
  });

  it('persists the choice in localStorage', () => {
    const { result } = renderHook(() => useSelectedModel(response));
    expect(result.current.selectedId).toBe('claude-haiku-4-5');
    act(() => result.current.select('builtin'));
    expect(result.current.selectedId).toBe('builtin');
    expect(window.localStorage.getItem(SELECTED_MODEL_STORAGE_KEY)).toBe('builtin');
    const again = renderHook(() => useSelectedModel(response));
    expect(again.result.current.selected?.id).toBe('builtin');
  });
});
