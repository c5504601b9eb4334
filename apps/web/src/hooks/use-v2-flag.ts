/**
 * The v2 feature flag (docs/product.md#the-v2-flag): stored as the string 'true' or 'false' under
 * `feature_flag_v2_endpoint`, default off. Every component using the hook sees the same value, and other
 * tabs follow through the storage event.
 */
import { FEATURE_FLAG_V2_STORAGE_KEY } from '@qa/contracts';
import { useCallback, useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();

export function readV2Flag(): boolean {
  try {
    return window.localStorage.getItem(FEATURE_FLAG_V2_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function writeV2Flag(enabled: boolean): void {
  window.localStorage.setItem(FEATURE_FLAG_V2_STORAGE_KEY, enabled ? 'true' : 'false');
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === FEATURE_FLAG_V2_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useV2Flag(): {
  enabled: boolean;
  setEnabled: (enabled: boolean) => void;
  toggle: () => void;
} {
  const enabled = useSyncExternalStore(subscribe, readV2Flag, () => false);
  const setEnabled = useCallback((next: boolean) => writeV2Flag(next), []);
  const toggle = useCallback(() => writeV2Flag(!readV2Flag()), []);
  return { enabled, setEnabled, toggle };
}
