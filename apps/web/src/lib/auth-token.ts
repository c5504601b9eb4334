import { AUTH_TOKEN_STORAGE_KEY } from '@qa/contracts';

/** The bearer token lives in localStorage under `auth_token`; these are its only readers and writers. */
export function getAuthToken(): string | null {
  try {
    return window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setAuthToken(token: string): void {
  window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, token);
}

export function clearAuthToken(): void {
  try {
    window.localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode); there is then nothing to clear.
  }
}
