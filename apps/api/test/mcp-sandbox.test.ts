/**
 * The sandbox's promises, with real processes and the real sandbox (bubblewrap, setpriv, prlimit), as an ordinary
 * (non-admin) user through the HTTP API: every way of running code that is not an allowed script is refused with
 * a clear 400; and a hostile server that is allowed (fixtures/mcp/sandbox-probe.mjs) runs as uid 65534 and cannot
 * write outside its private /tmp, read DATA_DIR, the JWT secret or the repository, or connect to 127.0.0.1
 * (PostgreSQL, Redis, this app); its fork bomb stops at the process limit, its endless loop at the CPU limit, its
 * 100 MB answer is cut at the output cap, and nothing it started survives its stop. Then the modes: off, and a
 * sandbox that cannot start (no silent fallback).
 */
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type McpServer, mcpServerSchema } from '@qa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config/env.js';
import { insertUserServerWithin } from '../src/features/mcp/mcp.queries.js';
import { USER_SERVERS_OFF } from '../src/features/mcp/mcp.service.js';
import { MAX_OUTPUT_BYTES } from '../src/features/mcp/mcp-connection.js';
import { SANDBOX_PROCESSES, SANDBOX_UID, SandboxProbe } from '../src/features/mcp/mcp-sandbox.js';
import { eventsOf, parseChatEvents } from './helpers/chat-events.js';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.js';
import { createFixtureWarehouse, type FixtureWarehouse } from './support/fixture-warehouse.js';
import { type ScriptedModel, scriptedModel } from './support/scripted-model.js';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/mcp');
const PROBE = path.join(FIXTURES, 'sandbox-probe.mjs');
const TEST_SERVER = path.join(FIXTURES, 'test-stdio-server.mjs');
const NODE = realpathSync(process.execPath);
const NPM_CLI = path.resolve(path.dirname(NODE), '../lib/node_modules/npm/bin/npm-cli.js');
const SCRIPTED = 'scripted-sandbox';
const CPU_SECONDS = 2;

interface ToolResult {
  untrusted_output: string;
  truncated: boolean;
  is_error: boolean;
}

/** Host processes whose command line contains the text (to see what survives a stop). */
function hostProcessesWith(text: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

const reachable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });

describe('custom MCP servers in the sandbox', () => {
  let t: TestApp;
  let warehouse: FixtureWarehouse;
  let scripted: ScriptedModel;
  let user: TestUser;
  let probe: McpServer;
  let appPort: number;
  // DATA_DIR outside /tmp, where the default one lives (./data), with a JWT secret in it.
  const dataDir = path.join(REPO_ROOT, '.data-test', `mcp-sandbox-${randomBytes(4).toString('hex')}`);
  // A private folder (as a 0700 home is) holding an allowed script: uid 65534 cannot even look into it.
  const privateHome = path.join(REPO_ROOT, '.data-test', `private-home-${randomBytes(4).toString('hex')}`);
  const privateScripts = path.join(privateHome, 'mcp');
  const cleanup: string[] = [dataDir, privateHome];
  let turn = 0;

  beforeAll(async () => {
    mkdirSync(dataDir, { recursive: true });
    mkdirSync(privateScripts, { recursive: true, mode: 0o755 });
    chmodSync(privateHome, 0o700);
    // The repository's test server and the module it imports, in a private folder.
    for (const [from, to] of [
      [TEST_SERVER, 'private-server.mjs'],
      [path.join(FIXTURES, 'mini-mcp.mjs'), 'mini-mcp.mjs'],
    ] as const) {
      writeFileSync(path.join(privateScripts, to), readFileSync(from), { mode: 0o644 });
    }
    warehouse = await createFixtureWarehouse();
    scripted = scriptedModel([]);
    t = await createTestApp(
      { name: 'pglite' },
      {
        warehouse: async () => warehouse,
        overrides: { models: { [SCRIPTED]: scripted.model } },
        env: {
          DATA_DIR: dataDir,
          MCP_ALLOWED_COMMANDS: `node:${FIXTURES}/*.mjs, node:${privateScripts}/*.mjs`,
          MCP_SANDBOX_CPU_SECONDS: String(CPU_SECONDS),
        },
      },
    );
    writeFileSync(path.join(dataDir, 'jwt-secret'), t.jwtSecret);
    appPort = Number(new URL(await t.listen()).port);
    user = await t.createUser({ role: 'user' });
  });
  afterAll(async () => {
    await t?.close();
    warehouse?.close();
    for (const file of cleanup) rmSync(file, { recursive: true, force: true });
  });

  const add = (config: unknown, name = 'Probe') =>
    t.request('POST', '/api/mcp/servers/user', { token: user.token, body: { name, config } });
  const toggle = (id: string, enabled: boolean) =>
    t.request('POST', `/api/mcp/servers/${id}/toggle`, { token: user.token, body: { enabled } });

  /** One chat turn in which the scripted model calls one tool of the user's servers. */
  async function call(tool: string, input: Record<string, unknown> = {}): Promise<ToolResult> {
    turn += 1;
    scripted.push({ toolCalls: [{ toolName: tool, input, id: `call_${turn}` }] }, { text: 'Done.' });
    const response = await t.request('POST', '/api/chat/message/stream', {
      token: user.token,
      body: { message: `Use ${tool}`, session_id: `sandbox-${turn}`, model: SCRIPTED },
    });
    const results = eventsOf(parseChatEvents(response.body), 'tool_result');
    expect(results, response.body.slice(0, 500)).toHaveLength(1);
    return results[0]!.result as ToolResult;
  }
  const report = async (tool: string, input: Record<string, unknown> = {}) => {
    const result = await call(tool, input);
    expect(result.is_error, result.untrusted_output).toBe(false);
    return JSON.parse(result.untrusted_output) as Record<string, unknown>;
  };

  it('refuses every way of running code other than an allowed script, with the reason', async () => {
    const tmpScript = path.join(os.tmpdir(), `written-earlier-${process.pid}.mjs`);
    writeFileSync(tmpScript, "import('node:child_process').then((cp) => cp.execSync('id'))");
    const linkToShell = path.join(FIXTURES, `sh-link-${process.pid}.mjs`);
    symlinkSync('/bin/sh', linkToShell);
    cleanup.push(tmpScript, linkToShell);

    const cases: [string, unknown, RegExp][] = [
      [
        'node -e',
        { command: 'node', args: ['-e', 'require("fs").writeFileSync("/tmp/x", "1")'] },
        /'-e' evaluates code/,
      ],
      [
        'node --require',
        { command: 'node', args: ['--require', PROBE, PROBE] },
        /'--require' loads another file/,
      ],
      [
        'NODE_OPTIONS',
        { command: 'node', args: [PROBE], env: { NODE_OPTIONS: `--require ${tmpScript}` } },
        /'NODE_OPTIONS' changes how programs are loaded/,
      ],
      [
        'npm-cli.js exec -c',
        { command: 'node', args: [NPM_CLI, 'exec', '--yes', '-c', 'id > /tmp/x'] },
        /package runner|not found/,
      ],
      ['npx -c', { command: 'npx', args: ['-c', 'id > /tmp/x'] }, /'npx' is a package runner/],
      [
        'relative script',
        { command: 'node', args: ['apps/api/test/fixtures/mcp/sandbox-probe.mjs'] },
        /relative paths/,
      ],
      ['symlink to /bin/sh as the script', { command: 'node', args: [linkToShell] }, /is a shell/],
      ['symlink to /bin/sh as the command', { command: linkToShell, args: ['-c', 'id'] }, /is a shell/],
      [
        'a script written into /tmp',
        { command: 'node', args: [tmpScript] },
        /is not in a place your administrator allows/,
      ],
      ['a shell', { command: 'bash', args: ['-c', 'id'] }, /'bash' is a shell/],
    ];
    for (const [label, config, reason] of cases) {
      const response = await add(config, label);
      expect(response.statusCode, label).toBe(400);
      expect((response.json() as { detail: string }).detail, label).toMatch(reason);
    }
    const listed = await t.request('GET', '/api/mcp/servers/config', { token: user.token });
    expect((listed.json() as { servers: McpServer[] }).servers.filter((s) => s.tier === 'user')).toEqual([]);
  });

  it('starts an allowed server as uid 65534 in an almost empty file system', async () => {
    const response = await add({ command: 'node', args: [PROBE], env: { PROBE_TOKEN: 'abc' } });
    expect(response.statusCode, response.body).toBe(201);
    probe = mcpServerSchema.parse(response.json());
    expect(probe).toMatchObject({ status: 'connected', tier: 'user', error_message: null });
    const who = await report('whoami');
    expect(who).toMatchObject({ uid: SANDBOX_UID, gid: SANDBOX_UID, cwd: '/tmp', home: '/tmp/home' });
    expect(who.groups).not.toContain(0);
    expect(who.env).toEqual(['HOME', 'PATH', 'PROBE_TOKEN', 'PWD']);
    // No /home, /root, /var, /srv, /work, /opt, /run: only the system, its own /tmp and the script's directory
    // (with empty parents: in a clone under /root, an empty /root holding only the way to the fixtures).
    expect(who.root).toEqual(expect.arrayContaining(['dev', 'etc', 'proc', 'tmp', 'usr']));
    const scriptTop = realpathSync(FIXTURES).split('/')[1];
    for (const hidden of ['root', 'var', 'srv', 'run', 'mnt'].filter((name) => name !== scriptTop)) {
      expect(who.root).not.toContain(hidden);
    }
  });

  it('runs a script from a private (0700) folder, as uid 65534', async () => {
    const response = await add(
      { command: 'node', args: [path.join(privateScripts, 'private-server.mjs')] },
      'Private',
    );
    expect(response.statusCode, response.body).toBe(201);
    const server = mcpServerSchema.parse(response.json());
    expect(server).toMatchObject({ status: 'connected', error_message: null });
    const echoed = await call('echo', { text: 'from a private folder' });
    expect(echoed.is_error, echoed.untrusted_output).toBe(false);
    expect(echoed.untrusted_output).toContain('from a private folder');
    expect(
      (await t.request('DELETE', `/api/mcp/servers/user/${server.id}`, { token: user.token })).statusCode,
    ).toBe(200);
  });

  it('cannot write outside its private /tmp', async () => {
    const mark = `probe-${randomBytes(4).toString('hex')}`;
    const targets = [
      `/tmp/${mark}`,
      `/tmp/home/${mark}`,
      `/${mark}`,
      `/usr/${mark}`,
      `/etc/${mark}`,
      `/dev/${mark}`,
      path.join(FIXTURES, mark),
      path.join(dataDir, mark),
      path.join(REPO_ROOT, mark),
      `/root/${mark}`,
      `/var/tmp/${mark}`,
    ];
    const outcome = await report('try_write', { paths: targets });
    expect(outcome[`/tmp/${mark}`]).toBe('written');
    expect(outcome[`/tmp/home/${mark}`]).toBe('written');
    // A clone under /tmp has its way to the fixtures inside the sandbox's own /tmp, which it may write (privately).
    const fixtures = realpathSync(FIXTURES);
    const inPrivateTmp = (target: string) => target.startsWith('/tmp/') && !target.startsWith(`${fixtures}/`);
    for (const target of targets.slice(2).filter((target) => !inPrivateTmp(target))) {
      expect(outcome[target], target).not.toBe('written');
    }
    // Nothing appeared on the host, not even in the real /tmp.
    for (const target of [...targets, path.join(os.tmpdir(), mark)])
      expect(existsSync(target), target).toBe(false);
  });

  it('cannot read DATA_DIR, the JWT secret or the repository', async () => {
    const secret = path.join(dataDir, 'jwt-secret');
    const targets = [
      dataDir,
      secret,
      REPO_ROOT,
      path.join(REPO_ROOT, 'package.json'),
      '/root',
      '/etc/passwd',
      '/etc/shadow',
    ];
    const outcome = await report('try_read', { paths: targets.filter((target) => target !== REPO_ROOT) });
    const fixtures = realpathSync(FIXTURES);
    for (const target of targets.filter((target) => target !== REPO_ROOT)) {
      // A folder on the way to the script's directory (/root, for a clone in root's home) holds only that way.
      const onTheWay = fixtures.startsWith(`${target}/`);
      const next = fixtures.slice(target.length + 1).split('/')[0];
      expect(outcome[target], target).toMatch(
        onTheWay ? new RegExp(`^listed: ${next}$`) : /^(ENOENT|EACCES)$/,
      );
    }
    // Of the repository, only the way to the allowed script directory exists.
    const repo = await report('try_read', { paths: [REPO_ROOT, path.dirname(FIXTURES)] });
    // (Under /tmp, what an earlier probe wrote in the sandbox's private /tmp is there too.)
    const names = (listing: unknown) =>
      String(listing)
        .replace(/^listed: /, '')
        .split(',')
        .filter((name) => !name.startsWith('probe-'));
    expect(names(repo[REPO_ROOT])).toEqual(['apps']);
    expect(names(repo[path.dirname(FIXTURES)])).toEqual(['mcp']);
    // The script's own directory is there, read-only.
    expect((await report('try_read', { paths: [PROBE] }))[PROBE]).toMatch(/^read \d+ bytes$/);
  });

  it('cannot connect to 127.0.0.1: PostgreSQL, Redis, this app', async () => {
    const ports = [5432, 6379, appPort];
    // The app is listening on the host, so a refusal inside is the sandbox's doing.
    expect(await reachable(appPort)).toBe(true);
    const outcome = await report('try_connect', { host: '127.0.0.1', ports });
    for (const port of ports) expect(outcome[String(port)], String(port)).not.toBe('connected');
    const outside = await report('try_connect', { host: '10.0.0.1', ports: [80] });
    expect(outside['80']).not.toBe('connected');
  });

  it('cuts 100 MB of output at the cap and keeps running', async () => {
    const result = await call('flood', { megabytes: 100 });
    expect(result.truncated).toBe(true);
    expect(Buffer.byteLength(result.untrusted_output)).toBeLessThan(MAX_OUTPUT_BYTES + 200);
    expect(result.untrusted_output.startsWith('yyyy')).toBe(true);
    expect(result.untrusted_output).toMatch(/\[output truncated: 10485\d{4} bytes, limit 102400\]$/);
    expect((await report('whoami')).uid).toBe(SANDBOX_UID);
  });

  it('is held to its memory limit', async () => {
    const outcome = await call('memory', { megabytes: 2048 });
    expect(outcome.untrusted_output).not.toMatch(/^allocated/);
  });

  it('stops a fork bomb at the process limit, and nothing it started survives its stop', async () => {
    const bomb = await report('fork_bomb');
    expect(bomb.refused).toBe('EAGAIN');
    expect(bomb.started).toBeLessThan(SANDBOX_PROCESSES);
    const marker = `left-behind-${randomBytes(6).toString('hex')}`;
    // The fork bomb used up the process limit: start again, fresh, to leave a process behind.
    expect((await toggle(probe.id, false)).statusCode).toBe(200);
    expect(mcpServerSchema.parse((await toggle(probe.id, true)).json()).status).toBe('connected');
    expect((await report('leave_behind', { marker })).started).toBe(true);
    expect(await waitFor(() => hostProcessesWith(marker).length > 0, 5_000)).toBe(true);
    expect((await toggle(probe.id, false)).statusCode).toBe(200);
    expect(await waitFor(() => hostProcessesWith(marker).length === 0, 10_000)).toBe(true);
    expect(hostProcessesWith('sleep 60')).toEqual([]);
    expect(mcpServerSchema.parse((await toggle(probe.id, true)).json()).status).toBe('connected');
  });

  it('stops an endless loop at the CPU limit and says so', async () => {
    const result = await call('spin');
    expect(result.is_error).toBe(true);
    expect(result.untrusted_output).toMatch(new RegExp(`used its ${CPU_SECONDS} s of CPU time|killed`));
    const server = mcpServerSchema.parse(
      (await t.request('GET', `/api/mcp/servers/${probe.id}`, { token: user.token })).json(),
    );
    expect(server.status).toBe('error');
    expect(server.error_message).toMatch(/The server stopped \(it used its 2 s of CPU time|killed/);
  }, 30_000);

  it('keeps the repository’s test server working for its user, invisible to another', async () => {
    const response = await add({ command: 'node', args: [TEST_SERVER] }, 'Test tools');
    const server = mcpServerSchema.parse(response.json());
    expect(server.status).toBe('connected');
    expect((await call('echo', { text: 'in the sandbox' })).untrusted_output).toBe('echo: in the sandbox');
    const other = await t.createUser({ role: 'user' });
    const seen = await t.request('GET', `/api/mcp/servers/${server.id}`, { token: other.token });
    expect(seen.statusCode).toBe(404);
  });
});

describe('custom MCP servers when the sandbox is off or cannot start', () => {
  const apps: TestApp[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses user servers with MCP_USER_SERVERS=off', async () => {
    const t = await createTestApp({ name: 'pglite' }, { env: { MCP_USER_SERVERS: 'off' } });
    apps.push(t);
    const user = await t.createUser({ role: 'user' });
    const response = await t.request('POST', '/api/mcp/servers/user', {
      token: user.token,
      body: { name: 'x', config: { command: 'node', args: [TEST_SERVER] } },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: USER_SERVERS_OFF });
    expect(USER_SERVERS_OFF).toMatch(/MCP_USER_SERVERS=sandboxed/);
    // A server added before they were turned off is shown with the reason and never started.
    const id = await insertUserServerWithin({
      db: t.db,
      row: { user_id: user.id, name: 'Earlier', command: 'node', args: [TEST_SERVER], env: {} },
      max: 10,
    });
    const earlier = await t.request('GET', `/api/mcp/servers/${id}`, { token: user.token });
    expect(mcpServerSchema.parse(earlier.json())).toMatchObject({
      status: 'error',
      error_message: USER_SERVERS_OFF,
    });
  });

  it('refuses, never falls back, when the sandbox cannot start, and says how to enable it', async () => {
    // A bwrap that fails the way it does where user namespaces are disabled.
    const tools = mkdtempSync(path.join(os.tmpdir(), 'broken-bwrap-'));
    dirs.push(tools);
    // setpriv runs it as nobody, who must be able to reach it.
    chmodSync(tools, 0o755);
    writeFileSync(
      path.join(tools, 'bwrap'),
      '#!/bin/sh\necho "bwrap: No permissions to create new namespace" >&2\nexit 1\n',
    );
    chmodSync(path.join(tools, 'bwrap'), 0o755);
    const t = await createTestApp(
      { name: 'pglite' },
      { overrides: { mcpSandboxToolDirs: [tools, '/usr/bin'] } },
    );
    apps.push(t);
    const user = await t.createUser({ role: 'user' });
    const response = await t.request('POST', '/api/mcp/servers/user', {
      token: user.token,
      body: { name: 'x', config: { command: 'node', args: [TEST_SERVER] } },
    });
    expect(response.statusCode).toBe(503);
    const { detail } = response.json() as { detail: string };
    expect(detail).toMatch(/^Custom MCP servers cannot run on this server: the sandbox could not start/);
    expect(detail).toContain('No permissions to create new namespace');
    expect(detail).toContain('apt-get install bubblewrap');
    expect(detail).toContain(
      'MCP_USER_SERVERS=unsandboxed (every user can run code as the server’s account)',
    );

    // Without the programs at all, the probe says which are missing.
    const missing = await new SandboxProbe({ cpuSeconds: 1, memoryMb: 256 }, [tools]).status();
    expect(missing).toEqual({
      ok: false,
      reason: 'setpriv (util-linux) and prlimit (util-linux) not installed',
    });
  });
});
