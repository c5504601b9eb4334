/**
 * How the built-in analyst reads one question, step by step: the normalised text, its tokens and the tags they
 * got, the candidate plans with their scores and restatements, the chosen plan, its SQL, the check of that SQL
 * against the plan (compile/verify-plan.ts) and the words the reading did not use. It is how a newcomer learns
 * the analyst and how a wrong answer is diagnosed.
 *
 *   npm run explain -- "full fibre coverage in Leeds" [--data-dir ./data] [--json]
 *
 * The vocabulary and dates come from the warehouse in DATA_DIR (or WAREHOUSE_URL); without a built warehouse
 * it reads with the unit tests' small vocabulary (reading/test-fixtures.ts) and says so. `--json` prints the
 * whole trace instead of the report.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { warehousePath } from '@qa/warehouse';
import { openAgentWarehouse } from '../src/analyst/agent/warehouse-adapter.js';
import { buildQuery } from '../src/analyst/compile/sql-builder.js';
import { describePlanCheck, type PlanCheck, verifyPlan } from '../src/analyst/compile/verify-plan.js';
import { type AnalystKnowledge, loadAnalystKnowledge } from '../src/analyst/reading/builtin-analyst.js';
import { readQuestion } from '../src/analyst/reading/read.js';
import type { ReadingTrace } from '../src/analyst/reading/reading-types.js';
import { testLexicon, testTime } from '../src/analyst/reading/test-fixtures.js';
import { understand } from '../src/analyst/reading/understand.js';
import { loadConfig, loadDotEnvFile } from '../src/config/env.js';

interface Explained {
  question: string;
  source: string;
  trace: ReadingTrace;
  /** Why the question is not a data question, when no candidate plan was read. */
  classification?: string;
  sql?: string;
  check?: PlanCheck;
}

async function knowledgeFor(dataDir: string | undefined): Promise<{
  knowledge: AnalystKnowledge;
  source: string;
  close: () => Promise<void>;
}> {
  loadDotEnvFile();
  const config = loadConfig(dataDir ? { ...process.env, DATA_DIR: dataDir } : process.env);
  if (!config.warehouseUrl && !existsSync(warehousePath(config.dataDir))) {
    return {
      knowledge: { lexicon: testLexicon, time: testTime },
      source: `No warehouse is built in ${config.dataDir}: reading with the unit tests' small vocabulary (reading/test-fixtures.ts), so names outside it are not recognised. Build one with \`npm run data:build\` or pass --data-dir.`,
      close: async () => {},
    };
  }
  const warehouse = await openAgentWarehouse({ dataDir: config.dataDir, warehouseUrl: config.warehouseUrl });
  return {
    knowledge: await loadAnalystKnowledge(warehouse),
    source: config.warehouseUrl ? 'PostgreSQL (WAREHOUSE_URL)' : `DuckDB in ${config.dataDir}`,
    close: () => warehouse.close(),
  };
}

async function explainQuestion(
  question: string,
  knowledge: AnalystKnowledge,
  source: string,
): Promise<Explained> {
  const { lexicon, time } = knowledge;
  const trace = readQuestion(question, lexicon, time);
  const chosen = trace.candidates[0];
  if (!chosen) {
    const understanding = understand(question, lexicon, time);
    return { question, source, trace, classification: `${understanding.kind}: ${understanding.reasoning}` };
  }
  let built: ReturnType<typeof buildQuery>;
  try {
    built = buildQuery(chosen.plan, time);
  } catch (error) {
    return { question, source, trace, classification: `no SQL: ${(error as Error).message}` };
  }
  return { question, source, trace, sql: built.sql, check: await verifyPlan(chosen.plan, built, time) };
}

const indent = (text: string, by = '  ') =>
  text
    .split('\n')
    .map((line) => `${by}${line}`)
    .join('\n');

function render(x: Explained): string {
  const { trace } = x;
  const out: string[] = [
    `Question: ${x.question}`,
    `Vocabulary: ${x.source}`,
    '',
    `Normalised: "${trace.text.trim()}"`,
    '',
  ];
  out.push('Tokens and tags:');
  const chosen = trace.candidates[0];
  const unused = new Set((chosen?.unused ?? []).map((u) => u.replace(/^"|"$/g, '')));
  const width = Math.max(8, ...trace.tokens.map((t) => t.text.length)) + 2;
  for (const token of trace.tokens) {
    // Every tag covering the token: two tags on one word are two readings of it ("cf": CityFibre or Cardiff).
    const tags = trace.tags.filter((t) => t.start <= token.start && token.end <= t.end);
    const role = tags.length
      ? tags
          .map(
            (tag) =>
              `${tag.role}${tag.text.includes(' ') ? ` ("${tag.text}")` : ''} = ${tag.value}${tag.fuzzy ? ' (close spelling)' : ''}`,
          )
          .join(' | ')
      : unused.has(token.text)
        ? 'UNPLACED'
        : token.functionWord
          ? '(function word)'
          : '';
    out.push(`  ${token.text.padEnd(width)}${role}`);
  }
  out.push('');
  if (!chosen) {
    out.push(`Not a data question: ${x.classification ?? 'no reading'}`);
    return out.join('\n');
  }
  out.push('Candidate readings (best first):');
  trace.candidates.forEach((c, i) => {
    out.push(`  ${i + 1}. score ${c.score.toFixed(2)}  ${c.interpretation}`);
    if (c.differs) out.push(`     differs: ${c.differs}`);
    if (c.unused.length) out.push(`     unused: ${c.unused.join('; ')}`);
  });
  out.push(
    '',
    'Chosen plan:',
    indent(JSON.stringify(chosen.plan, null, 2)),
    '',
    'SQL:',
    indent(x.sql ?? x.classification ?? ''),
    '',
  );
  out.push(
    `SQL check: ${
      x.sql === undefined
        ? 'no SQL: the answer says the data cannot answer this reading.'
        : !x.check || x.check.ok
          ? 'the guard accepts it and every element of the plan is in it.'
          : describePlanCheck(x.check)
    }`,
  );
  out.push(`Unused words: ${chosen.unused.length ? chosen.unused.join('; ') : 'none'}`);
  return out.join('\n');
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'data-dir': { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  const question = positionals.join(' ').trim();
  if (!question) {
    process.stderr.write('Usage: npm run explain -- "question" [--data-dir ./data] [--json]\n');
    process.exitCode = 2;
    return;
  }
  const { knowledge, source, close } = await knowledgeFor(values['data-dir']);
  try {
    const explained = await explainQuestion(question, knowledge, source);
    process.stdout.write(`${values.json ? JSON.stringify(explained, null, 2) : render(explained)}\n`);
  } finally {
    await close();
  }
}

await main();
