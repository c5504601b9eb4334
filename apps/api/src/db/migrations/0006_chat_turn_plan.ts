/**
 * The plan each chat answer was made from, saved with the answer, so a follow-up ("and in Bristol?", "which of
 * those has the lowest coverage?") is read against the previous turn on whichever server process takes it, and
 * after a reload. Nullable: answers from a language model, and answers saved before this migration, have none.
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and take Kysely<any>.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('chat_messages').addColumn('plan', 'jsonb').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('chat_messages').dropColumn('plan').execute();
}
