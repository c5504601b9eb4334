/**
 * `npm run bench:auth`: starts the real server (embedded PGlite, temp DATA_DIR, free port) as a child process and
 * loads POST /api/auth/login and GET /api/auth/me with autocannon at 10 and 50 connections, then prints
 * requests/s and latency percentiles. Login is CPU-bound by design (argon2id, ~19 MiB per hash), so its
 * throughput is a property of the password hashing, not of the server.
 *
 * BENCH_DURATION (seconds per scenario, default 10) and BENCH_CONNECTIONS (default "10,50") tune the run.
 * Note that autocannon runs on the same machine and competes for the same cores.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_EMAIL = 'bench@example.com';
const ADMIN_PASSWORD = 'Bench-Passw0rd';
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string, child: ChildProcess, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy in time');
}

interface Row {
  scenario: string;
  connections: number;
  'req/s': number;
  'p50 ms': number;
  'p97.5 ms': number;
  'p99 ms': number;
  requests: number;
  'non-2xx': number;
  errors: number;
}

async function run(scenario: string, connections: number, options: Parameters<typeof autocannon>[0]) {
  const result = await autocannon({ ...options, connections, duration: DURATION_S });
  const row: Row = {
    scenario,
    connections,
    'req/s': Math.round(result.requests.average * 10) / 10,
    'p50 ms': result.latency.p50,
    'p97.5 ms': result.latency.p97_5,
    'p99 ms': result.latency.p99,
    requests: result.requests.total,
    'non-2xx': result.non2xx,
    errors: result.errors + result.timeouts,
  };
  process.stdout.write(`${JSON.stringify(row)}\n`);
  return row;
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'qa-bench-auth-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(base, child);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };

    process.stdout.write(
      `Auth benchmark: ${os.cpus().length} CPU(s), Node ${process.version}, embedded PGlite, ${DURATION_S}s per scenario, load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}\n`,
    );
    const rows: Row[] = [];
    for (const connections of CONNECTIONS) {
      rows.push(
        await run('POST /api/auth/login', connections, {
          url: `${base}/api/auth/login`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
        }),
      );
    }
    for (const connections of CONNECTIONS) {
      rows.push(
        await run('GET /api/auth/me', connections, {
          url: `${base}/api/auth/me`,
          headers: { authorization: `Bearer ${token}` },
        }),
      );
    }
    console.table(rows);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
