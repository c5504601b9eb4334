/**
 * Authenticated websocket routes. A browser cannot set headers on a WebSocket, so the token travels either
 *  1. as a subprotocol pair: `new WebSocket(url, ['bearer', token])` (the server selects 'bearer'), or
 *  2. in the first message, `{ "type": "auth", "token": "..." }`, sent within AUTH_TIMEOUT_MS of opening.
 * On failure the socket is closed with 4401 (not authenticated) or 4403 (not allowed). Nothing is sent before
 * authentication succeeds. Tokens are never logged.
 *
 * Access is not decided once: the socket checks its token again every WS_RECHECK_MS, and at once when the user's
 * access changes (sign-out, deletion, a role or password change: access-events.ts). From the moment such an event
 * arrives until the check passes, `session.isActive()` is false, so a route that sends through it sends nothing
 * to a user who may have just lost access; a failed check closes the socket.
 *
 *   registerAuthenticatedSocket(app, {
 *     path: '/api/ws/progress',
 *     role: 'user',
 *     onOpen: (socket, user) => feed.subscribe((event) => socket.send(JSON.stringify(event))),  // cleanup on close
 *   });
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { AccessEvents } from './access-events.js';
import type { RequestUser } from './auth-guard.js';

export const WS_CLOSE_UNAUTHENTICATED = 4401;
export const WS_CLOSE_FORBIDDEN = 4403;
export const WS_AUTH_TIMEOUT_MS = 5000;
export const WS_BEARER_PROTOCOL = 'bearer';
const HEARTBEAT_MS = 30_000;
/** How often an open socket re-checks its token and user, whatever events it heard. */
export const WS_RECHECK_MS = 2_000;

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

/** Whether the socket's user is, as far as this process knows, still allowed what the socket was opened for. */
export interface SocketSession {
  isActive(): boolean;
}

export interface AuthenticatedSocketOptions {
  path: string;
  role: 'user' | 'admin';
  /** Called once the socket is authenticated; may return a cleanup run when it closes. */
  onOpen(
    socket: WebSocket,
    user: RequestUser,
    request: FastifyRequest,
    session: SocketSession,
  ): SocketCleanup | undefined;
  authTimeoutMs?: number;
  recheckMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    accessEvents: AccessEvents;
  }
}

export function registerAuthenticatedSocket(app: FastifyInstance, options: AuthenticatedSocketOptions): void {
  const authTimeoutMs = options.authTimeoutMs ?? WS_AUTH_TIMEOUT_MS;
  const recheckMs = options.recheckMs ?? WS_RECHECK_MS;

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
      let recheck: NodeJS.Timeout | undefined;
      let stopListening: (() => void) | undefined;
      let active = false;
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

      /** The user when the token still grants this socket's role; else the close code and reason. */
      const check = async (token: string): Promise<{ code: number; reason: string } | RequestUser> => {
        const result = await app.authenticator.authenticate(token);
        if (!result.ok) return { code: WS_CLOSE_UNAUTHENTICATED, reason: result.detail };
        if (options.role === 'admin' && result.user.role !== 'admin') {
          return { code: WS_CLOSE_FORBIDDEN, reason: 'Admin access required' };
        }
        return result.user;
      };

      const accept = async (token: string) => {
        const outcome = await check(token);
        if (socket.readyState !== socket.OPEN) return;
        if ('code' in outcome) return reject(outcome.code, outcome.reason);
        settled = true;
        active = true;
        request.user = outcome;
        heartbeat = setInterval(() => {
          if (!alive) return socket.terminate();
          alive = false;
          socket.ping();
        }, HEARTBEAT_MS);
        heartbeat.unref();

        let checking = false;
        const confirm = () => {
          if (checking) return;
          checking = true;
          check(token)
            .then((again) => {
              if ('code' in again) {
                active = false;
                if (socket.readyState === socket.OPEN) reject(again.code, again.reason);
              } else {
                active = true;
              }
            })
            .catch((error: unknown) => {
              // The check could not run (database away): send nothing until one succeeds.
              active = false;
              request.log.warn({ err: error, path: options.path }, 'Websocket access re-check failed');
            })
            .finally(() => {
              checking = false;
            });
        };
        stopListening = app.accessEvents.subscribe((userId) => {
          if (userId !== outcome.id) return;
          active = false;
          confirm();
        });
        recheck = setInterval(confirm, recheckMs);
        recheck.unref();
        cleanup = options.onOpen(socket, outcome, request, { isActive: () => active });
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
        active = false;
        clearTimeout(timer);
        if (heartbeat) clearInterval(heartbeat);
        if (recheck) clearInterval(recheck);
        stopListening?.();
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
