/**
 * Sign-in, token checks and sign-out. Unknown e-mails and wrong passwords get the same answer in about the same
 * time; attempts are throttled per e-mail and per client address (a short sliding window, never a long lockout),
 * counted before the password is checked; a success gives its attempt back and clears the e-mail's count.
 */
import type { AuthUser, LoginRequest, LoginResponse } from '@qa/contracts';
import type { AppDb } from '../../db/database.js';
import type { AccessEvents } from '../../lib/access-events.js';
import type { Authenticator, AuthResult, RequestUser } from '../../lib/auth-guard.js';
import { AppError } from '../../lib/errors.js';
import type { TokenService } from '../../lib/jwt.js';
import type { Logger } from '../../lib/logger.js';
import { verifyPassword } from '../../lib/passwords.js';
import { memoryThrottle, type ThrottleFactory, type ThrottleRule } from '../../lib/throttle.js';
import * as queries from './auth.queries.js';

export const LOGIN_FAILED_DETAIL = 'Incorrect email or password';
export const SESSION_ENDED_DETAIL = 'Session has ended: please sign in again';
export const LOGIN_THROTTLED_DETAIL = 'Too many failed sign-in attempts. Please wait and try again.';

/** Failures counted twice: per e-mail address asked about and per client address asking. */
export interface PerEmailAndAddressRules {
  perEmail: ThrottleRule;
  perAddress: ThrottleRule;
}

export type LoginThrottleRules = PerEmailAndAddressRules;

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleRules = {
  perEmail: { limit: 5, windowMs: 15 * 60_000 },
  perAddress: { limit: 20, windowMs: 15 * 60_000 },
};

export interface AuthServiceDeps {
  db: AppDb;
  tokens: TokenService;
  logger: Logger;
  throttle?: LoginThrottleRules;
  /** Where failures are counted: this process's memory (default) or Redis, shared by every server process. */
  throttleStore?: ThrottleFactory;
  now?: () => number;
  /** Told when a user signs out, so their open sockets check again. */
  accessEvents?: AccessEvents;
}

export function createAuthService({
  db,
  tokens,
  logger,
  throttle = DEFAULT_LOGIN_THROTTLE,
  throttleStore = memoryThrottle,
  now,
  accessEvents,
}: AuthServiceDeps) {
  const byEmail = throttleStore(throttle.perEmail, 'login-email', now);
  const byAddress = throttleStore(throttle.perAddress, 'login-address', now);

  const authenticator: Authenticator = {
    async authenticate(token): Promise<AuthResult> {
      const claims = await tokens.verify(token);
      if (!claims) return { ok: false, detail: 'Invalid or expired token' };
      const subject = await queries.findTokenSubject({ db, userId: claims.userId, jti: claims.jti });
      if (!subject) return { ok: false, detail: 'User no longer exists' };
      if (subject.revoked) return { ok: false, detail: 'Token has been revoked' };
      if (subject.session_version !== claims.sessionVersion)
        return { ok: false, detail: SESSION_ENDED_DETAIL };
      const user: RequestUser = {
        id: subject.id,
        email: subject.email,
        role: subject.role,
        jti: claims.jti,
        sessionVersion: claims.sessionVersion,
        tokenExpiresAt: claims.expiresAt,
      };
      return { ok: true, user };
    },
  };

  async function login(input: LoginRequest, address: string): Promise<LoginResponse> {
    const email = input.email.trim().toLowerCase();
    // Each attempt is counted before the password is checked, so parallel attempts cannot all be checked.
    const byThisEmail = await byEmail.attempt(`email:${email}`);
    if (!byThisEmail.allowed) throw throttled(email, address, byThisEmail.retryAfterSeconds);
    const fromThisAddress = await byAddress.attempt(`ip:${address}`);
    if (!fromThisAddress.allowed) {
      await byThisEmail.release();
      throw throttled(email, address, fromThisAddress.retryAfterSeconds);
    }

    const user = await queries.findUserForLogin({ db, email });
    const valid = await verifyPassword(user?.password_hash, input.password);
    if (!user || !valid) {
      logger.info({ email, address }, 'Sign-in failed');
      throw AppError.unauthorized(LOGIN_FAILED_DETAIL);
    }

    // A success is not a failure from this address, and clears the e-mail's count.
    await Promise.all([fromThisAddress.release(), byEmail.clear(`email:${email}`)]);
    await queries.recordLogin({ db, userId: user.id });
    const { token } = await tokens.sign(user.id, user.session_version);
    logger.info({ user_id: user.id, email: user.email }, 'Signed in');
    const authUser: AuthUser = { id: user.id, email: user.email, role: user.role };
    return { access_token: token, token_type: 'bearer', user: authUser };
  }

  function throttled(email: string, address: string, retryAfterSeconds: number): AppError {
    logger.warn({ email, address, retry_after_s: retryAfterSeconds }, 'Sign-in throttled');
    return AppError.tooManyRequests(LOGIN_THROTTLED_DETAIL, retryAfterSeconds);
  }

  async function logout(user: RequestUser): Promise<void> {
    await queries.revokeToken({ db, jti: user.jti, expiresAt: user.tokenExpiresAt });
    await queries.purgeExpiredRevocations({ db });
    accessEvents?.changed(user.id);
    logger.info({ user_id: user.id, email: user.email }, 'Signed out');
  }

  /** Ends every session of the user, on every device (this token included). */
  async function logoutEverywhere(user: RequestUser): Promise<void> {
    await queries.endAllSessions({ db, userId: user.id });
    accessEvents?.changed(user.id);
    logger.info({ user_id: user.id, email: user.email }, 'Signed out everywhere');
  }

  return { authenticator, login, logout, logoutEverywhere };
}

export type AuthService = ReturnType<typeof createAuthService>;
