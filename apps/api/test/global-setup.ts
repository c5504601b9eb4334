/**
 * Runs once per `vitest --project api` run. Creating a PGlite cluster (initdb in WASM) takes several seconds, so a
 * migrated template is made once and every test app starts from a copy of it. The template is cached in the OS
 * temp directory under a hash of the migrations and the PGlite version, so later runs skip even that; a new or
 * changed migration gives a new hash and a fresh template. Also hands TEST_DATABASE_URL to the tests, which then
 * run against PostgreSQL as well.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A closed, migrated PGlite data directory to copy (never to open in place). */
    pgliteTemplateDir: string;
    /** PostgreSQL server to create per-test databases on; empty when unset. */
    testDatabaseUrl: string;
  }
}

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/db/migrations');

async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  // The package does not export its package.json: find it above the resolved entry point.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const packageJson = path.join(
    entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`)),
    'package.json',
  );
  hash.update(JSON.parse(await readFile(packageJson, 'utf8')).version);
  for (const name of (await readdir(MIGRATIONS_DIR)).sort()) {
    hash.update(name);
    hash.update(await readFile(path.join(MIGRATIONS_DIR, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

const TEMPLATE_PREFIX = 'qa-api-pglite-template-';
const STALE_TEMPLATE_MS = 24 * 3600_000;

/** Templates of older migration sets, unused for a day, are removed so they do not pile up. */
async function removeStaleTemplates(keep: string) {
  for (const name of await readdir(os.tmpdir())) {
    if (!name.startsWith(TEMPLATE_PREFIX) || name === path.basename(keep)) continue;
    const dir = path.join(os.tmpdir(), name);
    const info = await stat(dir).catch(() => null);
    if (info && Date.now() - info.mtimeMs > STALE_TEMPLATE_MS)
      await rm(dir, { recursive: true, force: true });
  }
}

async function ensureTemplate(): Promise<string> {
  const templateDir = path.join(os.tmpdir(), `${TEMPLATE_PREFIX}${await templateKey()}`);
  await removeStaleTemplates(templateDir);
  if (existsSync(path.join(templateDir, 'PG_VERSION'))) return templateDir;
  // Build beside it and rename into place, so concurrent runs never see half a template.
  const building = `${templateDir}.building-${randomBytes(4).toString('hex')}`;
  const database = await openPglite(building);
  await migrateToLatest(database.db);
  await database.close();
  try {
    await rename(building, templateDir);
  } catch {
    await rm(building, { recursive: true, force: true }); // another run got there first
  }
  return templateDir;
}

export default async function setup(project: TestProject) {
  project.provide('pgliteTemplateDir', await ensureTemplate());
  project.provide('testDatabaseUrl', process.env.TEST_DATABASE_URL ?? '');
}
