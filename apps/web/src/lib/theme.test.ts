import { afterEach, describe, expect, it } from 'vitest';
import {
  applyTheme,
  readThemePreference,
  resolveTheme,
  THEME_STORAGE_KEY,
  writeThemePreference,
} from './theme';

afterEach(() => {
  window.localStorage.clear();
  document.documentElement.className = '';
});

describe('theme', () => {
  it('System follows the system preference; Light and Dark override it', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('remembers Light or Dark in local storage and forgets it for System', () => {
    expect(readThemePreference()).toBe('system');
    writeThemePreference('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(readThemePreference()).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    writeThemePreference('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(document.documentElement.classList.contains('light')).toBe(true);
    writeThemePreference('system');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('ignores an unknown stored value', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(readThemePreference()).toBe('system');
    expect(['light', 'dark']).toContain(applyTheme());
  });
});
