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
    plan?: Record<string, unknown> | null;
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
      plan: row.plan ? JSON.stringify(row.plan) : null,
    })
    // An answer checkpointed while it streamed is completed in place.
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        content: eb.ref('excluded.content'),
        model: eb.ref('excluded.model'),
        tool_calls: eb.ref('excluded.tool_calls'),
        tool_results: eb.ref('excluded.tool_results'),
        usage: eb.ref('excluded.usage'),
        plan: eb.ref('excluded.plan'),
        aborted: eb.ref('excluded.aborted'),
        // created_at is never updated by ordinary code (its type says so); the final save moves it to the end.
        created_at: sql<Date>`excluded.created_at` as never,
      })),
    )
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

/** The plan the conversation's latest answer was made from (null when that answer has none). */
export async function latestAnswerPlan({ db, sessionId }: { db: AppDb; sessionId: string }) {
  const row = await db
    .selectFrom('chat_messages')
    .select(['plan'])
    .where('session_id', '=', sessionId)
    .where('type', '=', 'assistant')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.plan ?? null;
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

export async function renameSession({ db, id, title }: { db: AppDb; id: string; title: string }) {
  await db.updateTable('chat_sessions').set({ title }).where('id', '=', id).execute();
}

/** The conversation goes whole: its messages (the foreign key cascades) and the charts drawn in it. */
export async function deleteSession({ db, id, userId }: { db: AppDb; id: string; userId: string }) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('charts').where('session_id', '=', id).where('user_id', '=', userId).execute();
    await trx.deleteFrom('chat_sessions').where('id', '=', id).where('user_id', '=', userId).execute();
  });
}

/**
 * Removes the question at `position` (0-based among the session's questions) and everything after it, for
 * regenerate and edit-and-resend. Returns false when the conversation has no such question.
 */
export async function truncateFromQuestion({
  db,
  sessionId,
  position,
}: {
  db: AppDb;
  sessionId: string;
  position: number;
}): Promise<boolean> {
  const question = await db
    .selectFrom('chat_messages')
    .select(['created_at', 'id'])
    .where('session_id', '=', sessionId)
    .where('type', '=', 'user')
    .orderBy('created_at')
    .orderBy('id')
    .offset(position)
    .limit(1)
    .executeTakeFirst();
  if (!question) return false;
  await db
    .deleteFrom('chat_messages')
    .where('session_id', '=', sessionId)
    .where('created_at', '>=', question.created_at)
    .execute();
  return true;
}

/**
 * The user's conversations whose title or messages match `q` (PostgreSQL full-text search, English stemming;
 * websearch syntax, so quotes and "or" work and no input is a syntax error), best match first, with the
 * matching words in context. Only the user's own sessions are scanned.
 */
export async function searchSessions({
  db,
  userId,
  q,
  limit,
}: {
  db: AppDb;
  userId: string;
  q: string;
  limit: number;
}) {
  const result = await sql<{
    id: string;
    title: string;
    updated_at: Date;
    message_count: number;
    snippet: string | null;
  }>`
    with query as (select websearch_to_tsquery('english', ${q}) as tsq),
    docs as (
      select s.id, s.title, s.updated_at, coalesce(m.content, '') as content,
             to_tsvector('english', s.title || ' ' || coalesce(m.content, '')) as doc
      from chat_sessions s
      left join chat_messages m on m.session_id = s.id and m.type <> 'error'
      where s.user_id = ${userId}
    ),
    hits as (
      select distinct on (d.id) d.id, d.title, d.updated_at, d.content,
             ts_rank(d.doc, query.tsq) as rank
      from docs d, query
      where d.doc @@ query.tsq
      order by d.id, ts_rank(d.doc, query.tsq) desc
    )
    select h.id, h.title, h.updated_at,
           (select count(*) from chat_messages c where c.session_id = h.id)::int as message_count,
           ts_headline('english', h.content, query.tsq,
             'StartSel="",StopSel="",MaxWords=18,MinWords=6,MaxFragments=1') as snippet
    from hits h, query
    order by h.rank desc, h.updated_at desc
    limit ${limit}
  `.execute(db);
  return result.rows;
}
