/**
 * Measured learning (issue 22, acceptance 2): does the analyst learn from its reviewers?
 *
 *   npm run eval:learn -- --file ../heldout/set7.ts --data-dir /work/data-full \
 *     --base-url http://127.0.0.1:3000 --email admin@example.com --password ... [--corrections plans.json] \
 *     [--out report.json]
 *
 * Against a running server (its HTTP API, as a reviewer's browser would use it), signed in as an admin:
 * 1. before: every question of the set (a module exporting EvalQuestion[] arrays, like eval/holdout6.ts) is asked
 *    through POST /api/query and its result compared with the gold SQL run on the warehouse in --data-dir;
 * 2. review: each wrong answer gets one correction through the review API: the first "Did you mean" reading whose
 *    preview (POST /api/review/queries/{id}/preview) gives the gold result is verified (POST
 *    /api/verified/queries/{id} with alternative_index); otherwise the plan given for the question's id in
 *    --corrections (a JSON object {id: plan}, written by a reviewer) is previewed and verified; otherwise it stays
 *    uncorrected (counted);
 * 3. after: the same questions asked again;
 * 4. variants: each question with its places and networks changed to others of the same kind, in the question
 *    and in its gold SQL alike; only variants whose gold SQL still runs and returns rows are asked (written to
 *    --out with the report). Dates are not varied: a gold SQL spells its dates out (a window, a list of
 *    snapshots), and moving them by text substitution gives wrong gold results; a date variant needs its gold
 *    written by hand.
 * It prints the accuracy before, after and on the variants, and how many answers came from a verified question.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { parseCsv } from '@qa/contracts';
import type { AgentResultSet } from '../apps/api/src/analyst/agent/agent-warehouse.js';
import {
  type ClosableAgentWarehouse,
  openAgentWarehouse,
} from '../apps/api/src/analyst/agent/warehouse-adapter.js';
import {
  type AnalystKnowledge,
  loadAnalystKnowledge,
} from '../apps/api/src/analyst/reading/builtin-analyst.js';
import { slotQuestion } from '../apps/api/src/analyst/verified/slots.js';
import { loadConfig, loadDotEnvFile } from '../apps/api/src/config/env.js';
import { type Cell, compareResults, type ResultTable } from './compare-results.js';
import type { EvalQuestion } from './questions.js';

const GOLD_ROW_LIMIT = 100_000;
const TIMEOUT_MS = 300_000;

interface Answer {
  id?: string;
  response_type?: string;
  csv_results?: string | null;
  interpretation?: string | null;
  classification?: { confidence: number; reasoning: string };
  alternatives?: { interpretation: string }[];
  verified?: { question: string } | null;
}

interface Scored {
  id: string;
  question: string;
  match: boolean;
  reason: string;
  queryId?: string | undefined;
  alternatives: number;
  /** Answered as a verified question (the reasoning says so). */
  fromVerified: boolean;
}

const asTable = (result: AgentResultSet): ResultTable => ({
  columns: result.columns.map((c) => c.name),
  rows: result.rows as Cell[][],
});

function csvTable(csv: string | null | undefined): ResultTable | null {
  if (!csv) return null;
  const [columns = [], ...rows] = parseCsv(csv);
  return { columns, rows: rows.map((row) => row.map((cell) => (cell === '' ? null : cell))) };
}

class Api {
  private token = '';
  constructor(private readonly baseUrl: string) {}

  async login(email: string, password: string) {
    const body = await this.call<{ access_token: string }>('POST', '/api/auth/login', { email, password });
    this.token = body.access_token;
  }

  async call<T>(method: string, url: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json().catch(() => ({}))) as T & { detail?: string };
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${json.detail ?? ''}`);
    return json;
  }
}

async function goldOf(warehouse: ClosableAgentWarehouse, sql: string): Promise<ResultTable | Error> {
  const guarded = await warehouse.guard(sql, { rowLimit: GOLD_ROW_LIMIT });
  if (!guarded.ok) return new Error(`gold refused: ${guarded.reason}`);
  return warehouse
    .query(guarded.sql, { rowLimit: GOLD_ROW_LIMIT, timeoutMs: TIMEOUT_MS })
    .then(asTable)
    .catch((error: unknown) => error as Error);
}

function matches(answer: Answer, gold: ResultTable): { match: boolean; reason: string } {
  const table = csvTable(answer.csv_results);
  if (!table) return { match: false, reason: `no result (${answer.response_type})` };
  return compareResults(table, gold);
}

async function score(api: Api, question: EvalQuestion, gold: ResultTable | Error): Promise<Scored> {
  const base = { id: question.id, question: question.question };
  let answer: Answer;
  try {
    answer = await api.call<Answer>('POST', '/api/query', { prompt: question.question });
  } catch (error) {
    return { ...base, match: false, reason: String(error), alternatives: 0, fromVerified: false };
  }
  const fromVerified = (answer.classification?.reasoning ?? '').includes('Answered as the verified question');
  const common = {
    ...base,
    queryId: answer.id,
    alternatives: answer.alternatives?.length ?? 0,
    fromVerified,
  };
  if (gold instanceof Error) return { ...common, match: false, reason: gold.message };
  return { ...common, ...matches(answer, gold) };
}

/** One correction, as a reviewer would make it: a reading that gives the gold result, previewed first. */
async function correct(
  api: Api,
  scored: Scored,
  gold: ResultTable,
  corrections: Record<string, unknown>,
): Promise<'alternative' | 'plan' | 'none'> {
  if (!scored.queryId) return 'none';
  const preview = (body: unknown) =>
    api
      .call<Answer>('POST', `/api/review/queries/${scored.queryId}/preview`, body)
      .catch(() => ({}) as Answer);
  for (let index = 0; index < scored.alternatives; index++) {
    if (!matches(await preview({ alternative_index: index }), gold).match) continue;
    await api.call('POST', `/api/verified/queries/${scored.queryId}`, { alternative_index: index });
    return 'alternative';
  }
  const plan = corrections[scored.id];
  if (plan && typeof plan === 'object') {
    const previewed = await preview({ plan });
    if (!matches(previewed, gold).match)
      console.warn(`  ${scored.id}: the correction's preview differs from gold`);
    await api.call('POST', `/api/verified/queries/${scored.queryId}`, { plan });
    return 'plan';
  }
  return 'none';
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The question with its places and networks swapped for others of the same kind (found by the reading's tagger:
 * no list of places here), in the question and the gold SQL alike.
 */
function variantOf(question: EvalQuestion, knowledge: AnalystKnowledge, seed: number): EvalQuestion | null {
  const { slots } = slotQuestion(question.question, knowledge);
  let text = question.question;
  let gold = question.gold;
  let changed = false;
  const { lexicon } = knowledge;
  for (const [index, slot] of slots.entries()) {
    let from: string | undefined;
    let pool: string[] = [];
    if (slot.type === 'place' && slot.value.startsWith('la_name:') && !slot.value.includes('|')) {
      from = slot.value.slice('la_name:'.length);
      pool = lexicon.localAuthorities.map((la) => la.la_name);
    } else if (
      slot.type === 'place' &&
      slot.value.startsWith('government_region:') &&
      !slot.value.includes('|')
    ) {
      from = slot.value.slice('government_region:'.length);
      pool = lexicon.regions;
    } else if (slot.type === 'network' && slot.role === 'network') {
      from = slot.value;
      pool = lexicon.groups;
    }
    if (!from || !gold.includes(`'${from}'`)) continue;
    const candidates = pool.filter((name) => name !== from && !/[',]/.test(name));
    const to = candidates[(seed * 7 + index * 13) % Math.max(1, candidates.length)];
    if (!to) continue;
    const written = new RegExp(escapeRegExp(slot.text), 'i');
    if (!written.test(text)) continue;
    text = text.replace(written, to);
    gold = gold.split(`'${from}'`).join(`'${to}'`);
    changed = true;
  }
  return changed ? { ...question, id: `${question.id}-v`, question: text, gold } : null;
}

const percent = (scored: Scored[]) =>
  scored.length
    ? `${scored.filter((s) => s.match).length}/${scored.length} (${Math.round((100 * scored.filter((s) => s.match).length) / scored.length)}%)`
    : '-';

async function main() {
  const { values } = parseArgs({
    options: {
      file: { type: 'string' },
      'data-dir': { type: 'string' },
      'base-url': { type: 'string', default: 'http://127.0.0.1:3000' },
      email: { type: 'string' },
      password: { type: 'string' },
      corrections: { type: 'string' },
      out: { type: 'string' },
    },
  });
  if (!values.file || !values.email || !values.password) {
    throw new Error(
      'Usage: --file <question set> --email <admin> --password <password> [--data-dir] [--base-url]',
    );
  }
  loadDotEnvFile();
  const env = { ...process.env };
  if (values['data-dir']) env.DATA_DIR = values['data-dir'];
  const config = loadConfig(env);
  const warehouse = await openAgentWarehouse({ dataDir: config.dataDir, warehouseUrl: config.warehouseUrl });
  const knowledge = await loadAnalystKnowledge(warehouse);
  const from = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const module = (await import(pathToFileURL(from(values.file)).href)) as Record<string, unknown>;
  const questions = Object.values(module)
    .filter(Array.isArray)
    .flat()
    .filter((q): q is EvalQuestion =>
      Boolean(q && typeof q === 'object' && 'gold' in q && (q as EvalQuestion).gold),
    );
  const corrections = values.corrections
    ? (JSON.parse((await import('node:fs')).readFileSync(from(values.corrections), 'utf8')) as Record<
        string,
        unknown
      >)
    : {};

  const api = new Api(values['base-url']);
  await api.login(values.email, values.password);
  const golds = new Map<string, ResultTable | Error>();
  for (const q of questions) golds.set(q.id, await goldOf(warehouse, q.gold));

  console.log(`Asking ${questions.length} questions (before review)...`);
  const before: Scored[] = [];
  for (const q of questions) before.push(await score(api, q, golds.get(q.id) ?? new Error('no gold')));

  console.log('Correcting the wrong answers through the review API...');
  const how = { alternative: 0, plan: 0, none: 0 };
  for (const scored of before) {
    const gold = golds.get(scored.id);
    if (scored.match || !gold || gold instanceof Error) continue;
    how[await correct(api, scored, gold, corrections)] += 1;
  }

  console.log('Asking again (after review)...');
  const after: Scored[] = [];
  for (const q of questions) after.push(await score(api, q, golds.get(q.id) ?? new Error('no gold')));

  const variants = questions
    .map((q, index) => variantOf(q, knowledge, index))
    .filter((q): q is EvalQuestion => q !== null);
  const runnable: EvalQuestion[] = [];
  const variantGolds = new Map<string, ResultTable | Error>();
  for (const v of variants) {
    const gold = await goldOf(warehouse, v.gold);
    // A sum over no rows is one row of NULLs: the new place is not one the gold SQL's column holds (a region
    // written into a nation's column), so the variant has no right answer to compare with.
    if (gold instanceof Error || gold.rows.every((row) => row.every((cell) => cell === null))) continue;
    variantGolds.set(v.id, gold);
    runnable.push(v);
  }
  console.log(`Asking ${runnable.length} variants (places and networks changed)...`);
  const onVariants: Scored[] = [];
  for (const v of runnable)
    onVariants.push(await score(api, v, variantGolds.get(v.id) ?? new Error('no gold')));

  const fromVerified = (scored: Scored[]) => scored.filter((s) => s.fromVerified).length;
  console.log('');
  console.log(`Set: ${values.file} (${questions.length} questions)`);
  console.log(`Before review:        ${percent(before)}`);
  console.log(
    `Corrections:          ${how.alternative} by a "Did you mean" reading, ${how.plan} by a corrected plan, ${how.none} left uncorrected`,
  );
  console.log(
    `After review:         ${percent(after)} (${fromVerified(after)} answered as a verified question)`,
  );
  console.log(
    `Variants:             ${percent(onVariants)} of ${runnable.length} runnable (${fromVerified(onVariants)} answered as a verified question)`,
  );
  const originals = new Map(before.map((s) => [s.id, s]));
  const variantBefore = onVariants.filter((v) => originals.get(v.id.replace(/-v$/, ''))?.match === false);
  console.log(`  of which the original was wrong before review: ${percent(variantBefore)}`);
  if (values.out) {
    writeFileSync(
      from(values.out),
      JSON.stringify({ before, after, variants: runnable, onVariants, how }, null, 2),
    );
    console.log(`Report written to ${values.out}`);
  }
  await warehouse.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
