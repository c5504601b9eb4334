import type { AppDb } from '../../db/database.js';

export function listUserServers({ db, userId }: { db: AppDb; userId: string }) {
  return db
    .selectFrom('mcp_user_servers')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function getUserServer({ db, userId, id }: { db: AppDb; userId: string; id: string }) {
  return db
    .selectFrom('mcp_user_servers')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Adds a user's server unless they already have `max`: the count and the insert are one transaction holding the
 * user's row locked, so parallel adds queue behind each other and cannot all pass the count. Null when full.
 */
export async function insertUserServerWithin({
  db,
  row,
  max,
}: {
  db: AppDb;
  row: { user_id: string; name: string; command: string; args: string[]; env: Record<string, string> };
  max: number;
}): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', row.user_id).forUpdate().executeTakeFirst();
    const counted = await trx
      .selectFrom('mcp_user_servers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', row.user_id)
      .executeTakeFirst();
    if (Number(counted?.n ?? 0) >= max) return null;
    const inserted = await trx
      .insertInto('mcp_user_servers')
      .values({ ...row, args: JSON.stringify(row.args), env: JSON.stringify(row.env) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  });
}

export async function setUserServerEnabled({
  db,
  userId,
  id,
  enabled,
}: {
  db: AppDb;
  userId: string;
  id: string;
  enabled: boolean;
}): Promise<boolean> {
  const result = await db
    .updateTable('mcp_user_servers')
    .set({ enabled })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteUserServer({ db, userId, id }: { db: AppDb; userId: string; id: string }) {
  const result = await db
    .deleteFrom('mcp_user_servers')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function serverSettings({ db, userId }: { db: AppDb; userId: string }) {
  const rows = await db
    .selectFrom('mcp_server_settings')
    .select(['server_id', 'enabled'])
    .where('user_id', '=', userId)
    .execute();
  return new Map(rows.map((row) => [row.server_id, row.enabled]));
}

export async function saveServerSetting({
  db,
  userId,
  serverId,
  enabled,
}: {
  db: AppDb;
  userId: string;
  serverId: string;
  enabled: boolean;
}): Promise<void> {
  await db
    .insertInto('mcp_server_settings')
    .values({ user_id: userId, server_id: serverId, enabled })
    .onConflict((oc) => oc.columns(['user_id', 'server_id']).doUpdateSet({ enabled, updated_at: new Date() }))
    .execute();
}
