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
 */
import os from 'node:os';
import { queryResultSchema } from '@qa/contracts';
import { questions } from '../../../eval/questions.js';
import { openAgentWarehouse } from '../src/analyst/agent/warehouse-adapter.js';
import { loadConfig, loadDotEnvFile } from '../src/config/env.js';
import { startBenchApp } from './bench-app.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};
const ms = (value: number) => `${Math.round(value)}`.padStart(6);

async function main() {
  loadDotEnvFile();
  const base = loadConfig(process.env);
  // The app database is throwaway; the warehouse is the real one in DATA_DIR.
  const warehouse = await openAgentWarehouse({ dataDir: base.dataDir, warehouseUrl: base.warehouseUrl });
  const { url, token, close } = await startBenchApp({
    name: 'query',
    env: {
      ...process.env,
      QUERY_PLANNER: 'builtin',
      RESULT_CACHE_ENTRIES: '0',
      // One user asks every golden question back to back, far past an analyst's per-minute limit.
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
    },
    warehouse,
  });

  try {
    const ask = async (prompt: string) => {
      const started = performance.now();
      const response = await fetch(`${url}/api/query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ prompt }),
      });
      const body = queryResultSchema.parse(await response.json());
      return { wall: performance.now() - started, status: response.status, body };
    };

    process.stdout.write(
      `POST /api/query, built-in analyst, warehouse ${base.warehouseUrl ? 'PostgreSQL' : `DuckDB in ${base.dataDir}`}, ${questions.length} questions x ${ROUNDS} rounds after a warm-up\n\n`,
    );
    const warmStarted = performance.now();
    for (const question of questions) await ask(question.question);
    process.stdout.write(
      `warm-up pass (includes loading the analyst's vocabulary): ${Math.round(performance.now() - warmStarted)} ms\n\n`,
    );

    const all = { wall: [] as number[], warehouse: [] as number[], agent: [] as number[] };
    process.stdout.write(
      `${'question'.padEnd(8)} ${'wall'.padStart(6)} ${'p95'.padStart(6)} ${'whouse'.padStart(6)} ${'agent'.padStart(6)}  type\n`,
    );
    let errors = 0;
    for (const question of questions) {
      const wall: number[] = [];
      const wh: number[] = [];
      const agent: number[] = [];
      let type = '';
      for (let round = 0; round < ROUNDS; round++) {
        const { wall: w, status, body } = await ask(question.question);
        if (status !== 200) errors += 1;
        type = body.response_type ?? String(status);
        wall.push(w);
        wh.push(body.timings_ms?.warehouse ?? 0);
        // Agent time as the client sees it: everything that is not the warehouse running SQL.
        agent.push(w - (body.timings_ms?.warehouse ?? 0));
      }
      all.wall.push(...wall);
      all.warehouse.push(...wh);
      all.agent.push(...agent);
      process.stdout.write(
        `${question.id.padEnd(8)} ${ms(percentile(wall, 50))} ${ms(percentile(wall, 95))} ${ms(percentile(wh, 50))} ${ms(percentile(agent, 50))}  ${type}\n`,
      );
    }
    const slowest = questions
      .map((q, i) => ({ id: q.id, p95: percentile(all.wall.slice(i * ROUNDS, (i + 1) * ROUNDS), 95) }))
      .sort((a, b) => b.p95 - a.p95)[0];
    process.stdout.write(
      `\nall requests (${all.wall.length}, ${errors} errors), load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}:\n` +
        `  slowest question at p95: ${slowest?.id} ${Math.round(slowest?.p95 ?? 0)} ms\n` +
        `  end to end  median ${ms(percentile(all.wall, 50))} ms   p95 ${ms(percentile(all.wall, 95))} ms\n` +
        `  warehouse   median ${ms(percentile(all.warehouse, 50))} ms   p95 ${ms(percentile(all.warehouse, 95))} ms\n` +
        `  agent+HTTP  median ${ms(percentile(all.agent, 50))} ms   p95 ${ms(percentile(all.agent, 95))} ms\n`,
    );
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
