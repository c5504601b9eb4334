/**
 * Where a saved query's SQL came from: `generated` by the analyst (every query saved before this migration),
 * `user` (SQL pasted into the question box and run as written) or `edited` (a saved query's SQL edited and run
 * again, with `edited_from` naming that query). The history marks the last two, and their answers never carry an
 * analysis written as if the analyst had read the question.
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and take Kysely<any>.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('queries')
    .addColumn('sql_source', 'text', (column) => column.notNull().defaultTo(sql`'generated'`))
    .execute();
  await db.schema
    .alterTable('queries')
    .addColumn('edited_from', 'uuid', (column) => column.references('queries.id').onDelete('set null'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('queries').dropColumn('edited_from').execute();
  await db.schema.alterTable('queries').dropColumn('sql_source').execute();
}
