/**
 * `npm run eval -- [--data-dir ./data] [--planner builtin|llm|auto] [--model <id>]
 *                 [--set golden|holdout|holdout2|holdout3|holdout4|holdout5|holdout6|all] [--file <set outside the repo>] [--only cg-01,ho-02] [--verbose]
 *                 [--analyses <file>] [--outcomes <file.jsonl>]`
 *
 * Runs the query agent in-process on every question of the set (eval/questions.ts, the golden set, by default;
 * eval/holdout.ts, holdout2.ts and holdout3.ts, written independently of the agent, with --set holdout / holdout2 /
 * holdout3), runs the gold SQL on the same warehouse, compares the result sets with eval/compare-results.ts (column
 * names, column order and row order ignored; numbers within rounding tolerance) and prints execution accuracy per
 * theme and overall, every failure with its reason, and the agent's median and p95 latency. The LLM planner (when
 * chosen and configured through the usual environment variables) reports its token usage and cost; nothing is
 * written to any ledger. With --analyses, every answer's interpretation and analysis are written to a markdown
 * file, to read the narration of a whole set at once.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createAgentRuntime } from '../apps/api/src/analyst/agent/agent-runtime.js';
import type { AgentResultSet } from '../apps/api/src/analyst/agent/agent-warehouse.js';
import type { Planner } from '../apps/api/src/analyst/agent/planner.js';
import type { AgentAnswer } from '../apps/api/src/analyst/agent/query-agent.js';
import {
  type ClosableAgentWarehouse,
  openAgentWarehouse,
} from '../apps/api/src/analyst/agent/warehouse-adapter.js';
import { addUsage, costOf, type TokenUsage, ZERO_USAGE } from '../apps/api/src/analyst/llm/cost.js';
import { createModelRegistry } from '../apps/api/src/analyst/llm/providers.js';
import type { Plan } from '../apps/api/src/analyst/semantic/plan.js';
import { loadConfig, loadDotEnvFile } from '../apps/api/src/config/env.js';
import { type Cell, compareResults } from './compare-results.js';
import { holdoutQuestions } from './holdout.js';
import { holdout2Questions } from './holdout2.js';
import { holdout3Questions } from './holdout3.js';
import { holdout4Questions } from './holdout4.js';
import { holdout5Questions } from './holdout5.js';
import { holdout6Questions } from './holdout6.js';
import { type EvalQuestion, questions } from './questions.js';

const GOLD_ROW_LIMIT = 100_000;
/** Gold SQL is written for clarity, not speed: some long series take minutes on a busy machine. */
const TIMEOUT_MS = 300_000;

interface Outcome {
  question: EvalQuestion;
  /** The set the question belongs to (golden, holdout, ...). */
  set: string;
  match: boolean;
  reason: string;
  latencyMs: number;
  warehouseMs: number;
  sql?: string;
  planner: string;
  /** The agent's stated confidence (0-1); undefined when it failed before answering. */
  confidence?: number;
  /** The agent asked back instead of answering: counted apart from right and wrong answers. */
  clarified: boolean;
  /** A wrong (or asked-back) answer one of whose "Did you mean" alternatives gives the gold result. */
  rightAlternative?: boolean;
  /** The reading answered, for --outcomes. */
  interpretation?: string;
  plan?: Plan;
}

/** Answer types that ask the user to rephrase or choose rather than answer. */
const CLARIFYING_RESPONSES = new Set(['clarification', 'clarify']);
/** An answer asks back when it says what it could not read and offers readings instead of a result. */
const askedBack = (answer: AgentAnswer) =>
  CLARIFYING_RESPONSES.has(answer.responseType) ||
  (answer.responseType === 'unsupported' && (answer.alternatives?.length ?? 0) > 0);

/** Confidence bins of the reliability table: [from, to). The top bin includes 1. */
const CONFIDENCE_BINS: Array<[number, number]> = [
  [0, 0.5],
  [0.5, 0.8],
  [0.8, 0.9],
  [0.9, 1.01],
];
/** "Confidently wrong": stated confidence at or above this and the answer is wrong. */
const CONFIDENT = 0.8;

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};

const table = (result: AgentResultSet) => ({
  columns: result.columns.map((c) => c.name),
  rows: result.rows as Cell[][],
});

function pad(text: string, width: number) {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

/** Asks the agent one question, timed; an error is returned, not thrown. */
type Ask = (question: string, plan?: Plan) => Promise<{ answer: AgentAnswer | Error; latencyMs: number }>;

async function main() {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      planner: { type: 'string' },
      model: { type: 'string' },
      only: { type: 'string' },
      set: { type: 'string', default: 'golden' },
      verbose: { type: 'boolean', default: false },
      analyses: { type: 'string' },
      // A set kept outside the repository (held out from the people tuning the analyst): a module whose exported
      // arrays are EvalQuestion[]; its failures are not printed unless --failures is given, so scoring it does not
      // show anyone its questions.
      file: { type: 'string' },
      // Every outcome (right or not, with its confidence, reading and plan) as JSON lines, to study calibration.
      outcomes: { type: 'string' },
      failures: { type: 'boolean' },
    },
  });
  loadDotEnvFile();
  const env = { ...process.env };
  // Relative paths are read from the repository root, like DATA_DIR everywhere else (npm runs this in apps/api).
  if (values['data-dir']) env.DATA_DIR = values['data-dir'];
  if (values.planner) env.QUERY_PLANNER = values.planner;
  if (values.model) env.QUERY_MODEL = values.model;
  const config = loadConfig(env);

  const registry = createModelRegistry(config.providers);
  const warehouse = await openAgentWarehouse({
    dataDir: config.dataDir,
    warehouseUrl: config.warehouseUrl,
  });
  const runtime = createAgentRuntime({
    warehouse: async () => warehouse,
    registry,
    planner: config.query.planner,
    model: config.query.model,
  });
  const ready = await runtime.ready();
  const choice = runtime.choosePlanner();
  let usage: TokenUsage = { ...ZERO_USAGE };
  const planner: Planner =
    choice.kind === 'llm'
      ? runtime.llmPlanner(ready, choice.modelId, async (call) => {
          usage = addUsage(usage, call);
        })
      : ready.builtin;

  const only = values.only ? new Set(values.only.split(',').map((s) => s.trim())) : undefined;
  const namedSets: Record<string, EvalQuestion[]> = {
    golden: questions,
    holdout: holdoutQuestions,
    holdout2: holdout2Questions,
    holdout3: holdout3Questions,
    holdout4: holdout4Questions,
    holdout5: holdout5Questions,
    holdout6: holdout6Questions,
  };
  if (values.file) {
    const module = (await import(
      pathToFileURL(path.resolve(process.env.INIT_CWD ?? process.cwd(), values.file)).href
    )) as Record<string, unknown>;
    namedSets[path.basename(values.file).replace(/\.[cm]?[jt]s$/, '')] = Object.values(module)
      .filter(Array.isArray)
      .flat() as EvalQuestion[];
  }
  const setName = values.file
    ? path.basename(values.file).replace(/\.[cm]?[jt]s$/, '')
    : (values.set ?? 'golden');
  const chosen = setName === 'all' ? Object.keys(namedSets) : [setName];
  if (!chosen.every((name) => namedSets[name]))
    throw new Error(`--set must be one of ${[...Object.keys(namedSets), 'all'].join(', ')}`);
  const selected = chosen.flatMap((name) =>
    (namedSets[name] ?? []).filter((q) => !only || only.has(q.id)).map((q) => ({ set: name, q })),
  );
  process.stdout.write(
    `Evaluating ${selected.length} questions (${values.set} set) with the ${planner.kind === 'llm' ? `LLM planner (${planner.model})` : 'built-in analyst'} on ${config.warehouseUrl ? 'PostgreSQL' : `DuckDB in ${config.dataDir}`}\n\n`,
  );

  const ask: Ask = async (text, plan) => {
    const started = performance.now();
    const answer = await ready.agent
      .answer({ question: text, planner, ...(plan ? { plan } : {}) })
      .catch((error: unknown) => error as Error);
    return { answer, latencyMs: performance.now() - started };
  };

  const outcomes: Outcome[] = [];
  const analyses: string[] = [];
  for (const { set, q: question } of selected) {
    if (question.expect) {
      outcomes.push(await expectClassification(ask, planner.kind, set, question));
      continue;
    }
    const { outcome, analysis } = await compareWithGold(warehouse, ask, planner.kind, set, question);
    outcomes.push(outcome);
    if (analysis === undefined) continue;
    if (values.analyses) analyses.push(analysis);
    if (values.verbose && (!values.file || values.failures)) {
      process.stdout.write(
        `${outcome.match ? 'ok  ' : 'FAIL'} ${question.id} ${Math.round(outcome.latencyMs)} ms ${outcome.reason}\n`,
      );
    }
  }

  writeAccuracy(outcomes, [...new Set(selected.map(({ q }) => q.theme))], chosen);
  writeReliability(outcomes);

  const latencies = outcomes.filter((o) => o.latencyMs > 0).map((o) => o.latencyMs);
  const warehouseTimes = outcomes.filter((o) => o.latencyMs > 0).map((o) => o.warehouseMs);
  process.stdout.write(
    `latency (agent, in-process): median ${Math.round(percentile(latencies, 50))} ms, p95 ${Math.round(percentile(latencies, 95))} ms; of which warehouse median ${Math.round(percentile(warehouseTimes, 50))} ms\n`,
  );
  if (planner.kind === 'llm') {
    const entry = registry.find(planner.model);
    process.stdout.write(
      `tokens: ${usage.inputTokens} in (${usage.cacheReadTokens} cached), ${usage.outputTokens} out; cost $${entry ? costOf(entry, usage).toFixed(4) : '?'}\n`,
    );
  }

  if (!values.file || values.failures) writeFailures(outcomes, values.verbose ?? false);
  if (values.outcomes) {
    writeFileSync(
      values.outcomes,
      outcomes
        .map((o) =>
          JSON.stringify({
            id: o.question.id,
            set: o.set,
            question: o.question.question,
            match: o.match,
            clarified: o.clarified,
            confidence: o.confidence,
            reason: o.reason,
            interpretation: o.interpretation,
            plan: o.plan,
          }),
        )
        .join('\n')
        .concat('\n'),
    );
    process.stdout.write(`\nOutcomes written to ${values.outcomes}\n`);
  }
  if (values.analyses) {
    writeFileSync(values.analyses, `# Analyses (${setName} set)\n\n${analyses.join('\n')}`);
    process.stdout.write(`\nAnalyses written to ${values.analyses}\n`);
  }
  await warehouse.close();
}

/** A question whose right answer is a classification (unsupported, system_info), not a table. */
/** A question without an answer to judge: wrong, for the reason given. */
function failure(
  set: string,
  question: EvalQuestion,
  reason: string,
  latencyMs: number,
  planner: string,
): Outcome {
  return { set, question, match: false, clarified: false, reason, latencyMs, warehouseMs: 0, planner };
}

async function expectClassification(
  ask: Ask,
  plannerKind: string,
  set: string,
  question: EvalQuestion,
): Promise<Outcome> {
  const { answer, latencyMs } = await ask(question.question);
  if (answer instanceof Error)
    return failure(set, question, `agent error: ${answer.message}`, latencyMs, plannerKind);
  const match = answer.responseType === question.expect;
  return {
    set,
    question,
    match,
    clarified: !match && askedBack(answer),
    confidence: answer.classification.confidence,
    reason: match
      ? `classified as ${answer.responseType}`
      : `expected ${question.expect}, answered as ${answer.responseType}`,
    latencyMs,
    warehouseMs: answer.timings.warehouseMs,
    planner: answer.planner,
    ...(answer.sql ? { sql: answer.sql } : {}),
  };
}

/**
 * A question with gold SQL: the gold result and the agent's answer, compared. The analysis (for --analyses) is
 * there when an answer was compared.
 */
async function compareWithGold(
  warehouse: ClosableAgentWarehouse,
  ask: Ask,
  plannerKind: string,
  set: string,
  question: EvalQuestion,
): Promise<{ outcome: Outcome; analysis?: string }> {
  const gold = await warehouse.guard(question.gold, { rowLimit: GOLD_ROW_LIMIT });
  if (!gold.ok) {
    return {
      outcome: failure(set, question, `GOLD SQL refused by the guard: ${gold.reason}`, 0, '-'),
    };
  }
  const goldResult = await warehouse
    .query(gold.sql, { rowLimit: GOLD_ROW_LIMIT, timeoutMs: TIMEOUT_MS })
    .catch((error: unknown) => error as Error);
  const { answer, latencyMs } = await ask(question.question);
  if (goldResult instanceof Error) {
    return {
      outcome: failure(set, question, `GOLD SQL failed: ${goldResult.message}`, latencyMs, '-'),
    };
  }
  if (answer instanceof Error) {
    return {
      outcome: failure(set, question, `agent error: ${answer.message}`, latencyMs, plannerKind),
    };
  }
  const base = {
    set,
    question,
    confidence: answer.classification.confidence,
    clarified: askedBack(answer),
    latencyMs,
    warehouseMs: answer.timings.warehouseMs,
    planner: answer.planner,
    interpretation: answer.interpretation,
    ...(answer.plan ? { plan: answer.plan } : {}),
    ...(answer.sql ? { sql: answer.sql } : {}),
  };
  // Whether a "Did you mean" alternative, chosen, would have given the gold result.
  const rightAlternative = async () => {
    for (const alternative of answer.alternatives ?? []) {
      const chosen = await ask(question.question, alternative.plan);
      if (chosen.answer instanceof Error || !chosen.answer.result) continue;
      if (compareResults(table(chosen.answer.result), table(goldResult)).match) return true;
    }
    return false;
  };
  if (!answer.result) {
    const why =
      answer.responseType === 'error'
        ? answer.message
        : `answered as ${answer.responseType}: ${answer.classification.reasoning}`;
    return {
      outcome: {
        ...base,
        match: false,
        reason: why ?? answer.responseType,
        rightAlternative: await rightAlternative(),
      },
    };
  }
  // Gold written "for publication" rounds its shares to one decimal (ROUND(x, 1)): the comparison allows for it.
  const roundedToOneDecimal = /\bROUND\(/i.test(question.gold) && /,\s*1\s*\)/.test(question.gold);
  const comparison = compareResults(table(answer.result), { ...table(goldResult), roundedToOneDecimal });
  return {
    outcome: {
      ...base,
      match: comparison.match,
      reason: comparison.reason,
      ...(comparison.match ? {} : { rightAlternative: await rightAlternative() }),
    },
    analysis:
      `## ${question.id} ${comparison.match ? '' : '(WRONG) '}${question.question}\n\n` +
      `_Answered as:_ ${answer.interpretation ?? '(none)'}\n\n` +
      `Columns: ${answer.result.columns.map((c) => c.name).join(', ')}\n\n${answer.analysis ?? ''}\n`,
  };
}

/** Execution accuracy per theme and overall, then per set when several were run. */
function writeAccuracy(outcomes: Outcome[], themes: string[], chosen: string[]) {
  process.stdout.write(`${pad('theme', 24)}${pad('correct', 10)}accuracy\n`);
  for (const theme of themes) {
    const rows = outcomes.filter((o) => o.question.theme === theme);
    const correct = rows.filter((o) => o.match).length;
    process.stdout.write(
      `${pad(theme, 24)}${pad(`${correct}/${rows.length}`, 10)}${((100 * correct) / rows.length).toFixed(1)}%\n`,
    );
  }
  const correct = outcomes.filter((o) => o.match).length;
  process.stdout.write(
    `${pad('overall', 24)}${pad(`${correct}/${outcomes.length}`, 10)}${((100 * correct) / Math.max(1, outcomes.length)).toFixed(1)}%\n\n`,
  );

  if (chosen.length > 1) {
    process.stdout.write(`${pad('set', 24)}${pad('correct', 10)}${pad('accuracy', 10)}clarified\n`);
    for (const name of chosen) {
      const rows = outcomes.filter((o) => o.set === name);
      const right = rows.filter((o) => o.match).length;
      process.stdout.write(
        `${pad(name, 24)}${pad(`${right}/${rows.length}`, 10)}${pad(`${((100 * right) / Math.max(1, rows.length)).toFixed(1)}%`, 10)}${rows.filter((o) => o.clarified).length}\n`,
      );
    }
    process.stdout.write('\n');
  }
}

/** Every wrong answer with its reason (and, verbose, the SQL it ran). */
function writeFailures(outcomes: Outcome[], verbose: boolean) {
  const failures = outcomes.filter((o) => !o.match);
  if (failures.length) {
    process.stdout.write(`\nFailures (${failures.length}):\n`);
    for (const failure of failures) {
      process.stdout.write(
        `- ${failure.question.id} [${failure.question.theme}]${failure.confidence === undefined ? '' : ` (confidence ${failure.confidence.toFixed(2)})`}${failure.clarified ? ' (asked back)' : ''} ${failure.question.question}\n    ${failure.reason}\n`,
      );
      if (verbose && failure.sql)
        process.stdout.write(`    SQL: ${failure.sql.replace(/\s+/g, ' ').slice(0, 400)}\n`);
    }
  }
}

/**
 * Whether the stated confidence means something: per bin, how many answers and how many were right.
 * Clarifications are neither right nor wrong and are counted on their own.
 */
function writeReliability(outcomes: Outcome[]) {
  const answered = outcomes.filter((o) => !o.clarified && o.confidence !== undefined);
  process.stdout.write(
    `${pad('confidence', 24)}${pad('answers', 10)}${pad('correct', 10)}${pad('accuracy', 10)}mean confidence\n`,
  );
  for (const [from, to] of CONFIDENCE_BINS) {
    const rows = answered.filter((o) => (o.confidence ?? 0) >= from && (o.confidence ?? 0) < to);
    const right = rows.filter((o) => o.match).length;
    const mean = rows.reduce((sum, o) => sum + (o.confidence ?? 0), 0) / Math.max(1, rows.length);
    const label = `${from.toFixed(1)}-${Math.min(1, to).toFixed(1)}`;
    process.stdout.write(
      `${pad(label, 24)}${pad(String(rows.length), 10)}${pad(String(right), 10)}${pad(rows.length ? `${((100 * right) / rows.length).toFixed(1)}%` : '-', 10)}${rows.length ? mean.toFixed(2) : '-'}\n`,
    );
  }
  const confidentlyWrong = answered.filter((o) => (o.confidence ?? 0) >= CONFIDENT && !o.match);
  const confident = answered.filter((o) => (o.confidence ?? 0) >= CONFIDENT);
  const confidentRight = confident.length - confidentlyWrong.length;
  process.stdout.write(
    `\nconfidently wrong (>= ${CONFIDENT} and wrong): ${confidentlyWrong.length} of ${outcomes.length} questions (${((100 * confidentlyWrong.length) / Math.max(1, outcomes.length)).toFixed(1)}%); ` +
      `answers at >= ${CONFIDENT} correct: ${confidentRight}/${confident.length} (${((100 * confidentRight) / Math.max(1, confident.length)).toFixed(1)}%)\n`,
  );
  process.stdout.write(`clarifications: ${outcomes.filter((o) => o.clarified).length}\n`);
  const wrong = outcomes.filter((o) => !o.match && o.question.gold);
  process.stdout.write(
    `right reading among the alternatives: ${wrong.filter((o) => o.rightAlternative).length} of ${wrong.length} wrong or asked-back data answers\n\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `eval failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
