/**
 * A conversation shared read-only with the other signed-in users (docs/product.md#sharing): `share_id` is the
 * random, stable part of its link, set when the owner first shares it. Deleting the conversation deletes the row,
 * so its link ends with it.
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and take Kysely<any>.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('chat_sessions')
    .addColumn('share_id', 'text', (col) => col.unique())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('chat_sessions').dropColumn('share_id').execute();
}
