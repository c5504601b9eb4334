/**
 * User administration (admin only at the routes): list, create (optionally sending an invitation), update and
 * delete users, with the rules that keep the system usable (no self-demotion or self-deletion, protected
 * accounts keep their role), and the usage reports read from the llm_usage ledger.
 */
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
import type { RequestUser } from '../../lib/auth-guard.js';
import { AppError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import { guessablePasswordError, hashPassword } from '../../lib/passwords.js';
import { DETAILS } from './user-messages.js';
import * as queries from './users.queries.js';

export interface UsersAdminDeps {
  db: AppDb;
  logger: Logger;
}

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

async function requireUserRow(db: AppDb, id: string): Promise<UserRowLike> {
  const row = UUID.test(id) ? await queries.findUserById({ db, id }) : undefined;
  if (!row) throw AppError.notFound(DETAILS.userNotFound);
  return row;
}

/** 422 'password: ...' for a new password that is too easy to guess (the form's other rules ran in the schema). */
export function refuseGuessable(password: string | undefined): void {
  const problem = password ? guessablePasswordError(password) : null;
  if (problem) throw AppError.unprocessable(`password: ${problem}`);
}

export async function listUsers({ db }: UsersAdminDeps): Promise<User[]> {
  return (await queries.listUsers({ db })).map(toUser);
}

/** A new user; with `send_invite`, `invite` e-mails the link to set a password. */
export async function createUser(
  { db, logger }: UsersAdminDeps,
  input: z.output<typeof createUserRequestSchema>,
  actor: RequestUser,
  invite: (user: { id: string; email: string }) => Promise<void>,
): Promise<User> {
  refuseGuessable(input.password);
  if (await queries.findUserByEmail({ db, email: input.email })) throw AppError.conflict(DETAILS.emailTaken);
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
  if (input.send_invite) await invite(row);
  return toUser(row);
}

export async function updateUser(
  { db, logger }: UsersAdminDeps,
  id: string,
  input: z.output<typeof updateUserRequestSchema>,
  actor: RequestUser,
): Promise<User> {
  refuseGuessable(input.password);
  const existing = await requireUserRow(db, id);
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
    // A new password or role ends the user's sessions: tokens signed before it are refused from now on.
    const endSessions = Boolean(input.password) || existing.role !== input.role;
    row = await queries.updateUser({ db, id, changes, endSessions });
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

export async function removeUser(
  { db, logger }: UsersAdminDeps,
  id: string,
  actor: RequestUser,
): Promise<MessageResponse> {
  const existing = await requireUserRow(db, id);
  if (existing.is_protected) throw AppError.forbidden(DETAILS.protectedDelete);
  if (existing.id === actor.id) throw AppError.forbidden(DETAILS.selfDelete);
  if (!(await queries.deleteUser({ db, id }))) throw AppError.notFound(DETAILS.userNotFound);
  logger.info({ user_id: id, email: existing.email, by: actor.email }, 'User deleted');
  return { message: 'User deleted' };
}

export async function userUsage({ db }: UsersAdminDeps, id: string): Promise<UsageResponse> {
  const user = await requireUserRow(db, id);
  const monthly = toMonthly(await queries.monthlyUsage({ db, userId: id }));
  return {
    user_id: user.id,
    user_email: user.email,
    total_cost_usd: roundUsd(monthly.reduce((sum, month) => sum + month.cost_usd, 0)),
    monthly_breakdown: monthly,
  };
}

export async function totalUsage({ db }: UsersAdminDeps): Promise<TotalUsageResponse> {
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
