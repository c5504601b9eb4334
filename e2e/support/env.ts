/**
 * Fixed facts of the e2e run, shared by playwright.config.ts and the specs. The data directory is created
 * once by the runner process and handed to its workers through the environment, so every process reads
 * the same outbox.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const DIR_PREFIX = 'query-agent-e2e-';
/** Earlier runs' data directories are kept for a while to debug a failure, then removed. */
const KEEP_OLD_RUNS_MS = 6 * 60 * 60 * 1000;

function removeStaleRunDirs(): void {
  const now = Date.now();
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(DIR_PREFIX)) continue;
    const dir = path.join(tmpdir(), name);
    try {
      if (now - statSync(dir).mtimeMs > KEEP_OLD_RUNS_MS) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another run may be removing it too.
    }
  }
}

if (!process.env.E2E_DATA_DIR) {
  removeStaleRunDirs();
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(tmpdir(), DIR_PREFIX));
}

export const E2E_DATA_DIR = process.env.E2E_DATA_DIR;
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3917);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'E2eAdminPass1' } as const;
/** The admin's signed-in browser state, written by auth.setup.ts and reused by admin specs. */
export const ADMIN_STORAGE_STATE = path.join(E2E_DATA_DIR, 'admin-storage-state.json');
