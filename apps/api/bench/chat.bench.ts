/**
 * `npm run bench:chat`: the streaming chat endpoint under load. This process builds the real app (embedded PGlite
 * in a temp DATA_DIR, or a scratch PostgreSQL database with BENCH_DATABASE_URL; the small fixture warehouse; a
 * free port) and measures its own event-loop delay (perf_hooks.monitorEventLoopDelay). The model is scripted
 * behind a loopback OpenAI-compatible server (chat-bench-loopback.ts) and the load comes from
 * chat-bench-client.ts, each in its own process, so the delay measured is the server's. Every answer is two
 * model steps (a sentence and a run_sql call, then a ~600-character answer), so every turn also runs a tool
 * through the in-process MCP server and writes two ledger rows.
 *
 * Prints per scenario: time to first event (p50, p95), stream duration (p95), events per stream and per second,
 * errors, and event-loop delay (p99, max). BENCH_SEQUENTIAL (default 20) streams run one after another;
 * BENCH_CONCURRENCY (default 50) at once, BENCH_ROUNDS (default 2) times. BENCH_DELAY_MS slows the model's
 * chunks (default 0: as fast as possible).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createFixtureWarehouse } from '../test/support/fixture-warehouse.js';
import { startBenchApp } from './bench-app.js';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const DATABASE_SERVER = process.env.BENCH_DATABASE_URL;
const MODEL = 'openai-compatible:gpt-4o-mini';

interface StreamResult {
  ok: boolean;
  ttfeMs: number | null;
  totalMs: number;
  events: number;
  error: string | null;
}

function tsx(script: string, args: string[] = []): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(BENCH_DIR, script), ...args], {
    cwd: path.resolve(BENCH_DIR, '..'),
    stdio: ['pipe', 'pipe', 'inherit'],
    env: process.env,
  });
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      lines.close();
      resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`${child.spawnargs.join(' ')} exited with ${code}`)));
  });
}

async function createScratchDatabase(serverUrl: string) {
  const name = `qa_chat_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round1 = (value: number) => Math.round(value * 10) / 10;

async function scenario(
  label: string,
  run: { base: string; token: string; model: string; streams: number; sequential: boolean; prefix: string },
) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const client = tsx('chat-bench-client.ts', [
    run.base,
    run.token,
    run.model,
    String(run.streams),
    run.sequential ? '1' : '0',
    run.prefix,
  ]);
  // Measure while the load runs: from the client's first line of output back, minus its start-up.
  loop.enable();
  const output = JSON.parse(await firstLine(client)) as { wallMs: number; results: StreamResult[] };
  loop.disable();
  const { results, wallMs } = output;
  const events = results.reduce((n, r) => n + r.events, 0);
  const failures = results.filter((r) => !r.ok);
  if (failures.length) console.error(`${label}: ${failures.length} failed, e.g.`, failures[0]?.error);
  return {
    scenario: label,
    streams: results.length,
    errors: failures.length,
    'ttfe p50 ms': round1(
      percentile(
        results.map((r) => r.ttfeMs ?? Number.NaN),
        50,
      ),
    ),
    'ttfe p95 ms': round1(
      percentile(
        results.map((r) => r.ttfeMs ?? Number.NaN),
        95,
      ),
    ),
    'stream p95 ms': round1(
      percentile(
        results.map((r) => r.totalMs),
        95,
      ),
    ),
    'events/stream': Math.round(events / Math.max(1, results.length)),
    'events/s': Math.round((events / wallMs) * 1000),
    'loop p99 ms': round1(loop.percentile(99) / 1e6),
    'loop max ms': round1(loop.max / 1e6),
  };
}

async function main() {
  const loopback = tsx('chat-bench-loopback.ts');
  const llmUrl = await firstLine(loopback);
  const warehouse = await createFixtureWarehouse();
  const scratchDb = DATABASE_SERVER ? await createScratchDatabase(DATABASE_SERVER) : undefined;
  const {
    url: base,
    token,
    db,
    close,
  } = await startBenchApp({
    name: 'chat',
    env: { OPENAI_COMPATIBLE_BASE_URL: llmUrl, OPENAI_COMPATIBLE_MODELS: 'gpt-4o-mini' },
    warehouse,
    ...(scratchDb ? { databaseUrl: scratchDb.url, maxConnections: 10 } : {}),
  });
  try {
    const run = { base, token, model: MODEL };

    const rows = [];
    await scenario('warm-up', { ...run, streams: 3, sequential: true, prefix: 'warm' });
    rows.push(
      await scenario('1 stream at a time', { ...run, streams: SEQUENTIAL, sequential: true, prefix: 'seq' }),
    );
    for (let round = 1; round <= ROUNDS; round += 1) {
      rows.push(
        await scenario(`${CONCURRENCY} concurrent, round ${round}`, {
          ...run,
          streams: CONCURRENCY,
          sequential: false,
          prefix: `conc${round}`,
        }),
      );
    }
    rows.push(
      await scenario('built-in analyst, 1 at a time', {
        ...run,
        model: 'builtin',
        streams: 10,
        sequential: true,
        prefix: 'builtin',
      }),
    );
    rows.push(
      await scenario(`built-in analyst, ${CONCURRENCY} concurrent`, {
        ...run,
        model: 'builtin',
        streams: CONCURRENCY,
        sequential: false,
        prefix: 'builtin-conc',
      }),
    );

    const ledger = await db
      .selectFrom('llm_usage')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    console.log(
      `\nChat streaming bench (${os.cpus().length} CPUs shared, node ${process.version}, ` +
        `${scratchDb ? 'PostgreSQL' : 'embedded PGlite'}, fixture warehouse; model: scripted, loopback ` +
        'OpenAI-compatible server in its own process; load from its own process)',
    );
    console.table(rows);
    console.log(`ledger rows written: ${Number(ledger?.n ?? 0)}`);
  } finally {
    await close();
    await scratchDb?.drop();
    loopback.stdin?.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
