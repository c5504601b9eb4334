import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, errorMessage, isSessionExpiry } from './api-client';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function setup(response: Response | Error, token: string | null = 'tok-1') {
  const fetchFn = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  const clearToken = vi.fn();
  const reload = vi.fn();
  const client = createApiClient({
    fetchFn: fetchFn as unknown as typeof fetch,
    getToken: () => token,
    clearToken,
    reload,
  });
  return { client, fetchFn, clearToken, reload };
}

describe('isSessionExpiry', () => {
  it('is true for a 401 from anything but the login call', () => {
    expect(isSessionExpiry(401, '/users')).toBe(true);
    expect(isSessionExpiry(401, '/auth/me')).toBe(true);
    expect(isSessionExpiry(401, '/auth/login')).toBe(false);
    expect(isSessionExpiry(401, '/auth/login?next=1')).toBe(false);
    expect(isSessionExpiry(403, '/users')).toBe(false);
  });
});

describe('api client', () => {
  it('sends JSON to /api with the bearer token and no cookies', async () => {
    const { client, fetchFn } = setup(jsonResponse(200, { ok: true }));
    await expect(client.post('/users', { email: 'a@b.co' })).resolves.toEqual({ ok: true });
    const [url, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('omit');
    expect(init.body).toBe('{"email":"a@b.co"}');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok-1', 'Content-Type': 'application/json' });
  });

  it('sends no Authorization header without a token', async () => {
    const { client, fetchFn } = setup(jsonResponse(200, {}), null);
    await client.get('/auth/me');
    const [, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).not.toHaveProperty('Authorization');
  });

  it('drops the token and reloads on a 401 outside login', async () => {
    const { client, clearToken, reload } = setup(jsonResponse(401, { detail: 'Token revoked' }));
    await expect(client.get('/users')).rejects.toMatchObject({ status: 401, detail: 'Token revoked' });
    expect(clearToken).toHaveBeenCalledOnce();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('leaves the session alone on a 401 from the login call', async () => {
    const { client, clearToken, reload } = setup(
      jsonResponse(401, { detail: 'Incorrect email or password' }),
    );
    await expect(client.post('/auth/login', {})).rejects.toMatchObject({ status: 401 });
    expect(clearToken).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('can skip the 401 rule for a call whose failure is only logged', async () => {
    const { client, reload } = setup(jsonResponse(401, {}));
    await expect(client.post('/auth/logout', {}, { skipSessionExpiry: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(reload).not.toHaveBeenCalled();
  });

  it('uses the server detail, else the generic text', async () => {
    const withDetail = setup(jsonResponse(409, { detail: 'E-mail already in use' }));
    const error = await withDetail.client.post('/users', {}).catch((e: unknown) => e);
    expect(errorMessage(error)).toBe('E-mail already in use');

    const withoutDetail = setup(new Response('oops', { status: 500 }));
    const bare = await withoutDetail.client.get('/users').catch((e: unknown) => e);
    expect(bare).toMatchObject({ status: 500, detail: null });
    expect(errorMessage(bare)).toBe('An error occurred');
  });

  it('reports a network failure with its own message and no status', async () => {
    const { client } = setup(new TypeError('Failed to fetch'));
    const error = await client.get('/users').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
    expect(errorMessage(error)).toBe('Failed to fetch');
  });

  it('calls an unreadable success body an unexpected error', async () => {
    const { client } = setup(new Response('<html>', { status: 200 }));
    const error = await client.get('/users').catch((e: unknown) => e);
    expect(errorMessage(error)).toBe('An unexpected error occurred');
    expect(errorMessage('weird')).toBe('An unexpected error occurred');
  });

  it('returns undefined for an empty body', async () => {
    const { client } = setup(new Response(null, { status: 204 }));
    await expect(client.delete('/users/1')).resolves.toBeUndefined();
  });
});
