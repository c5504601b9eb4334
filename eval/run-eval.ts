/**
 * `npm run eval -- [--data-dir ./data] [--planner builtin|llm|auto] [--model <id>]
 *                 [--set golden|holdout|holdout2|holdout3|all] [--only cg-01,ho-02] [--verbose]`
 *
 * Runs the query agent in-process on every question of the set (eval/questions.ts, the golden set, by default;
 * eval/holdout.ts, holdout2.ts and holdout3.ts, written independently of the agent, with --set holdout / holdout2 /
 * holdout3), runs the gold SQL on the same warehouse, compares the result sets with eval/compare-results.ts (column
 * names, column order and row order ignored; numbers within rounding tolerance) and prints execution accuracy per
 * theme and overall, every failure with its reason, and the agent's median and p95 latency. The LLM planner (when
 * chosen and configured through the usual environment variables) reports its token usage and cost; nothing is
 * written to any ledger.
 */
import { parseArgs } from 'node:util';
import { loadConfig, loadDotEnvFile } from '../apps/api/src/config/env.js';
import { createAgentRuntime } from '../apps/api/src/features/agent/agent-runtime.js';
import type { AgentResultSet } from '../apps/api/src/features/agent/agent-warehouse.js';
import type { Planner } from '../apps/api/src/features/agent/planner.js';
import { openAgentWarehouse } from '../apps/api/src/features/agent/warehouse-adapter.js';
import { addUsage, costOf, type TokenUsage, ZERO_USAGE } from '../apps/api/src/features/llm/cost.js';
import { createModelRegistry } from '../apps/api/src/features/llm/providers.js';
import { type Cell, compareResults } from './compare-results.js';
import { holdoutQuestions } from './holdout.js';
import { holdout2Questions } from './holdout2.js';
import { holdout3Questions } from './holdout3.js';
import { type EvalQuestion, questions } from './questions.js';

const GOLD_ROW_LIMIT = 100_000;
const TIMEOUT_MS = 60_000;

interface Outcome {
  question: EvalQuestion;
  match: boolean;
  reason: string;
  latencyMs: number;
  warehouseMs: number;
  sql?: string;
  planner: string;
}

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

async function main() {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      planner: { type: 'string' },
      model: { type: 'string' },
      only: { type: 'string' },
      set: { type: 'string', default: 'golden' },
      verbose: { type: 'boolean', default: false },
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
  const sets: Record<string, EvalQuestion[]> = {
    golden: questions,
    holdout: holdoutQuestions,
    holdout2: holdout2Questions,
    holdout3: holdout3Questions,
    all: [...questions, ...holdoutQuestions, ...holdout2Questions, ...holdout3Questions],
  };
  const set = sets[values.set ?? 'golden'];
  if (!set) throw new Error(`--set must be one of ${Object.keys(sets).join(', ')}`);
  const selected = set.filter((q) => !only || only.has(q.id));
  process.stdout.write(
    `Evaluating ${selected.length} questions (${values.set} set) with the ${planner.kind === 'llm' ? `LLM planner (${planner.model})` : 'built-in analyst'} on ${config.warehouseUrl ? 'PostgreSQL' : `DuckDB in ${config.dataDir}`}\n\n`,
  );

  const outcomes: Outcome[] = [];
  for (const question of selected) {
    const gold = await warehouse.guard(question.gold, { rowLimit: GOLD_ROW_LIMIT });
    if (!gold.ok) {
      outcomes.push({
        question,
        match: false,
        reason: `GOLD SQL refused by the guard: ${gold.reason}`,
        latencyMs: 0,
        warehouseMs: 0,
        planner: '-',
      });
      continue;
    }
    const goldResult = await warehouse
      .query(gold.sql, { rowLimit: GOLD_ROW_LIMIT, timeoutMs: TIMEOUT_MS })
      .catch((error: unknown) => error as Error);
    const started = performance.now();
    const answer = await ready.agent
      .answer({ question: question.question, planner })
      .catch((error: unknown) => error as Error);
    const latencyMs = performance.now() - started;
    if (goldResult instanceof Error) {
      outcomes.push({
        question,
        match: false,
        reason: `GOLD SQL failed: ${goldResult.message}`,
        latencyMs,
        warehouseMs: 0,
        planner: '-',
      });
      continue;
    }
    if (answer instanceof Error) {
      outcomes.push({
        question,
        match: false,
        reason: `agent error: ${answer.message}`,
        latencyMs,
        warehouseMs: 0,
        planner: planner.kind,
      });
      continue;
    }
    const base = {
      question,
      latencyMs,
      warehouseMs: answer.timings.warehouseMs,
      planner: answer.planner,
      ...(answer.sql ? { sql: answer.sql } : {}),
    };
    if (!answer.result) {
      const why =
        answer.responseType === 'error'
          ? answer.message
          : `answered as ${answer.responseType}: ${answer.classification.reasoning}`;
      outcomes.push({ ...base, match: false, reason: why ?? answer.responseType });
      continue;
    }
    const comparison = compareResults(table(answer.result), table(goldResult));
    outcomes.push({ ...base, match: comparison.match, reason: comparison.reason });
    if (values.verbose) {
      process.stdout.write(
        `${comparison.match ? 'ok  ' : 'FAIL'} ${question.id} ${Math.round(latencyMs)} ms ${comparison.reason}\n`,
      );
    }
  }

  const themes = [...new Set(selected.map((q) => q.theme))];
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

  const failures = outcomes.filter((o) => !o.match);
  if (failures.length) {
    process.stdout.write(`\nFailures (${failures.length}):\n`);
    for (const failure of failures) {
      process.stdout.write(
        `- ${failure.question.id} [${failure.question.theme}] ${failure.question.question}\n    ${failure.reason}\n`,
      );
      if (values.verbose && failure.sql)
        process.stdout.write(`    SQL: ${failure.sql.replace(/\s+/g, ' ').slice(0, 400)}\n`);
    }
  }
  await warehouse.close();
}

main().catch((error: unknown) => {
  process.stderr.write(
    `eval failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
