/** Users, password tokens, revoked JWTs and the LLM usage ledger (filled later by chat and query). */
import { type Kysely, sql } from 'kysely';

// Migrations are frozen in time: they take Kysely<any> rather than the current Database type.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('user'))
    .addColumn('is_protected', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('monthly_budget_usd', 'numeric(12, 2)')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_login', 'timestamptz')
    .addCheckConstraint('users_role_check', sql`role in ('user', 'admin')`)
    .addCheckConstraint('users_email_normalised', sql`email = lower(btrim(email))`)
    .addCheckConstraint(
      'users_budget_non_negative',
      sql`monthly_budget_usd is null or monthly_budget_usd >= 0`,
    )
    .execute();

  await db.schema
    .createTable('password_tokens')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('password_tokens_purpose_check', sql`purpose in ('reset', 'invite')`)
    .execute();
  await db.schema
    .createIndex('password_tokens_user_id_idx')
    .on('password_tokens')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('revoked_tokens')
    .addColumn('jti', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('revoked_tokens_expires_at_idx')
    .on('revoked_tokens')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('llm_usage')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('session_id', 'text')
    .addColumn('message_id', 'text')
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('input_tokens', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('output_tokens', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('cache_read_tokens', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('cache_write_tokens', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('cost_usd', 'numeric(14, 8)', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('llm_usage_source_check', sql`source in ('chat', 'query')`)
    .execute();
  await db.schema
    .createIndex('llm_usage_user_created_idx')
    .on('llm_usage')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('llm_usage').execute();
  await db.schema.dropTable('revoked_tokens').execute();
  await db.schema.dropTable('password_tokens').execute();
  await db.schema.dropTable('users').execute();
}
