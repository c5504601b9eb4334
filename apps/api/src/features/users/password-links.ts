/**
 * The password reset / invitation flow (public): a single-use link e-mailed to the account (valid an hour for a
 * reset, a week for an invitation), asked for without revealing whether the account exists and throttled per
 * e-mail and per client address, and the new password set through it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { MessageResponse } from '@qa/contracts';
import type { AppDb } from '../../db/database.js';
import type { PasswordTokenPurpose } from '../../db/schema.js';
import type { AccessEvents } from '../../lib/access-events.js';
import { AppError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import type { Mailer } from '../../lib/mailer.js';
import { guessablePasswordError, hashPassword } from '../../lib/passwords.js';
import { memoryThrottle, type Throttle, type ThrottleFactory } from '../../lib/throttle.js';
import type { PerEmailAndAddressRules } from '../auth/auth.service.js';
import { inviteMail, resetMail } from './password-mails.js';
import { DETAILS } from './user-messages.js';
import * as queries from './users.queries.js';

export const RESET_TOKEN_TTL_MS = 60 * 60_000;
export const INVITE_TOKEN_TTL_MS = 7 * 24 * 3600_000;

export type ResetThrottleRules = PerEmailAndAddressRules;

export const DEFAULT_RESET_THROTTLE: ResetThrottleRules = {
  perEmail: { limit: 3, windowMs: 15 * 60_000 },
  perAddress: { limit: 10, windowMs: 15 * 60_000 },
};

export interface PasswordLinksDeps {
  db: AppDb;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  resetThrottle?: ResetThrottleRules;
  /** Where requests are counted: this process's memory (default) or Redis, shared by every server process. */
  throttleStore?: ThrottleFactory;
  now?: () => number;
  /** Told when a user's password changes, so their open sockets check again. */
  accessEvents?: AccessEvents;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createPasswordLinks({
  db,
  mailer,
  logger,
  publicUrl,
  resetThrottle = DEFAULT_RESET_THROTTLE,
  throttleStore = memoryThrottle,
  now = Date.now,
  accessEvents,
}: PasswordLinksDeps) {
  const resetByEmail = throttleStore(resetThrottle.perEmail, 'reset-email', now);
  const resetByAddress = throttleStore(resetThrottle.perAddress, 'reset-address', now);

  async function issuePasswordLink(user: { id: string; email: string }, purpose: PasswordTokenPurpose) {
    const token = randomBytes(32).toString('base64url');
    const ttl = purpose === 'invite' ? INVITE_TOKEN_TTL_MS : RESET_TOKEN_TTL_MS;
    await queries.insertPasswordToken({
      db,
      userId: user.id,
      tokenHash: hashToken(token),
      purpose,
      expiresAt: new Date(now() + ttl),
    });
    const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    mailer.send(purpose === 'invite' ? inviteMail(user.email, link) : resetMail(user.email, link));
  }

  /** Always the same answer, whether or not the account exists (no enumeration). */
  async function requestPasswordReset(
    rawEmail: string,
    { address, byAdmin }: { address: string; byAdmin: boolean },
  ): Promise<MessageResponse> {
    const email = rawEmail.trim().toLowerCase();
    // An admin's Reset Password action (user management) uses the same endpoint and is not throttled.
    const throttled: Array<[Throttle, string]> = byAdmin
      ? []
      : [
          [resetByEmail, `email:${email}`],
          [resetByAddress, `ip:${address}`],
        ];
    // Every request counts (it sends an e-mail); the count and the decision are one step.
    const counted: Array<() => Promise<void>> = [];
    for (const [throttle, key] of throttled) {
      const attempt = await throttle.attempt(key);
      if (!attempt.allowed) {
        // A refused request was not made: take back what the other rule counted for it.
        await Promise.all(counted.map((release) => release()));
        throw AppError.tooManyRequests(DETAILS.resetThrottled, attempt.retryAfterSeconds);
      }
      counted.push(attempt.release);
    }

    const user = await queries.findUserByEmail({ db, email });
    if (user) {
      await issuePasswordLink(user, 'reset');
      logger.info({ user_id: user.id, email }, 'Password reset requested');
    } else {
      logger.info({ email }, 'Password reset requested for an unknown e-mail');
    }
    await queries.purgeStalePasswordTokens({ db });
    return { message: DETAILS.resetRequested };
  }

  async function setPassword(token: string, newPassword: string): Promise<MessageResponse> {
    const guessable = guessablePasswordError(newPassword);
    if (guessable) throw AppError.unprocessable(`new_password: ${guessable}`);
    const row = await queries.findPasswordToken({ db, tokenHash: hashToken(token) });
    if (!row || row.used_at) throw AppError.badRequest(DETAILS.invalidToken);
    if (row.expires_at.getTime() <= now()) throw AppError.badRequest(DETAILS.expiredToken);
    const passwordHash = await hashPassword(newPassword);
    const applied = await db.transaction().execute(async (trx) => {
      if (!(await queries.consumePasswordToken({ db: trx, id: row.id }))) return false;
      await queries.setPasswordHash({ db: trx, userId: row.user_id, passwordHash });
      return true;
    });
    if (!applied) throw AppError.badRequest(DETAILS.invalidToken);
    accessEvents?.changed(row.user_id);
    logger.info({ user_id: row.user_id, purpose: row.purpose }, 'Password set through an e-mailed link');
    return { message: DETAILS.passwordUpdated };
  }

  return { issue: issuePasswordLink, requestPasswordReset, setPassword };
}
