/**
 * The model picker's choice, kept in localStorage (key `selected_model`). A stored model that the
 * server no longer offers falls back to the server's default (haiku 4.5 when a key is configured, else the
 * built-in analyst).
 */
import { type ChatModelsResponse, type ModelInfo, SELECTED_MODEL_STORAGE_KEY } from '@qa/contracts';
import { useCallback, useState } from 'react';

export function readStoredModel(): string | null {
  try {
    return window.localStorage.getItem(SELECTED_MODEL_STORAGE_KEY);
  } catch {
    return null;
  }
}

function writeStoredModel(id: string): void {
  try {
    window.localStorage.setItem(SELECTED_MODEL_STORAGE_KEY, id);
  } catch {
    // Storage may be unavailable; the choice then lasts for this page only.
  }
}

export function selectableModels(models: ModelInfo[]): ModelInfo[] {
  return models.filter((model) => model.available);
}

/** The stored choice when the server offers it, else the server's default, else the first offered model. */
export function resolveModel(response: ChatModelsResponse, stored: string | null): string {
  const offered = selectableModels(response.models);
  if (stored && offered.some((m) => m.id === stored)) return stored;
  if (offered.some((m) => m.id === response.default_model)) return response.default_model;
  return offered[0]?.id ?? response.default_model;
}

export function useSelectedModel(response: ChatModelsResponse | undefined) {
  const [stored, setStored] = useState(readStoredModel);
  const selectedId = response ? resolveModel(response, stored) : stored;
  const selected = response?.models.find((m) => m.id === selectedId) ?? null;
  const select = useCallback((id: string) => {
    writeStoredModel(id);
    setStored(id);
  }, []);
  return { selectedId, selected, select };
}
