/** Direct API calls for arranging test data (users, asked questions) without clicking through the UI. */
import { type APIRequestContext, expect } from '@playwright/test';
import { E2E_ADMIN } from './env';

export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

export async function createUserViaApi(
  request: APIRequestContext,
  user: { email: string; password?: string; role?: 'user' | 'admin' },
): Promise<{ id: string; email: string }> {
  const token = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const response = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: { email: user.email, password: user.password, role: user.role ?? 'user', send_invite: false },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as { id: string; email: string };
}

/** A unique, valid e-mail address for one test. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Asks a question as the admin through POST /api/query and returns the saved answer's id and CSV. */
export async function askViaApi(
  request: APIRequestContext,
  prompt: string,
): Promise<{ id: string; csv_results: string }> {
  const token = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const response = await request.post('/api/query', {
    headers: { Authorization: `Bearer ${token}` },
    data: { prompt },
    timeout: 90_000,
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { id: string; csv_results: string };
}
