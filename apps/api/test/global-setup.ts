/**
 * Runs once per `vitest --project api` run. Creating a PGlite cluster (initdb in WASM) takes several seconds, so it
 * is done once here, migrated to the latest schema, and every test app starts from a copy of that directory.
 * Also hands TEST_DATABASE_URL to the tests, which then also run against PostgreSQL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A closed, migrated PGlite data directory to copy. */
    pgliteTemplateDir: string;
    /** PostgreSQL server to create per-test databases on; empty when unset. */
    testDatabaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'qa-api-template-'));
  const templateDir = path.join(root, 'appdb');
  const database = await openPglite(templateDir);
  await migrateToLatest(database.db);
  await database.close();

  project.provide('pgliteTemplateDir', templateDir);
  project.provide('testDatabaseUrl', process.env.TEST_DATABASE_URL ?? '');

  return async () => {
    await rm(root, { recursive: true, force: true });
  };
}
