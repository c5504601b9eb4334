/**
 * One error kind for the whole API and one Fastify error handler that turns every failure into `{ detail }`
 * with the right status. Services throw AppError; zod failures become 422 naming the field; Fastify's own
 * client errors (malformed JSON, body too large, unsupported media type) keep their status with a readable
 * detail; anything else is logged with context and answered with a generic 500.
 */
import type { ErrorResponse } from '@qa/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { isRedisUnavailable } from './shared-bus.js';

export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  too_many_requests: 429,
  internal: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    /** Extra response headers, e.g. Retry-After for 429 or WWW-Authenticate for 401. */
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }

  static badRequest(detail: string) {
    return new AppError('bad_request', detail);
  }
  static unauthorized(detail = 'Not authenticated') {
    return new AppError('unauthorized', detail, { 'www-authenticate': 'Bearer' });
  }
  static forbidden(detail = 'Not authorized') {
    return new AppError('forbidden', detail);
  }
  static notFound(detail = 'Not found') {
    return new AppError('not_found', detail);
  }
  static conflict(detail: string) {
    return new AppError('conflict', detail);
  }
  static unprocessable(detail: string) {
    return new AppError('unprocessable', detail);
  }
  static tooManyRequests(detail: string, retryAfterSeconds: number) {
    return new AppError('too_many_requests', detail, {
      'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    });
  }
}

/** "email: Enter a valid e-mail address; password: Password must be at least 8 characters long" */
export function formatZodError(error: ZodError): string {
  const parts = error.issues.map((issue) => {
    const field = issue.path.map(String).join('.') || 'body';
    const missing = issue.code === 'invalid_type' && /received undefined$/.test(issue.message);
    return `${field}: ${missing ? 'Field required' : issue.message}`;
  });
  return [...new Set(parts)].join('; ') || 'Invalid request';
}

/**
 * Parses untrusted input at the edge; a failure becomes a 422 through the error handler. A missing body is
 * treated as {} so the detail names the missing fields rather than the body.
 */
export function parseInput<T>(schema: { parse(data: unknown): T }, data: unknown): T {
  return schema.parse(data ?? {});
}

const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON in request body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty but Content-Type is application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported Content-Type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body size did not match Content-Length',
};

function send(reply: FastifyReply, status: number, detail: string, headers: Record<string, string> = {}) {
  const body: ErrorResponse = { detail };
  return reply.code(status).headers(headers).type('application/json; charset=utf-8').send(body);
}

export const SHARED_STATE_UNAVAILABLE_DETAIL =
  'The shared state store (Redis) is unavailable for a moment. Please try again.';
export const DATABASE_UNAVAILABLE_DETAIL = 'The database is unavailable for a moment. Please try again.';

/**
 * A request whose database connection was cut (PostgreSQL restarted, failed over, or ended the session) or could
 * not be opened: a passing condition, answered 503 with Retry-After rather than 500.
 */
function isLostDatabaseConnection(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  // 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 08xxx connection exceptions.
  if (typeof code === 'string' && (/^57P0[123]$/.test(code) || /^08/.test(code))) return true;
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EPIPE') return true;
  return /^Connection terminated|^Client has encountered a connection error/.test(error.message);
}

export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.status >= 500) request.log.error({ err: error }, error.detail);
    return send(reply, error.status, error.detail, error.headers);
  }
  if (error instanceof ZodError) {
    return send(reply, 422, formatZodError(error));
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    // Fastify reports a JSON parse failure as a plain SyntaxError with statusCode 400.
    if (fastifyError.statusCode === 400)
      return send(reply, 400, FASTIFY_CLIENT_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY!);
  }
  if (isRedisUnavailable(error)) {
    // Shared state (throttles, rate limits) falls back to memory; anything else that needs Redis waits for it.
    request.log.warn(
      { err: error.message, url: request.routeOptions.url ?? request.url },
      'Redis unavailable',
    );
    return send(reply, 503, SHARED_STATE_UNAVAILABLE_DETAIL, { 'retry-after': '2' });
  }
  if (isLostDatabaseConnection(error)) {
    request.log.warn(
      { err: error.message, url: request.routeOptions.url ?? request.url },
      'Database unavailable',
    );
    return send(reply, 503, DATABASE_UNAVAILABLE_DETAIL, { 'retry-after': '2' });
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const detail =
      (fastifyError.code && FASTIFY_CLIENT_ERRORS[fastifyError.code]) || error.message || 'Bad request';
    return send(reply, status, detail);
  }
  request.log.error(
    { err: error, method: request.method, url: request.routeOptions.url ?? request.url },
    'Unhandled error while handling request',
  );
  return send(reply, 500, 'Internal server error');
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(errorHandler);
}
