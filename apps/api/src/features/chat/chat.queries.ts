import { sql } from 'kysely';
import type { AppDb } from '../../db/database.js';
import type { ChatMessageType } from '../../db/schema.js';

export function getSession({ db, id }: { db: AppDb; id: string }) {
  return db.selectFrom('chat_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function createSession({
  db,
  row,
}: {
  db: AppDb;
  row: { id: string; user_id: string; title: string };
}): Promise<boolean> {
  const result = await db
    .insertInto('chat_sessions')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function touchSession({ db, id }: { db: AppDb; id: string }): Promise<void> {
  await db.updateTable('chat_sessions').set({ updated_at: new Date() }).where('id', '=', id).execute();
}

export async function insertMessage({
  db,
  row,
}: {
  db: AppDb;
  row: {
    id: string;
    session_id: string;
    type: ChatMessageType;
    content: string;
    model?: string | null;
    tool_calls?: unknown[];
    tool_results?: unknown[];
    usage?: Record<string, unknown> | null;
    aborted?: boolean;
    created_at?: Date;
  };
}): Promise<void> {
  await db
    .insertInto('chat_messages')
    .values({
      ...row,
      model: row.model ?? null,
      tool_calls: JSON.stringify(row.tool_calls ?? []),
      tool_results: JSON.stringify(row.tool_results ?? []),
      usage: row.usage ? JSON.stringify(row.usage) : null,
    })
    .execute();
}

export function listMessages({ db, sessionId, limit }: { db: AppDb; sessionId: string; limit?: number }) {
  let query = db
    .selectFrom('chat_messages')
    .selectAll()
    .where('session_id', '=', sessionId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (limit) query = query.limit(limit);
  return query.execute().then((rows) => rows.reverse());
}

export function listSessions({ db, userId, limit }: { db: AppDb; userId: string; limit: number }) {
  return db
    .selectFrom('chat_sessions as s')
    .select([
      's.id',
      's.title',
      's.updated_at',
      (eb) =>
        eb
          .selectFrom('chat_messages as m')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('m.session_id', '=', 's.id')
          .as('message_count'),
    ])
    .where('s.user_id', '=', userId)
    .orderBy('s.updated_at', 'desc')
    .limit(limit)
    .execute();
}

/** The session's usage so far, from the ledger (every call of every answer in it). */
export async function sessionUsage({
  db,
  userId,
  sessionId,
}: {
  db: AppDb;
  userId: string;
  sessionId: string;
}) {
  const row = await db
    .selectFrom('llm_usage')
    .select([
      sql<number>`coalesce(sum(input_tokens), 0)`.as('input_tokens'),
      sql<number>`coalesce(sum(output_tokens), 0)`.as('output_tokens'),
      sql<number>`coalesce(sum(cache_read_tokens), 0)`.as('cache_read_tokens'),
      sql<number>`coalesce(sum(cache_write_tokens), 0)`.as('cache_write_tokens'),
      sql<number>`coalesce(sum(cost_usd), 0)`.as('cost_usd'),
      sql<number>`count(distinct message_id)`.as('requests'),
    ])
    .where('user_id', '=', userId)
    .where('session_id', '=', sessionId)
    .where('source', '=', 'chat')
    .executeTakeFirst();
  return {
    input_tokens: Number(row?.input_tokens ?? 0),
    output_tokens: Number(row?.output_tokens ?? 0),
    cache_read_tokens: Number(row?.cache_read_tokens ?? 0),
    cache_write_tokens: Number(row?.cache_write_tokens ?? 0),
    cost_usd: Number(row?.cost_usd ?? 0),
    requests: Number(row?.requests ?? 0),
  };
}
