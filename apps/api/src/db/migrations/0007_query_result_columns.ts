/**
 * The result's column types saved with each query ([{name, type}] in the order of csv_results' header), so the
 * history detail shows and copies numbers, dates and booleans as they were typed by the warehouse. Nullable:
 * queries saved before this migration have none, and the browser then infers which columns are numeric.
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and take Kysely<any>.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('queries').addColumn('result_columns', 'jsonb').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('queries').dropColumn('result_columns').execute();
}
