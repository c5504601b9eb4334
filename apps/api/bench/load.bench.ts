/**
 * `npm run bench:load`: many analysts at once against real server processes on the full-scale warehouse.
 * N askers loop over the golden questions (POST /api/query), M chat streams loop (POST /api/chat/message/stream,
 * built-in model), and a cheap call (GET /api/auth/me) runs every 100 ms, for T seconds; then it prints answers/s,
 * p50/p95 answer latency, the cheap call's p95, each process's event-loop delay p99 (GET /api/metrics) and errors.
 * It runs once with one process and once with two processes behind a small round-robin proxy it starts (they share
 * PostgreSQL — BENCH_DATABASE_URL, default TEST_DATABASE_URL — and Redis, BENCH_REDIS_URL). The load phases run with
 * the result cache off (honest warehouse work); a last phase measures a repeated question answered from the cache.
 *
 * The warehouse is read from BENCH_WAREHOUSE_DIR (default ./data/warehouse) and copied into a throwaway DATA_DIR,
 * so the source is never written. BENCH_ASKERS, BENCH_CHATS, BENCH_SECONDS override N, M, T (20, 10, 60).
 *
 * Only answers that come back before the deadline count (in throughput and latency): requests still in flight at
 * the deadline are waited for and reported apart, so the figures cover exactly T seconds. What the cores allow is
 * estimated from a serial pass over the golden questions before the load: the server's CPU time per answer (from
 * /proc), so capacity = cores / CPU seconds per answer; the load phase prints its answers/s as a share of that,
 * and how busy the server processes kept the cores.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { questions } from '../../../eval/questions.js';
import { REPO_ROOT } from '../src/config/env.js';

const ASKERS = Number(process.env.BENCH_ASKERS ?? 20);
const CHATS = Number(process.env.BENCH_CHATS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WAREHOUSE_DIR = path.resolve(REPO_ROOT, process.env.BENCH_WAREHOUSE_DIR ?? './data/warehouse');
const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const EMAIL = 'bench@example.com';
const PASSWORD = 'Bench-Passw0rd';
const JWT_SECRET = randomBytes(32).toString('hex');

const pct = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); undefined elsewhere. */
function cpuSeconds(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS = 100;
const CORES = os.availableParallelism();

async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(REPO_ROOT, 'apps/api'),
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    const ready = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error('The server did not start');
}

function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A small round-robin HTTP proxy (what a plain load balancer does; no sticky sessions). */
function startProxy(targets: string[]): Promise<{ url: string; close: () => Promise<void> }> {
  let next = 0;
  const server = http.createServer((req, res) => {
    const target = new URL(targets[next++ % targets.length] as string);
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function metrics(url: string, token: string, reset = false) {
  const res = await fetch(`${url}/api/metrics${reset ? '?reset=1' : ''}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()) as { event_loop_delay: { p99_ms: number; max_ms: number }; pid: number };
}

interface Target {
  url: string;
  child: ChildProcess;
}

async function ask(url: string, auth: Record<string, string>, prompt: string | undefined) {
  const res = await fetch(`${url}/api/query`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ prompt }),
  });
  await res.arrayBuffer();
  return res.ok;
}

/**
 * The server's CPU time per answer, from one serial pass over the golden questions (after a warm-up pass), and so
 * the answers per second the cores allow: cores / CPU seconds per answer.
 */
async function capacity(target: Target, token: string) {
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  for (const q of questions) await ask(target.url, auth, q.question);
  const cpu0 = cpuSeconds(target.child.pid);
  const started = performance.now();
  for (const q of questions) await ask(target.url, auth, q.question);
  const wall = (performance.now() - started) / 1000;
  const cpu1 = cpuSeconds(target.child.pid);
  const perAnswer = cpu0 !== undefined && cpu1 !== undefined ? (cpu1 - cpu0) / questions.length : undefined;
  console.log(
    `\nSerial pass (${questions.length} golden questions, one at a time, cache off): ${(questions.length / wall).toFixed(2)} answers/s` +
      (perAnswer !== undefined
        ? `, server CPU ${(perAnswer * 1000).toFixed(0)} ms per answer -> the ${CORES} cores allow about ${(CORES / perAnswer).toFixed(2)} answers/s`
        : ''),
  );
  return perAnswer === undefined ? undefined : CORES / perAnswer;
}

async function runLoad(label: string, url: string, targets: Target[], allowed: number | undefined) {
  const token = await login(url);
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  // Warm-up: open the warehouse in every process.
  for (const server of targets) {
    await ask(server.url, auth, questions[0]?.question);
    await metrics(server.url, token, true);
  }
  const cpuStart = targets.map((t) => cpuSeconds(t.child.pid));
  const started = Date.now();
  const deadline = started + SECONDS * 1000;
  const answers: number[] = [];
  const cheap: number[] = [];
  let chatTurns = 0;
  let late = 0;
  const errors: string[] = [];
  const askers = Array.from({ length: ASKERS }, async (_, i) => {
    for (let q = i; Date.now() < deadline; q++) {
      const question = questions[q % questions.length]?.question;
      const t0 = performance.now();
      const res = await fetch(`${url}/api/query`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ prompt: question }),
      }).catch((e: Error) => e);
      if (res instanceof Error || !res.ok) {
        errors.push(res instanceof Error ? res.message : `query ${res.status}`);
        continue;
      }
      await res.arrayBuffer();
      // Answers that land after the deadline are outside the measured window.
      if (Date.now() > deadline) late++;
      else answers.push(performance.now() - t0);
    }
  });
  const chats = Array.from({ length: CHATS }, async () => {
    const session = randomUUID();
    while (Date.now() < deadline) {
      const res = await fetch(`${url}/api/chat/message/stream`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          message: 'How many premises have full fibre in Leeds?',
          session_id: session,
          model: 'builtin',
        }),
      }).catch((e: Error) => e);
      if (res instanceof Error || !res.ok) {
        errors.push(res instanceof Error ? res.message : `chat ${res.status}`);
        continue;
      }
      await res.text();
      if (Date.now() <= deadline) chatTurns++;
    }
  });
  const cheapLoop = (async () => {
    while (Date.now() < deadline) {
      const t0 = performance.now();
      const res = await fetch(`${url}/api/auth/me`, { headers: auth }).catch((e: Error) => e);
      if (res instanceof Error || !res.ok) errors.push('auth/me failed');
      else {
        await res.arrayBuffer();
        cheap.push(performance.now() - t0);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await cheapLoop;
  // CPU and event-loop figures for the measured window only, read at the deadline.
  const cpuEnd = targets.map((t) => cpuSeconds(t.child.pid));
  const loops = await Promise.all(targets.map((server) => metrics(server.url, token)));
  await Promise.all([...askers, ...chats]);
  const f = (n: number) => n.toFixed(0);
  const rate = answers.length / SECONDS;
  const cpuUsed =
    cpuStart.every((c) => c !== undefined) && cpuEnd.every((c) => c !== undefined)
      ? cpuEnd.reduce((sum: number, c, i) => sum + (c as number) - (cpuStart[i] as number), 0)
      : undefined;
  console.log(
    `\n${label}: ${ASKERS} askers, ${CHATS} chat streams, ${SECONDS}s, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `  answers: ${answers.length} in ${SECONDS}s (${rate.toFixed(2)}/s), p50 ${f(pct(answers, 50))} ms, p95 ${f(pct(answers, 95))} ms; ${late} more still in flight at the deadline (not counted)`,
  );
  if (allowed !== undefined)
    console.log(
      `  throughput vs what the cores allow (${allowed.toFixed(2)} answers/s): ${((100 * rate) / allowed).toFixed(0)}%` +
        (cpuUsed !== undefined
          ? `; the server process(es) kept the ${CORES} cores ${((100 * cpuUsed) / (SECONDS * CORES)).toFixed(0)}% busy (answers and chat together)`
          : ''),
    );
  console.log(`  chat turns: ${chatTurns} (${(chatTurns / SECONDS).toFixed(2)}/s)`);
  console.log(
    `  cheap call GET /api/auth/me: ${cheap.length} calls, p50 ${f(pct(cheap, 50))} ms, p95 ${f(pct(cheap, 95))} ms, max ${f(pct(cheap, 100))} ms`,
  );
  console.log(
    `  event-loop delay p99: ${loops.map((m) => `${m.event_loop_delay.p99_ms} ms (max ${m.event_loop_delay.max_ms})`).join(', ')}`,
  );
  console.log(
    `  errors: ${errors.length}${errors.length ? ` (${[...new Set(errors)].slice(0, 5).join('; ')})` : ''}`,
  );
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'qa-bench-load-'));
  await mkdir(path.join(dataDir, 'warehouse'), { recursive: true });
  await copyFile(
    path.join(WAREHOUSE_DIR, 'warehouse.duckdb'),
    path.join(dataDir, 'warehouse', 'warehouse.duckdb'),
  );
  const dbName = `qa_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = new URL(DATABASE_URL);
  dbUrl.pathname = `/${dbName}`;
  const base = {
    DATA_DIR: dataDir,
    ADMIN_EMAIL: EMAIL,
    ADMIN_PASSWORD: PASSWORD,
    JWT_SECRET,
    RATE_LIMIT_PER_MINUTE: '0',
    QUERY_PLANNER: 'builtin',
  };
  const children: ChildProcess[] = [];
  try {
    console.log(
      `Load benchmark: ${CORES} CPU(s), Node ${process.version}, warehouse ${WAREHOUSE_DIR}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (others running on this machine make every figure slower)`,
    );
    // One process, embedded app database, no cache.
    const one = await startServer({ ...base, RESULT_CACHE_ENTRIES: '0' });
    children.push(one.child);
    const allowed = await capacity(one, await login(one.url));
    await runLoad('One process (embedded PGlite)', one.url, [one], allowed);
    await stop(one.child);
    // Two processes behind a round-robin proxy, sharing PostgreSQL and Redis.
    const shared = {
      ...base,
      RESULT_CACHE_ENTRIES: '0',
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL,
      REDIS_KEY_PREFIX: `qa-bench-${randomUUID()}:`,
    };
    const first = await startServer(shared);
    children.push(first.child);
    const second = await startServer(shared);
    children.push(second.child);
    const proxy = await startProxy([first.url, second.url]);
    await runLoad(
      'Two processes behind a round-robin proxy (PostgreSQL + Redis)',
      proxy.url,
      [first, second],
      allowed,
    );
    await proxy.close();
    await Promise.all([stop(first.child), stop(second.child)]);
    // The result cache: a repeated question.
    const cached = await startServer({ ...base });
    children.push(cached.child);
    const token = await login(cached.url);
    // The first ask fills the cache; the next few warm a freshly started process (JIT, prepared statements) as any
    // server that has been up a while is; then 50 repeats are timed.
    const WARM = 5;
    const times: number[] = [];
    for (let i = 0; i < 1 + WARM + 50; i++) {
      const started = performance.now();
      const res = await fetch(`${cached.url}/api/query`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: questions[0]?.question }),
      });
      await res.arrayBuffer();
      times.push(performance.now() - started);
    }
    console.log(
      `\nRepeated question: first ${times[0]?.toFixed(0)} ms, then (after ${WARM} warm-up repeats) from the cache p50 ${pct(times.slice(1 + WARM), 50).toFixed(1)} ms, p95 ${pct(times.slice(1 + WARM), 95).toFixed(1)} ms, max ${pct(times.slice(1 + WARM), 100).toFixed(1)} ms (saved as the asker's query each time)`,
    );
    await stop(cached.child);
  } finally {
    await Promise.all(children.map(stop));
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
