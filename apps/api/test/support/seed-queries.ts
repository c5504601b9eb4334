/** Saved queries written straight to the database, for history tests that do not need the agent. */
import type { AppDb } from '../../src/db/database.js';

let counter = 0;

export async function seedQuery(
  db: AppDb,
  owner: { id: string; email: string },
  options: { prompt?: string; archived?: boolean; createdAt?: Date } = {},
): Promise<{ id: string; prompt: string }> {
  counter += 1;
  const prompt = options.prompt ?? `Seeded question ${counter}`;
  const row = await db
    .insertInto('queries')
    .values({
      user_id: owner.id,
      user_email: owner.email,
      prompt,
      response_type: 'data_query',
      classification: JSON.stringify({
        type: 'data_query',
        confidence: 0.9,
        reasoning: 'seeded',
        suggested_databases: ['upc'],
      }),
      sql_query: 'SELECT 1 AS one',
      sql_explanation: 'Selects one.',
      csv_results: '"one"\n"1"',
      csv_analysis: 'One.',
      progress_log: JSON.stringify([{ message: 'Classifying question...', stage: 'classify' }]),
      planner: 'builtin',
      model: 'builtin',
      row_count: 1,
      created_at: options.createdAt ?? new Date(Date.now() + counter),
      ...(options.archived
        ? { is_archived: true, archived_by: owner.email, archived_at: new Date().toISOString() }
        : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, prompt };
}
