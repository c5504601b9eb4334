/**
 * A session version per user: every access token carries the version current when it was signed, and is refused
 * once the user's version has moved on. Signing out everywhere, a password change or reset, a role change and
 * deletion move it, so each ends every session the user had, on every device, at once.
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and take Kysely<any>.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('session_version', 'integer', (column) => column.notNull().defaultTo(sql`0`))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('session_version').execute();
}
