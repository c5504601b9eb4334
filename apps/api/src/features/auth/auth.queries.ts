import type { AppDb } from '../../db/database.js';

export function findUserForLogin({ db, email }: { db: AppDb; email: string }) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'password_hash', 'session_version'])
    .where('email', '=', email)
    .executeTakeFirst();
}

/** The user behind a token and whether the token was revoked, in one round trip. */
export function findTokenSubject({ db, userId, jti }: { db: AppDb; userId: string; jti: string }) {
  return db
    .selectFrom('users')
    .select((eb) => [
      'id',
      'email',
      'role',
      'session_version',
      eb.exists(eb.selectFrom('revoked_tokens').select('jti').where('jti', '=', jti)).as('revoked'),
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function recordLogin({ db, userId }: { db: AppDb; userId: string }) {
  await db.updateTable('users').set({ last_login: new Date() }).where('id', '=', userId).execute();
}

/** Ends every session of the user: tokens signed before this carry an older version and are refused. */
export async function endAllSessions({ db, userId }: { db: AppDb; userId: string }) {
  await db
    .updateTable('users')
    .set((eb) => ({ session_version: eb('session_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

export async function revokeToken({ db, jti, expiresAt }: { db: AppDb; jti: string; expiresAt: Date }) {
  await db
    .insertInto('revoked_tokens')
    .values({ jti, expires_at: expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
}

/** Revocations of tokens that have expired anyway are useless. */
export async function purgeExpiredRevocations({ db }: { db: AppDb }) {
  await db.deleteFrom('revoked_tokens').where('expires_at', '<', new Date()).execute();
}
