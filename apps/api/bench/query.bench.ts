/**
 * `npm run bench:query`: end-to-end latency of POST /api/query with the built-in analyst on the full-scale
 * warehouse in DATA_DIR (./data by default; build it first with `npm run data:build`), for every golden question.
 * The real app runs in-process on a free loopback port with a throwaway embedded app database; each question is
 * asked over HTTP (auth, validation, agent, warehouse, saving the Query) after one warm-up pass. It prints, per
 * question and overall, the median and p95 of the client-measured time, and the server's split between
 * warehouse time (running SQL) and agent time (everything else: planning, narration, saving).
 *
 * BENCH_ROUNDS (default 3) sets how many times each question is asked after the warm-up. The result cache is off
 * (RESULT_CACHE_ENTRIES=0), so every round does the warehouse work; each question's p95 is printed beside its
 * median, with the load average, since figures taken while other work runs on the machine are slower.
 *
 * `npm run bench:query -- --pg <url>` runs the same questions on both engines in one run: the DuckDB build in
 * DATA_DIR and the PostgreSQL warehouse at <url> (loaded with `npm run data:load-pg`), each behind its own app.
 * Each engine gets its warm-up pass (timed: the first pass reads the tables from disk), then the rounds alternate
 * between the engines question by question, so load from other work falls on both alike. It prints, per
 * question, both medians and p95s and the ratio PostgreSQL/DuckDB of the medians, then the geometric mean of
 * the ratios and the load average.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { queryResultSchema } from '@qa/contracts';
import { questions } from '../../../eval/questions.js';
import { openAgentWarehouse } from '../src/analyst/agent/warehouse-adapter.js';
import { loadConfig, loadDotEnvFile } from '../src/config/env.js';
import { type BenchApp, startBenchApp } from './bench-app.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};
const ms = (value: number) => `${Math.round(value)}`.padStart(6);
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

interface Engine {
  name: string;
  app: BenchApp;
  warmUpMs: number;
  /** Per question: wall times, warehouse times, response type. */
  wall: number[][];
  warehouse: number[][];
  types: string[];
  errors: number;
}

async function ask(app: BenchApp, prompt: string) {
  const started = performance.now();
  const response = await fetch(`${app.url}/api/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${app.token}` },
    body: JSON.stringify({ prompt }),
  });
  const body = queryResultSchema.parse(await response.json());
  return { wall: performance.now() - started, status: response.status, body };
}

async function startEngine(name: string, dataDir: string, warehouseUrl: string | undefined): Promise<Engine> {
  const warehouse = await openAgentWarehouse({ dataDir, warehouseUrl });
  const app = await startBenchApp({
    name: `query-${name.toLowerCase()}`,
    env: {
      ...process.env,
      WAREHOUSE_URL: warehouseUrl ?? '',
      QUERY_PLANNER: 'builtin',
      RESULT_CACHE_ENTRIES: '0',
      // One user asks every golden question back to back, far past an analyst's per-minute limit.
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
    },
    warehouse,
  });
  return { name, app, warmUpMs: 0, wall: [], warehouse: [], types: [], errors: 0 };
}

async function warmUp(engine: Engine) {
  const started = performance.now();
  for (const question of questions) await ask(engine.app, question.question);
  engine.warmUpMs = performance.now() - started;
  process.stdout.write(
    `${engine.name} warm-up pass (includes loading the analyst's vocabulary): ${Math.round(engine.warmUpMs)} ms, load average ${loadAverage()}\n`,
  );
}

async function timeQuestion(engine: Engine, index: number) {
  const question = questions[index]!;
  const { wall, status, body } = await ask(engine.app, question.question);
  if (status !== 200) engine.errors += 1;
  engine.types[index] = body.response_type ?? String(status);
  engine.wall[index] = [...(engine.wall[index] ?? []), wall];
  engine.warehouse[index] = [...(engine.warehouse[index] ?? []), body.timings_ms?.warehouse ?? 0];
}

function summary(engine: Engine) {
  const wall = engine.wall.flat();
  const warehouse = engine.warehouse.flat();
  const agent = wall.map((w, i) => w - (warehouse[i] ?? 0));
  const slowest = questions
    .map((q, i) => ({ id: q.id, p95: percentile(engine.wall[i] ?? [], 95) }))
    .sort((a, b) => b.p95 - a.p95)[0];
  return (
    `${engine.name}: all requests (${wall.length}, ${engine.errors} errors), warm-up ${Math.round(engine.warmUpMs / 1000)} s:\n` +
    `  slowest question at p95: ${slowest?.id} ${Math.round(slowest?.p95 ?? 0)} ms\n` +
    `  end to end  median ${ms(percentile(wall, 50))} ms   p95 ${ms(percentile(wall, 95))} ms\n` +
    `  warehouse   median ${ms(percentile(warehouse, 50))} ms   p95 ${ms(percentile(warehouse, 95))} ms\n` +
    `  agent+HTTP  median ${ms(percentile(agent, 50))} ms   p95 ${ms(percentile(agent, 95))} ms\n`
  );
}

async function main() {
  const { values } = parseArgs({
    options: { pg: { type: 'string' } },
    allowPositionals: true,
  });
  loadDotEnvFile();
  const base = loadConfig(process.env);
  const engines: Engine[] = [];
  try {
    if (values.pg) {
      engines.push(await startEngine('DuckDB', base.dataDir, undefined));
      engines.push(await startEngine('PostgreSQL', base.dataDir, values.pg));
    } else {
      engines.push(
        await startEngine(base.warehouseUrl ? 'PostgreSQL' : 'DuckDB', base.dataDir, base.warehouseUrl),
      );
    }
    process.stdout.write(
      `POST /api/query, built-in analyst, ${engines.map((e) => (e.name === 'DuckDB' ? `DuckDB in ${base.dataDir}` : 'PostgreSQL')).join(' and ')}, ${questions.length} questions x ${ROUNDS} rounds after a warm-up, load average ${loadAverage()}\n\n`,
    );
    for (const engine of engines) await warmUp(engine);
    process.stdout.write('\n');
    const both = engines.length === 2;
    process.stdout.write(
      both
        ? `${'question'.padEnd(8)} ${'duck'.padStart(6)} ${'p95'.padStart(6)} ${'pg'.padStart(6)} ${'p95'.padStart(6)} ${'pg/duck'.padStart(7)}  type\n`
        : `${'question'.padEnd(8)} ${'wall'.padStart(6)} ${'p95'.padStart(6)} ${'whouse'.padStart(6)} ${'agent'.padStart(6)}  type\n`,
    );
    const ratios: number[] = [];
    for (let i = 0; i < questions.length; i++) {
      for (let round = 0; round < ROUNDS; round++)
        for (const engine of engines) await timeQuestion(engine, i);
      const id = questions[i]!.id.padEnd(8);
      const [first, second] = engines as [Engine, Engine | undefined];
      if (second) {
        const ratio = percentile(second.wall[i]!, 50) / Math.max(1, percentile(first.wall[i]!, 50));
        ratios.push(ratio);
        process.stdout.write(
          `${id} ${ms(percentile(first.wall[i]!, 50))} ${ms(percentile(first.wall[i]!, 95))} ${ms(percentile(second.wall[i]!, 50))} ${ms(percentile(second.wall[i]!, 95))} ${ratio.toFixed(2).padStart(7)}  ${first.types[i]}${second.types[i] === first.types[i] ? '' : ` / ${second.types[i]}`}\n`,
        );
      } else {
        const wall = first.wall[i]!;
        const wh = first.warehouse[i]!;
        process.stdout.write(
          `${id} ${ms(percentile(wall, 50))} ${ms(percentile(wall, 95))} ${ms(percentile(wh, 50))} ${ms(
            percentile(
              wall.map((w, r) => w - (wh[r] ?? 0)),
              50,
            ),
          )}  ${first.types[i]}\n`,
        );
      }
    }
    process.stdout.write(`\nload average ${loadAverage()}\n`);
    for (const engine of engines) process.stdout.write(summary(engine));
    if (ratios.length) {
      const geomean = Math.exp(ratios.reduce((sum, r) => sum + Math.log(r), 0) / ratios.length);
      process.stdout.write(
        `geometric mean of PostgreSQL/DuckDB (medians, ${ratios.length} questions): ${geomean.toFixed(2)}\n`,
      );
    }
  } finally {
    for (const engine of engines) await engine.app.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
