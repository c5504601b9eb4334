/** Request ids, one log line per request, and security headers. */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { scrubUrl } from './logger.js';

export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_REQUEST_ID = /^[\w.-]{1,64}$/;

/** Reuses a well-formed incoming X-Request-Id (from a proxy or the caller), otherwise makes one. */
export function generateRequestId(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Content Security Policy: everything from this origin only. Inline styles are allowed because UI libraries
 * (Radix positioning, map and chart libraries) set style attributes; blob: workers and images are for map and
 * chart renderers; frames are same-origin (charts and maps are served by this server). Routes that need more
 * can set their own content-security-policy header.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  childSrc: ["'self'", 'blob:'],
  frameSrc: ["'self'"],
  frameAncestors: ["'self'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
  // The app is usually served over plain http on 127.0.0.1: upgrading would break it.
  upgradeInsecureRequests: null,
};

export async function registerHttpHooks(app: FastifyInstance, { https }: { https: boolean }) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    // Strict-Transport-Security only makes sense when the public address is https.
    strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: false } : false,
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  app.addHook('onResponse', async (request, reply) => {
    const url = scrubUrl(request.url);
    const isApi = url.startsWith('/api');
    const context = {
      method: request.method,
      url,
      status_code: reply.statusCode,
      response_time_ms: Math.round(reply.elapsedTime * 10) / 10,
      ...(request.user ? { user_id: request.user.id } : {}),
    };
    const message = `${request.method} ${url} ${reply.statusCode} ${Math.round(reply.elapsedTime)}ms`;
    if (reply.statusCode >= 500) request.log.error(context, message);
    else if (isApi) request.log.info(context, message);
    else request.log.debug(context, message);
  });
}
