/**
 * The one way the web app talks to the API: base '/api', JSON both ways, and the bearer token from
 * localStorage. It owns two rules so no feature has to remember them:
 * - any 401 except from the login call removes the token and reloads the page (the guard then sends
 *   the visitor to /login with a redirectUrl);
 * - error texts: the server's `detail`, else 'An error occurred'; without a response, the error's own
 *   message; anything else 'An unexpected error occurred'.
 */
import { clearAuthToken, getAuthToken } from './auth-token';

export const API_BASE_URL = '/api';
export const LOGIN_PATH = '/auth/login';
export const GENERIC_ERROR_MESSAGE = 'An error occurred';
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred';

export class ApiError extends Error {
  /** HTTP status, or null when no response arrived (network failure). */
  readonly status: number | null;
  /** The server's `detail`, when it sent one. */
  readonly detail: string | null;

  constructor(message: string, options: { status: number | null; detail?: string | null; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = 'ApiError';
    this.status = options.status;
    this.detail = options.detail ?? null;
  }

  get isNetworkError(): boolean {
    return this.status === null;
  }
}

/** True when a response should end the session: a 401 from anything but the login call. */
export function isSessionExpiry(status: number, path: string): boolean {
  return status === 401 && stripQuery(path) !== LOGIN_PATH;
}

function stripQuery(path: string): string {
  const q = path.indexOf('?');
  return q === -1 ? path : path.slice(0, q);
}

/** Reads `detail` from an error body; FastAPI-style lists of issues are joined. */
export function extractDetail(body: unknown): string | null {
  if (!body || typeof body !== 'object' || !('detail' in body)) return null;
  const detail = (body as { detail: unknown }).detail;
  if (typeof detail === 'string') return detail || null;
  if (Array.isArray(detail)) {
    const parts = detail
      .map((item) => (item && typeof item === 'object' && 'msg' in item ? String(item.msg) : String(item)))
      .filter(Boolean);
    return parts.length ? parts.join('; ') : null;
  }
  return null;
}

/**
 * The generic error text for any thrown value: the server's detail, else 'An error occurred' for a response
 * without one; without a response, the error's own message; anything else 'An unexpected error occurred'.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.detail) return error.detail;
    if (error.isNetworkError) return error.message;
    return error.message === UNEXPECTED_ERROR_MESSAGE ? error.message : GENERIC_ERROR_MESSAGE;
  }
  if (error instanceof Error && error.message) return error.message;
  return UNEXPECTED_ERROR_MESSAGE;
}

/** A screen-specific failure text (e.g. 'Failed to add user') unless the server explained itself. */
export function detailOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: unknown;
  signal?: AbortSignal;
  /** Do not apply the 401 rule (logout uses it: its failure is only logged). */
  skipSessionExpiry?: boolean;
};

export type ApiClientDeps = {
  baseUrl?: string;
  fetchFn?: typeof fetch;
  getToken?: () => string | null;
  clearToken?: () => void;
  reload?: () => void;
};

export function createApiClient(deps: ApiClientDeps = {}) {
  const baseUrl = deps.baseUrl ?? API_BASE_URL;
  const fetchFn = deps.fetchFn ?? ((input, init) => fetch(input, init));
  const getToken = deps.getToken ?? getAuthToken;
  const clearToken = deps.clearToken ?? clearAuthToken;
  const reload = deps.reload ?? (() => window.location.reload());

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';

    let response: Response;
    try {
      response = await fetchFn(`${baseUrl}${path}`, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
        credentials: 'omit',
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      const message = cause instanceof Error && cause.message ? cause.message : UNEXPECTED_ERROR_MESSAGE;
      throw new ApiError(message, { status: null, cause });
    }

    if (!response.ok) {
      const detail = extractDetail(await readJson(response));
      if (!options.skipSessionExpiry && isSessionExpiry(response.status, path)) {
        clearToken();
        reload();
      }
      throw new ApiError(detail ?? GENERIC_ERROR_MESSAGE, { status: response.status, detail });
    }

    if (response.status === 204) return undefined as T;
    const text = await response.text();
    if (!text) return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch (cause) {
      throw new ApiError(UNEXPECTED_ERROR_MESSAGE, { status: response.status, cause });
    }
  }

  return {
    request,
    get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'POST', body: body ?? {} }),
    put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'PUT', body: body ?? {} }),
    patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'PATCH', body: body ?? {} }),
    delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'DELETE' }),
  };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const api = createApiClient();

/** Builds the ws:// or wss:// address of an API websocket path on this origin. */
export function apiWebSocketUrl(path: string): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}${API_BASE_URL}${path}`;
}
