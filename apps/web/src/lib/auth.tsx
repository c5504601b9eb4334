/**
 * Who is signed in. The token is the source of truth: on start, a stored token
 * is checked with GET /auth/me; a user without an id (either `id` or `_id`) or any failure drops the token.
 * `isLoading` stays true until that first check ends, so guards can show a spinner instead of bouncing
 * a signed-in user to /login.
 */
import type { AuthUser, LoginResponse, Role } from '@qa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { api, LOGIN_PATH } from './api-client';
import { clearAuthToken, getAuthToken, setAuthToken } from './auth-token';

export const INVALID_USER_DATA_MESSAGE = 'Authentication error: Invalid user data received';

type MeResponse = {
  id?: string | number | null;
  _id?: string | number | null;
  email?: string;
  role?: string;
};

/** Normalises the /auth/me body; null when it carries no usable id. */
export function toAuthUser(data: MeResponse | null | undefined): AuthUser | null {
  if (!data) return null;
  const id = data.id ?? data._id;
  if (id === undefined || id === null || id === '') return null;
  const role: Role = data.role === 'admin' ? 'admin' : 'user';
  return { id: String(id), email: data.email ?? '', role };
}

type AuthContextValue = {
  user: AuthUser | null;
  isAdmin: boolean;
  isLoading: boolean;
  /** True once the user signed out in this tab: the guard then goes to plain /login, without a redirectUrl. */
  signedOut: boolean;
  login: (email: string, password: string) => Promise<AuthUser>;
  logout: () => Promise<void>;
  /** Ends every session of this user (all browsers and devices), then this one; rejects if the server refused. */
  logoutEverywhere: () => Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

async function fetchCurrentUser(): Promise<AuthUser | null> {
  return toAuthUser(await api.get<MeResponse>('/auth/me'));
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<AuthUser | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  const [signedOut, setSignedOut] = useState(false);

  useEffect(() => {
    let cancelled = false;
    if (!getAuthToken()) {
      setIsLoading(false);
      return;
    }
    fetchCurrentUser()
      .then((me) => {
        if (cancelled) return;
        if (!me) clearAuthToken();
        setUser(me);
      })
      .catch(() => {
        if (cancelled) return;
        clearAuthToken();
        setUser(null);
      })
      .finally(() => {
        if (!cancelled) setIsLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const login = useCallback(async (email: string, password: string) => {
    const response = await api.post<LoginResponse>(LOGIN_PATH, { email, password });
    setAuthToken(response.access_token);
    const me = await fetchCurrentUser().catch((error: unknown) => {
      clearAuthToken();
      throw error;
    });
    if (!me) {
      clearAuthToken();
      throw new Error(INVALID_USER_DATA_MESSAGE);
    }
    setSignedOut(false);
    setUser(me);
    return me;
  }, []);

  const logout = useCallback(async () => {
    try {
      await api.post('/auth/logout', {}, { skipSessionExpiry: true });
    } catch (error) {
      // A logout failure is only logged; the local session ends regardless.
      console.error('Logout failed', error);
    }
    clearAuthToken();
    setSignedOut(true);
    setUser(null);
    queryClient.clear();
  }, [queryClient]);

  // Unlike logout, a failure here is the user's business: their other sessions are still open, so it is thrown for
  // the caller to show, and this session stays signed in to try again.
  const logoutEverywhere = useCallback(async () => {
    await api.post('/auth/logout-everywhere', {});
    clearAuthToken();
    setSignedOut(true);
    setUser(null);
    queryClient.clear();
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({ user, isAdmin: user?.role === 'admin', isLoading, signedOut, login, logout, logoutEverywhere }),
    [user, isLoading, signedOut, login, logout, logoutEverywhere],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}
