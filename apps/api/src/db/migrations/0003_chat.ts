/**
 * The streaming chat: conversations (chat_sessions, keyed by the client's session id and owned by one user),
 * their messages with tool calls, tool results and usage, and the charts and maps the chat tools draw (a stored
 * declarative spec served as a page at /api/charts/{id}; the id is random and unguessable, and the page also
 * needs a signed, short-lived token for the owner).
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and take Kysely<any>.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('chat_sessions')
    // The client's id (generated per page load), so it is text, not uuid.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('chat_sessions_user_updated_idx')
    .on('chat_sessions')
    .columns(['user_id', 'updated_at'])
    .execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('session_id', 'text', (col) =>
      col.notNull().references('chat_sessions.id').onDelete('cascade'),
    )
    // user, assistant or error (the three kinds of chat message).
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('model', 'text')
    .addColumn('tool_calls', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('tool_results', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('usage', 'jsonb')
    // True when the answer was cut short by Stop or a disconnect.
    .addColumn('aborted', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('chat_messages_type_check', sql`type in ('user', 'assistant', 'error')`)
    .execute();
  await db.schema
    .createIndex('chat_messages_session_created_idx')
    .on('chat_messages')
    .columns(['session_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('charts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'text')
    // chart, map or la_stats (the web sizes the iframe from it).
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('spec', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('charts_created_at_idx').on('charts').column('created_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('charts').execute();
  await db.schema.dropTable('chat_messages').execute();
  await db.schema.dropTable('chat_sessions').execute();
}
