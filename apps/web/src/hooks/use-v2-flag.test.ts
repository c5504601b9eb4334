import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useV2Flag } from './use-v2-flag';

afterEach(() => window.localStorage.clear());

describe('useV2Flag', () => {
  it('is off by default', () => {
    const { result } = renderHook(() => useV2Flag());
    expect(result.current.enabled).toBe(false);
  });

  it('persists the string true/false under feature_flag_v2_endpoint and updates every user of the hook', () => {
    const first = renderHook(() => useV2Flag());
    const second = renderHook(() => useV2Flag());
    act(() => first.result.current.toggle());
    expect(window.localStorage.getItem('feature_flag_v2_endpoint')).toBe('true');
    expect(second.result.current.enabled).toBe(true);
    act(() => second.result.current.setEnabled(false));
    expect(window.localStorage.getItem('feature_flag_v2_endpoint')).toBe('false');
    expect(first.result.current.enabled).toBe(false);
  });

  it('reads an existing stored value', () => {
    window.localStorage.setItem('feature_flag_v2_endpoint', 'true');
    const { result } = renderHook(() => useV2Flag());
    expect(result.current.enabled).toBe(true);
  });
});
