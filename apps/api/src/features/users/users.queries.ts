import { sql } from 'kysely';
import type { AppDb } from '../../db/database.js';
import type { NewUserRow, PasswordTokenPurpose, UserUpdate } from '../../db/schema.js';

const USER_COLUMNS = [
  'id',
  'email',
  'role',
  'is_protected',
  'monthly_budget_usd',
  'created_at',
  'last_login',
] as const;

export function listUsers({ db }: { db: AppDb }) {
  return db.selectFrom('users').select(USER_COLUMNS).orderBy('created_at').orderBy('email').execute();
}

export function findUserById({ db, id }: { db: AppDb; id: string }) {
  return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail({ db, email }: { db: AppDb; email: string }) {
  return db.selectFrom('users').select(USER_COLUMNS).where('email', '=', email).executeTakeFirst();
}

export async function countUsers({ db }: { db: AppDb }): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function insertUser({ db, user }: { db: AppDb; user: NewUserRow }) {
  return db.insertInto('users').values(user).returning(USER_COLUMNS).executeTakeFirstOrThrow();
}

/** With `endSessions`, the user's session version moves on in the same statement (see 0008_session_version). */
export function updateUser({
  db,
  id,
  changes,
  endSessions = false,
}: {
  db: AppDb;
  id: string;
  changes: UserUpdate;
  endSessions?: boolean;
}) {
  return db
    .updateTable('users')
    .set((eb) => ({
      ...changes,
      ...(endSessions ? { session_version: eb('session_version', '+', 1) } : {}),
    }))
    .where('id', '=', id)
    .returning(USER_COLUMNS)
    .executeTakeFirst();
}

export async function deleteUser({ db, id }: { db: AppDb; id: string }): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function insertPasswordToken({
  db,
  userId,
  tokenHash,
  purpose,
  expiresAt,
}: {
  db: AppDb;
  userId: string;
  tokenHash: string;
  purpose: PasswordTokenPurpose;
  expiresAt: Date;
}) {
  await db
    .insertInto('password_tokens')
    .values({ user_id: userId, token_hash: tokenHash, purpose, expires_at: expiresAt })
    .execute();
}

export function findPasswordToken({ db, tokenHash }: { db: AppDb; tokenHash: string }) {
  return db
    .selectFrom('password_tokens')
    .select(['id', 'user_id', 'purpose', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks a token used only if nobody used it first; true when this call won. */
export async function consumePasswordToken({ db, id }: { db: AppDb; id: string }): Promise<boolean> {
  const result = await db
    .updateTable('password_tokens')
    .set({ used_at: new Date() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setPasswordHash({
  db,
  userId,
  passwordHash,
}: {
  db: AppDb;
  userId: string;
  passwordHash: string;
}) {
  // A new password ends every session the old one opened.
  await db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, session_version: eb('session_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

/** Old tokens (used or expired for more than a day) are kept no longer than needed. */
export async function purgeStalePasswordTokens({ db }: { db: AppDb }) {
  const dayAgo = new Date(Date.now() - 24 * 3600_000);
  await db
    .deleteFrom('password_tokens')
    .where((eb) => eb.or([eb('expires_at', '<', dayAgo), eb('used_at', '<', dayAgo)]))
    .execute();
}

/** Months are calendar months in London time, like every timestamp the product shows. */
const month = sql<string>`to_char(created_at at time zone 'Europe/London', 'YYYY-MM')`;
const costSum = sql<number>`coalesce(sum(cost_usd), 0)`;
/** Rows of one message share message_id; rows without one count one each. */
const messageCount = sql<number>`count(distinct coalesce(message_id, id::text))`;
const sessionCount = sql<number>`count(distinct session_id)`;

export function monthlyUsage({ db, userId }: { db: AppDb; userId?: string }) {
  let query = db
    .selectFrom('llm_usage')
    .select([
      month.as('month'),
      costSum.as('cost_usd'),
      messageCount.as('message_count'),
      sessionCount.as('sessions_count'),
    ])
    .groupBy(month)
    .orderBy(month);
  if (userId) query = query.where('user_id', '=', userId);
  return query.execute();
}

export function usageByUser({ db }: { db: AppDb }) {
  return db
    .selectFrom('users')
    .leftJoin('llm_usage', 'llm_usage.user_id', 'users.id')
    .select([
      'users.id as user_id',
      'users.email as user_email',
      sql<number>`coalesce(sum(llm_usage.cost_usd), 0)`.as('total_cost_usd'),
      sql<number>`count(distinct coalesce(llm_usage.message_id, llm_usage.id::text))`.as('message_count'),
    ])
    .groupBy(['users.id', 'users.email'])
    .orderBy('total_cost_usd', 'desc')
    .orderBy('users.email')
    .execute();
}
