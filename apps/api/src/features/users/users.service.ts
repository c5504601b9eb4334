/**
 * User administration (admin only at the routes), the password reset / invitation flow (public), usage reports
 * read from the llm_usage ledger, and the first-start admin bootstrap.
 */
import { createHash, randomBytes } from 'node:crypto';
import type {
  createUserRequestSchema,
  MessageResponse,
  MonthlyUsage,
  TotalUsageResponse,
  UsageResponse,
  User,
  updateUserRequestSchema,
} from '@qa/contracts';
import type { z } from 'zod';
import type { AppDb } from '../../db/database.js';
import type { PasswordTokenPurpose } from '../../db/schema.js';
import type { RequestUser } from '../../lib/auth-guard.js';
import { AppError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import type { Mailer } from '../../lib/mailer.js';
import { hashPassword } from '../../lib/passwords.js';
import { FailureThrottle, type ThrottleRule } from '../../lib/throttle.js';
import * as queries from './users.queries.js';

export const RESET_TOKEN_TTL_MS = 60 * 60_000;
export const INVITE_TOKEN_TTL_MS = 7 * 24 * 3600_000;

export const DETAILS = {
  userNotFound: 'User not found',
  emailTaken: 'A user with this email already exists',
  protectedDelete: 'This user account cannot be deleted',
  protectedRole: 'The role of this user account cannot be changed',
  selfDelete: 'You cannot delete your own account',
  selfDemote: 'You cannot remove your own admin role',
  invalidToken: 'Invalid password reset link: invalid token',
  expiredToken: 'Password reset link has expired: token expired',
  resetRequested: 'If an account exists for this email, a password reset link has been sent.',
  passwordUpdated: 'Password has been updated',
  resetThrottled: 'Too many password reset requests. Please wait and try again.',
} as const;

export interface ResetThrottleRules {
  perEmail: ThrottleRule;
  perAddress: ThrottleRule;
}

export const DEFAULT_RESET_THROTTLE: ResetThrottleRules = {
  perEmail: { limit: 3, windowMs: 15 * 60_000 },
  perAddress: { limit: 10, windowMs: 15 * 60_000 },
};

type UserRowLike = NonNullable<Awaited<ReturnType<typeof queries.findUserById>>>;

function toUser(row: UserRowLike): User {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    created_at: row.created_at.toISOString(),
    last_login: row.last_login ? row.last_login.toISOString() : null,
    is_protected: row.is_protected,
    monthly_budget_usd: row.monthly_budget_usd === null ? null : Number(row.monthly_budget_usd),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

const roundUsd = (value: number) => Math.round(value * 1e8) / 1e8;

function toMonthly(rows: Awaited<ReturnType<typeof queries.monthlyUsage>>): MonthlyUsage[] {
  return rows.map((row) => ({
    month: row.month,
    cost_usd: roundUsd(Number(row.cost_usd)),
    message_count: Number(row.message_count),
    sessions_count: Number(row.sessions_count),
  }));
}

export interface UsersServiceDeps {
  db: AppDb;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  resetThrottle?: ResetThrottleRules;
  now?: () => number;
}

export function createUsersService({
  db,
  mailer,
  logger,
  publicUrl,
  resetThrottle = DEFAULT_RESET_THROTTLE,
  now = Date.now,
}: UsersServiceDeps) {
  const resetByEmail = new FailureThrottle(resetThrottle.perEmail, now);
  const resetByAddress = new FailureThrottle(resetThrottle.perAddress, now);

  async function requireUserRow(id: string): Promise<UserRowLike> {
    const row = UUID.test(id) ? await queries.findUserById({ db, id }) : undefined;
    if (!row) throw AppError.notFound(DETAILS.userNotFound);
    return row;
  }

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

  async function list(): Promise<User[]> {
    return (await queries.listUsers({ db })).map(toUser);
  }

  async function create(input: z.output<typeof createUserRequestSchema>, actor: RequestUser): Promise<User> {
    if (await queries.findUserByEmail({ db, email: input.email }))
      throw AppError.conflict(DETAILS.emailTaken);
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    let row: UserRowLike;
    try {
      row = await queries.insertUser({
        db,
        user: { email: input.email, role: input.role, password_hash: passwordHash },
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(DETAILS.emailTaken);
      throw error;
    }
    logger.info({ user_id: row.id, email: row.email, role: row.role, by: actor.email }, 'User created');
    if (input.send_invite) await issuePasswordLink(row, 'invite');
    return toUser(row);
  }

  async function update(id: string, input: z.output<typeof updateUserRequestSchema>, actor: RequestUser) {
    const existing = await requireUserRow(id);
    if (existing.role !== input.role) {
      if (existing.id === actor.id) throw AppError.forbidden(DETAILS.selfDemote);
      if (existing.is_protected) throw AppError.forbidden(DETAILS.protectedRole);
    }
    if (input.email !== existing.email) {
      const other = await queries.findUserByEmail({ db, email: input.email });
      if (other && other.id !== id) throw AppError.conflict(DETAILS.emailTaken);
    }
    const changes: Parameters<typeof queries.updateUser>[0]['changes'] = {
      email: input.email,
      role: input.role,
    };
    if (input.password) changes.password_hash = await hashPassword(input.password);
    if (input.monthly_budget_usd !== undefined) changes.monthly_budget_usd = input.monthly_budget_usd;
    let row: UserRowLike | undefined;
    try {
      row = await queries.updateUser({ db, id, changes });
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(DETAILS.emailTaken);
      throw error;
    }
    if (!row) throw AppError.notFound(DETAILS.userNotFound);
    logger.info(
      {
        user_id: id,
        email: row.email,
        role: row.role,
        password_changed: Boolean(input.password),
        by: actor.email,
      },
      'User updated',
    );
    return toUser(row);
  }

  async function remove(id: string, actor: RequestUser): Promise<MessageResponse> {
    const existing = await requireUserRow(id);
    if (existing.is_protected) throw AppError.forbidden(DETAILS.protectedDelete);
    if (existing.id === actor.id) throw AppError.forbidden(DETAILS.selfDelete);
    if (!(await queries.deleteUser({ db, id }))) throw AppError.notFound(DETAILS.userNotFound);
    logger.info({ user_id: id, email: existing.email, by: actor.email }, 'User deleted');
    return { message: 'User deleted' };
  }

  async function usage(id: string): Promise<UsageResponse> {
    const user = await requireUserRow(id);
    const monthly = toMonthly(await queries.monthlyUsage({ db, userId: id }));
    return {
      user_id: user.id,
      user_email: user.email,
      total_cost_usd: roundUsd(monthly.reduce((sum, month) => sum + month.cost_usd, 0)),
      monthly_breakdown: monthly,
    };
  }

  async function totalUsage(): Promise<TotalUsageResponse> {
    const [monthlyRows, userRows] = [await queries.monthlyUsage({ db }), await queries.usageByUser({ db })];
    const monthly = toMonthly(monthlyRows);
    return {
      total_cost_usd: roundUsd(monthly.reduce((sum, month) => sum + month.cost_usd, 0)),
      monthly_breakdown: monthly,
      users: userRows.map((row) => ({
        user_id: row.user_id,
        user_email: row.user_email,
        total_cost_usd: roundUsd(Number(row.total_cost_usd)),
        message_count: Number(row.message_count),
      })),
    };
  }

  /** Always the same answer, whether or not the account exists (no enumeration). */
  async function requestPasswordReset(
    rawEmail: string,
    { address, byAdmin }: { address: string; byAdmin: boolean },
  ): Promise<MessageResponse> {
    const email = rawEmail.trim().toLowerCase();
    // An admin's Reset Password action (user management) uses the same endpoint and is not throttled.
    const throttled: Array<[FailureThrottle, string]> = byAdmin
      ? []
      : [
          [resetByEmail, `email:${email}`],
          [resetByAddress, `ip:${address}`],
        ];
    for (const [throttle, key] of throttled) {
      const status = throttle.check(key);
      if (status.blocked) throw AppError.tooManyRequests(DETAILS.resetThrottled, status.retryAfterSeconds);
    }
    for (const [throttle, key] of throttled) throttle.record(key);

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
    logger.info({ user_id: row.user_id, purpose: row.purpose }, 'Password set through an e-mailed link');
    return { message: DETAILS.passwordUpdated };
  }

  return { list, create, update, remove, usage, totalUsage, requestPasswordReset, setPassword };
}

export type UsersService = ReturnType<typeof createUsersService>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function mailHtml(paragraphs: string[], link: string, button: string): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const href = escapeHtml(link);
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
${body}
<p><a href="${href}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="font-size:12px;color:#6b7280">If the button does not work, open this address: ${href}</p>
</body></html>`;
}

export function resetMail(to: string, link: string) {
  const lines = [
    'Someone asked to reset the password of your Query Agent account.',
    'Use the link below within 60 minutes to choose a new password. If you did not ask for this, you can ignore this e-mail.',
  ];
  return {
    to,
    subject: 'Reset your Query Agent password',
    text: `${lines.join('\n\n')}\n\n${link}\n`,
    html: mailHtml(lines, link, 'Reset password'),
    link,
  };
}

export function inviteMail(to: string, link: string) {
  const lines = [
    'You have been invited to Query Agent, the assistant for questions about UK broadband availability.',
    'Use the link below within 7 days to set your password, then sign in with this e-mail address.',
  ];
  return {
    to,
    subject: 'You are invited to Query Agent',
    text: `${lines.join('\n\n')}\n\n${link}\n`,
    html: mailHtml(lines, link, 'Set your password'),
    link,
  };
}
