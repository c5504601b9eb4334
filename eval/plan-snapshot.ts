/**
 * A regression snapshot of the built-in analyst without running any query: every question of every eval set
 * is read into a plan, compiled to SQL, restated, explained, and narrated over three made-up results (empty,
 * one labelled row per place, all numbers). Run it before and after a refactor of the reading, the SQL builder
 * or the narration and diff the two files: any difference is a change of behaviour.
 *
 *   npx tsx eval/plan-snapshot.ts --out /tmp/before.json [--data-dir /work/data-full]
 *
 * Without --data-dir it reads with the unit tests' small vocabulary; with it, with the warehouse's own.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openAgentWarehouse } from '../apps/api/src/analyst/agent/warehouse-adapter.js';
import { interpret } from '../apps/api/src/analyst/compile/interpret.js';
import { analyse, explain, type ResultLike } from '../apps/api/src/analyst/compile/narrate.js';
import { buildQuery } from '../apps/api/src/analyst/compile/sql-builder.js';
import {
  type AnalystKnowledge,
  loadAnalystKnowledge,
} from '../apps/api/src/analyst/reading/builtin-analyst.js';
import { testLexicon, testTime } from '../apps/api/src/analyst/reading/test-fixtures.js';
import { understand } from '../apps/api/src/analyst/reading/understand.js';
import { holdoutQuestions } from './holdout.js';
import { holdout2Questions } from './holdout2.js';
import { holdout3Questions } from './holdout3.js';
import { holdout4Questions } from './holdout4.js';
import { holdout5Questions } from './holdout5.js';
import { holdout6Questions } from './holdout6.js';
import { questions } from './questions.js';

function madeUpResults(columns: string[]): ResultLike[] {
  const rows = (labelled: boolean) =>
    [0, 1, 2].map((i) => columns.map((_, j) => (labelled && j === 0 ? `Place ${i}` : 1000 - 37 * i + j)));
  const shape = (labelled: boolean) =>
    columns.map((name, j) => ({ name, type: labelled && j === 0 ? 'VARCHAR' : 'DOUBLE' }));
  return [
    { columns: shape(false), rows: [], truncated: false },
    { columns: shape(true), rows: rows(true), truncated: false },
    { columns: shape(false), rows: rows(false), truncated: false },
  ];
}

function snapshot(question: string, knowledge: AnalystKnowledge) {
  const understanding = understand(question, knowledge.lexicon, knowledge.time);
  if (understanding.kind !== 'data') return { question, understanding };
  const plan = understanding.plan;
  const built = buildQuery(plan, knowledge.time);
  return {
    question,
    understanding,
    built,
    interpretation: interpret(plan, knowledge.time),
    explanation: explain(plan, built),
    analyses: madeUpResults(Object.keys(built.columns)).map((result) =>
      analyse(plan, built, result, knowledge.time.latest),
    ),
  };
}

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' }, 'data-dir': { type: 'string' } } });
  if (!values.out) throw new Error('--out <file> is required');
  let knowledge: AnalystKnowledge = { lexicon: testLexicon, time: testTime };
  let close = async () => {};
  if (values['data-dir']) {
    const warehouse = await openAgentWarehouse({ dataDir: values['data-dir'] });
    knowledge = await loadAnalystKnowledge(warehouse);
    close = async () => warehouse.close();
  }
  const all = [
    questions,
    holdoutQuestions,
    holdout2Questions,
    holdout3Questions,
    holdout4Questions,
    holdout5Questions,
    holdout6Questions,
  ].flat();
  const out = all.map((q) => ({ id: q.id, ...snapshot(q.question, knowledge) }));
  writeFileSync(values.out, `${JSON.stringify(out, null, 1)}\n`);
  process.stdout.write(`${out.length} questions written to ${values.out}\n`);
  await close();
}

await main();
