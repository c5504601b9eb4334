/**
 * The query a chart was drawn from (the query tool's visual of a result), so the chart follows the query's
 * visibility: once the query is archived, its chart is shown to whoever may still see the query, and to no one
 * else. Removed with the query. Null for charts drawn in the chat.
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and take Kysely<any>.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('charts')
    .addColumn('query_id', 'uuid', (column) => column.references('queries.id').onDelete('cascade'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('charts').dropColumn('query_id').execute();
}
