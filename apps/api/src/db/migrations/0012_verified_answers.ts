/**
 * Verified answers and the review trail (docs/product.md#verified-answers).
 *
 * verified_answers: a plan an admin checked for a question (its interpretation, who and when, the shape key of
 * the plan that later answers of the same shape are badged by, and how it was verified: the answer as given, an
 * alternative picked, or a correction). Taking a verification back sets revoked_at/revoked_by; nothing is deleted.
 *
 * review_events: every change a reviewer makes (verify, take back, correct), with the answer it replaced, who and
 * when, so the history of a question's answers can always be told.
 */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and take Kysely<any>.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('verified_answers')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('query_id', 'uuid', (col) => col.references('queries.id').onDelete('set null'))
    .addColumn('question', 'text', (col) => col.notNull())
    .addColumn('plan', 'jsonb', (col) => col.notNull())
    .addColumn('interpretation', 'text', (col) => col.notNull())
    .addColumn('shape_key', 'text', (col) => col.notNull())
    // 'answer' (verified as given), 'alternative' (a "Did you mean" reading picked), 'correction' (a plan edited).
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('verified_by_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    // The reviewer's e-mail at the time: the badge keeps naming them after the account is deleted.
    .addColumn('verified_by_email', 'text', (col) => col.notNull())
    .addColumn('verified_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_by_email', 'text')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('verified_answers_shape_idx')
    .on('verified_answers')
    .columns(['shape_key', 'verified_at'])
    .execute();
  await db.schema
    .createIndex('verified_answers_query_idx')
    .on('verified_answers')
    .column('query_id')
    .execute();
  await db.schema
    .createTable('review_events')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('query_id', 'uuid', (col) => col.references('queries.id').onDelete('set null'))
    .addColumn('verified_id', 'uuid', (col) => col.references('verified_answers.id').onDelete('set null'))
    // 'verify' | 'revoke' | 'correct'
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('plan', 'jsonb')
    .addColumn('interpretation', 'text')
    // The answer a correction replaced on the query.
    .addColumn('previous_plan', 'jsonb')
    .addColumn('previous_interpretation', 'text')
    .addColumn('previous_sql', 'text')
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('user_email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('review_events_query_idx')
    .on('review_events')
    .columns(['query_id', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('review_events').execute();
  await db.schema.dropTable('verified_answers').execute();
}
