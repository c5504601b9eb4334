/**
 * The interpretation saved with each query: the one-sentence restatement of the question that was answered,
 * shown above the answer on the history detail as it was when the query ran. Nullable: queries saved before
 * this migration have none.
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and take Kysely<any>.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('queries').addColumn('interpretation', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('queries').dropColumn('interpretation').execute();
}
