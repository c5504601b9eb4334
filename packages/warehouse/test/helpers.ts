/** Test helpers: a small warehouse built once per test file into a temp dir. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BuildSummary, buildWarehouse } from '../src/generator/build.js';

export const TEST_SCALE = 0.01;
export const TEST_SEED = 42;

export interface TestWarehouse {
  dataDir: string;
  build: BuildSummary;
  cleanup: () => void;
}

export async function buildTestWarehouse(
  options: { scale?: number; seed?: number; checksum?: boolean; prefix?: string } = {},
): Promise<TestWarehouse> {
  const dataDir = mkdtempSync(join(tmpdir(), options.prefix ?? 'qa-wh-test-'));
  const build = await buildWarehouse({
    dataDir,
    scale: options.scale ?? TEST_SCALE,
    seed: options.seed ?? TEST_SEED,
    checksum: options.checksum,
    onWarning: () => undefined,
  });
  return { dataDir, build, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** Rows of a result as objects keyed by column name. */
export function objects(result: {
  columns: { name: string }[];
  rows: unknown[][];
}): Record<string, unknown>[] {
  return result.rows.map((r) => Object.fromEntries(result.columns.map((c, i) => [c.name, r[i]])));
}
