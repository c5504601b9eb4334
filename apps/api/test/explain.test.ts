/**
 * `npm run explain -- "question"` as people run it: on the small generated warehouse, and with no warehouse
 * built (the unit tests' vocabulary, said in the report).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { ReadingTrace } from '../src/analyst/reading/reading-types.js';
import { smallWarehouseDir } from './support/small-warehouse.js';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_ROOT = path.resolve(API_DIR, '../..');
const emptyDir = mkdtempSync(path.join(os.tmpdir(), 'qa-explain-'));
afterAll(() => rmSync(emptyDir, { recursive: true, force: true }));

async function explain(args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'explain', '--', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, WAREHOUSE_URL: '' },
  });
  return stdout;
}

describe('npm run explain', () => {
  it('is a root script that runs the explain script of the API', () => {
    const root = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).scripts;
    const api = JSON.parse(readFileSync(path.join(API_DIR, 'package.json'), 'utf8')).scripts;
    expect(root.explain).toBe('npm run explain -w apps/api --');
    expect(api.explain).toBe('tsx scripts/explain.ts');
  });

  it('prints the tokens and tags, the candidate readings, the plan, its SQL, its check and the unused words', async () => {
    const out = await explain([
      'full fibre coverage in Leeds and the foo',
      '--data-dir',
      await smallWarehouseDir(),
    ]);
    expect(out).toContain('Vocabulary: DuckDB in ');
    expect(out).toContain('Normalised: "full fibre coverage in leeds and the foo"');
    expect(out).toMatch(/^ {2}leeds +place = la_name:Leeds$/m);
    expect(out).toMatch(/^ {2}foo +UNPLACED$/m);
    expect(out).toMatch(
      /Candidate readings \(best first\):\n {2}1\. score \d\.\d\d {2}Share of premises in Leeds/,
    );
    expect(out).toContain('"measure": "coverage_pct"');
    expect(out).toMatch(/\b[uf]\.la_name IN \('Leeds'\)/); // upc_output or a place summary
    expect(out).toContain('SQL check: the guard accepts it and every element of the plan is in it.');
    expect(out).toContain('Unused words: "foo"');
  });

  it('reads with the test vocabulary when no warehouse is built, and shows what the SQL leaves out', async () => {
    const out = await explain(['Sky lines in Leeds each quarter', '--data-dir', emptyDir]);
    expect(out).toContain(
      `No warehouse is built in ${emptyDir}: reading with the unit tests' small vocabulary`,
    );
    // Quarterly take-up has no places: the check says so.
    expect(out).toContain('SQL check: The SQL written for this reading leaves out the place ("Leeds").');
  });

  it('prints the whole trace as JSON, and says when a question is not about the data', async () => {
    const json = JSON.parse(await explain(['premises in Leeds', '--data-dir', emptyDir, '--json'])) as {
      trace: ReadingTrace;
      check: { ok: boolean };
    };
    expect(json.trace.tags).toContainEqual(expect.objectContaining({ role: 'place', text: 'leeds' }));
    expect(json.trace.candidates[0]?.plan.geo).toEqual({ column: 'la_name', values: ['Leeds'] });
    expect(json.check.ok).toBe(true);
    const weather = await explain(['what is the weather in Leeds', '--data-dir', emptyDir]);
    expect(weather).toContain('Not a data question: unsupported: The data holds broadband availability');
  });
});
