import type { AppDb } from '../../db/database.js';

export async function insertChart({
  db,
  row,
}: {
  db: AppDb;
  row: {
    id: string;
    user_id: string;
    session_id: string | null;
    kind: string;
    title: string;
    spec: unknown;
    query_id?: string | null;
  };
}): Promise<void> {
  await db
    .insertInto('charts')
    .values({ ...row, spec: JSON.stringify(row.spec) })
    .execute();
}

/** The owner's session version, and whether the sign-in token `jti` was revoked (for a chart link). */
export async function linkSession({ db, ownerId, jti }: { db: AppDb; ownerId: string; jti: string }) {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      'session_version',
      eb.exists(eb.selectFrom('revoked_tokens').select('jti').where('jti', '=', jti)).as('revoked'),
    ])
    .where('id', '=', ownerId)
    .executeTakeFirst();
  return { sessionVersion: row?.session_version ?? -1, revoked: row ? Boolean(row.revoked) : true };
}

export async function getChartById({ db, id }: { db: AppDb; id: string }) {
  return db
    .selectFrom('charts')
    .select(['id', 'user_id', 'kind', 'title', 'spec', 'created_at', 'query_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}
