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

export async function getChartById({ db, id }: { db: AppDb; id: string }) {
  return db
    .selectFrom('charts')
    .select(['id', 'user_id', 'kind', 'title', 'spec', 'created_at', 'query_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}
