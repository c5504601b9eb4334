/**
 * "Did you mean": each query keeps the plan it answered and the other readings offered under the answer (each
 * `{interpretation, plan}`), so choosing one runs its plan without reading the question again. A choice replaces
 * the answer on the query and is recorded in query_reading_choices, with the answer it replaced (its
 * interpretation, plan and SQL), who chose and when: nothing is deleted, and the replaced reading becomes one of
 * the new answer's alternatives. Nullable: queries saved before this migration have none.
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and take Kysely<any>.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('queries').addColumn('plan', 'jsonb').execute();
  await db.schema.alterTable('queries').addColumn('alternatives', 'jsonb').execute();
  await db.schema
    .createTable('query_reading_choices')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('query_id', 'uuid', (col) => col.notNull().references('queries.id').onDelete('cascade'))
    // The index among the alternatives offered at the time, and the reading it stood for.
    .addColumn('alternative_index', 'integer', (col) => col.notNull())
    .addColumn('chosen_interpretation', 'text', (col) => col.notNull())
    .addColumn('chosen_plan', 'jsonb', (col) => col.notNull())
    // The answer the choice replaced.
    .addColumn('previous_interpretation', 'text')
    .addColumn('previous_plan', 'jsonb')
    .addColumn('previous_sql', 'text')
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    // The chooser's e-mail at the time: the record keeps showing it after the account is deleted.
    .addColumn('user_email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('query_reading_choices_query_created_idx')
    .on('query_reading_choices')
    .columns(['query_id', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('query_reading_choices').execute();
  await db.schema.alterTable('queries').dropColumn('alternatives').execute();
  await db.schema.alterTable('queries').dropColumn('plan').execute();
}
