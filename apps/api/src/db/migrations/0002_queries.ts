/**
 * The query tool: saved questions with their answers, comments and per-user feedback. Also two ledger columns
 * the query tool's cost accounting needs (kept here rather than in a migration of their own so the reserved
 * numbers 0003_chat and 0004_mcp stay free): audio_tokens, and price_version (the model table version a row was
 * priced with, so a later price change never rewrites past costs).
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and take Kysely<any>.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('queries')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    // The asker's e-mail at the time: history keeps showing it after the account is deleted.
    .addColumn('user_email', 'text', (col) => col.notNull())
    .addColumn('prompt', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('response_type', 'text', (col) => col.notNull())
    .addColumn('message', 'text')
    .addColumn('classification', 'jsonb')
    .addColumn('available_databases', 'jsonb')
    .addColumn('example_queries', 'jsonb')
    .addColumn('sql_query', 'text')
    .addColumn('sql_explanation', 'text')
    .addColumn('csv_results', 'text')
    .addColumn('csv_analysis', 'text')
    .addColumn('progress_log', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('planner', 'text', (col) => col.notNull())
    .addColumn('model', 'text')
    .addColumn('row_count', 'integer')
    .addColumn('truncated', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('agent_ms', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('warehouse_ms', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('total_ms', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_archived', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('archived_by', 'text')
    .addColumn('archived_at', 'timestamptz')
    // The latest feedback given on the query (any user), mirrored from query_feedback for the history lists.
    .addColumn('feedback_rating', 'boolean')
    .addColumn('feedback_comment', 'text')
    .execute();
  await db.schema.createIndex('queries_created_at_idx').on('queries').column('created_at').execute();
  await db.schema
    .createIndex('queries_user_created_idx')
    .on('queries')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('query_comments')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('query_id', 'uuid', (col) => col.notNull().references('queries.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('user_email', 'text', (col) => col.notNull())
    .addColumn('comment_text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('query_comments_text_not_blank', sql`length(btrim(comment_text)) > 0`)
    .execute();
  await db.schema
    .createIndex('query_comments_query_created_idx')
    .on('query_comments')
    .columns(['query_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('query_feedback')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('query_id', 'uuid', (col) => col.notNull().references('queries.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'boolean', (col) => col.notNull())
    .addColumn('comment', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('query_feedback_query_user_unique', ['query_id', 'user_id'])
    .execute();

  await db.schema
    .alterTable('llm_usage')
    .addColumn('audio_tokens', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('llm_usage').addColumn('price_version', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('llm_usage').dropColumn('price_version').execute();
  await db.schema.alterTable('llm_usage').dropColumn('audio_tokens').execute();
  await db.schema.dropTable('query_feedback').execute();
  await db.schema.dropTable('query_comments').execute();
  await db.schema.dropTable('queries').execute();
}
