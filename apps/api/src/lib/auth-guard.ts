/**
 * Bearer-token guards shared by every feature. The app installs an Authenticator (implemented by the auth
 * feature) and gets two hooks: `app.requireUser` (401 for a missing, invalid, expired or revoked token, or a
 * deleted user) and `app.requireAdmin` (the same, then 403 for a non-admin). Use them as onRequest hooks so a
 * request is refused before its body is parsed:
 *
 *   app.get('/things', { onRequest: app.requireUser }, async (request) => list(currentUser(request)));
 */
import type { Role } from '@qa/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

export interface RequestUser {
  id: string;
  email: string;
  role: Role;
  /** The token's id and expiry, for logout. */
  jti: string;
  /** The session version the token carries (the user's current one, or it would have been refused). */
  sessionVersion: number;
  tokenExpiresAt: Date;
}

export type AuthResult = { ok: true; user: RequestUser } | { ok: false; detail: string };

export interface Authenticator {
  authenticate(token: string): Promise<AuthResult>;
}

export type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requireAdmin; null on public routes. */
    user: RequestUser | null;
  }
  interface FastifyInstance {
    requireUser: AuthHook;
    requireAdmin: AuthHook;
    authenticator: Authenticator;
  }
}

export const ADMIN_REQUIRED_DETAIL = 'Not authorized - Admin access required';

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export function installAuthGuards(app: FastifyInstance, authenticator: Authenticator): void {
  app.decorateRequest('user', null);
  app.decorate('authenticator', authenticator);

  const requireUser: AuthHook = async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw AppError.unauthorized('Not authenticated');
    const result = await authenticator.authenticate(token);
    if (!result.ok) throw AppError.unauthorized(result.detail);
    request.user = result.user;
  };

  const requireAdmin: AuthHook = async (request, reply) => {
    await requireUser(request, reply);
    if (request.user?.role !== 'admin') throw AppError.forbidden(ADMIN_REQUIRED_DETAIL);
  };

  app.decorate('requireUser', requireUser);
  app.decorate('requireAdmin', requireAdmin);
}

/** The signed-in user of a route guarded by requireUser/requireAdmin. */
export function currentUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw AppError.unauthorized('Not authenticated');
  return request.user;
}
