/**
 * Authenticated websocket routes. A browser cannot set headers on a WebSocket, so the token travels either
 *  1. as a subprotocol pair: `new WebSocket(url, ['bearer', token])` (the server selects 'bearer'), or
 *  2. in the first message, `{ "type": "auth", "token": "..." }`, sent within AUTH_TIMEOUT_MS of opening.
 * On failure the socket is closed with 4401 (not authenticated) or 4403 (not allowed). Nothing is sent before
 * authentication succeeds. Tokens are never logged.
 *
 *   registerAuthenticatedSocket(app, {
 *     path: '/api/ws/progress',
 *     role: 'user',
 *     onOpen: (socket, user) => feed.subscribe((event) => socket.send(JSON.stringify(event))),  // cleanup on close
 *   });
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { RequestUser } from './auth-guard.js';

export const WS_CLOSE_UNAUTHENTICATED = 4401;
export const WS_CLOSE_FORBIDDEN = 4403;
export const WS_AUTH_TIMEOUT_MS = 5000;
export const WS_BEARER_PROTOCOL = 'bearer';
const HEARTBEAT_MS = 30_000;

/** For @fastify/websocket's `options.handleProtocols`: accept the 'bearer' subprotocol when offered. */
export function selectBearerProtocol(protocols: Set<string>): string | false {
  return protocols.has(WS_BEARER_PROTOCOL) ? WS_BEARER_PROTOCOL : false;
}

/** The token of a `Sec-WebSocket-Protocol: bearer, <token>` header, or null. */
export function tokenFromProtocols(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return null;
  const parts = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const index = parts.indexOf(WS_BEARER_PROTOCOL);
  return index >= 0 ? (parts[index + 1] ?? null) : null;
}

export type SocketCleanup = () => void;

export interface AuthenticatedSocketOptions {
  path: string;
  role: 'user' | 'admin';
  /** Called once the socket is authenticated; may return a cleanup run when it closes. */
  onOpen(socket: WebSocket, user: RequestUser, request: FastifyRequest): SocketCleanup | undefined;
  authTimeoutMs?: number;
}

export function registerAuthenticatedSocket(app: FastifyInstance, options: AuthenticatedSocketOptions): void {
  const authTimeoutMs = options.authTimeoutMs ?? WS_AUTH_TIMEOUT_MS;

  app.route({
    method: 'GET',
    url: options.path,
    // A plain HTTP GET (no Upgrade) gets a JSON answer instead of an empty 404.
    handler: async (_request, reply) =>
      reply
        .code(426)
        .header('upgrade', 'websocket')
        .send({ detail: 'This endpoint needs a WebSocket connection' }),
    wsHandler: (socket, request) => {
      let settled = false;
      let cleanup: SocketCleanup | undefined;
      let heartbeat: NodeJS.Timeout | undefined;
      let alive = true;
      const timer = setTimeout(() => {
        if (!settled) reject(WS_CLOSE_UNAUTHENTICATED, 'Authentication timed out');
      }, authTimeoutMs);
      timer.unref();

      const reject = (code: number, reason: string) => {
        settled = true;
        request.log.info({ path: options.path, code }, `Websocket rejected: ${reason}`);
        socket.close(code, reason);
      };

      const accept = async (token: string) => {
        const result = await app.authenticator.authenticate(token);
        if (socket.readyState !== socket.OPEN) return;
        if (!result.ok) return reject(WS_CLOSE_UNAUTHENTICATED, result.detail);
        if (options.role === 'admin' && result.user.role !== 'admin') {
          return reject(WS_CLOSE_FORBIDDEN, 'Admin access required');
        }
        settled = true;
        request.user = result.user;
        heartbeat = setInterval(() => {
          if (!alive) return socket.terminate();
          alive = false;
          socket.ping();
        }, HEARTBEAT_MS);
        heartbeat.unref();
        cleanup = options.onOpen(socket, result.user, request);
      };

      const fail = (error: unknown) => {
        request.log.error({ err: error, path: options.path }, 'Websocket authentication failed');
        if (socket.readyState === socket.OPEN) socket.close(1011, 'Internal error');
      };

      socket.on('pong', () => {
        alive = true;
      });
      socket.on('close', () => {
        settled = true;
        clearTimeout(timer);
        if (heartbeat) clearInterval(heartbeat);
        try {
          cleanup?.();
        } catch (error) {
          request.log.error({ err: error }, 'Websocket cleanup failed');
        }
      });

      const protocolToken = tokenFromProtocols(request.headers['sec-websocket-protocol']);
      if (protocolToken) {
        clearTimeout(timer);
        accept(protocolToken).catch(fail);
        return;
      }

      socket.once('message', (data) => {
        if (settled) return;
        clearTimeout(timer);
        let token: unknown;
        try {
          const message = JSON.parse(data.toString()) as { type?: unknown; token?: unknown };
          token = message.type === 'auth' ? message.token : undefined;
        } catch {
          token = undefined;
        }
        if (typeof token !== 'string' || token.length === 0) {
          return reject(
            WS_CLOSE_UNAUTHENTICATED,
            'Expected {"type":"auth","token":...} as the first message',
          );
        }
        accept(token).catch(fail);
      });
    },
  });
}
