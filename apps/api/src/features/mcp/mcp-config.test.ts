import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MCP_CONFIG_PLACEHOLDER } from '@qa/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseMcpAllowlist, REPO_ROOT } from '../../config/env.js';
import { AppError } from '../../lib/errors.js';
import { checkLaunch, createMcpPolicy, SAFE_PATH, SERVER_HOME, unsafePathReason } from './mcp-config.js';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/mcp');
const SCRIPT = path.join(FIXTURES, 'test-stdio-server.mjs');
const NODE = realpathSync(process.execPath);
const NPM_CLI = path.resolve(path.dirname(NODE), '../lib/node_modules/npm/bin/npm-cli.js');

const policyFor = (env: Record<string, string> = {}) =>
  createMcpPolicy(loadConfig({ DATA_DIR: '/srv/qa-data', ...env }).mcp);
const policy = policyFor({ MCP_ALLOWED_COMMANDS: `node:${FIXTURES}/*.mjs` });

const outcome = (command: string, args: string[] = [SCRIPT], env: Record<string, string> = {}) => {
  try {
    checkLaunch({ command, args, env }, policy);
    return 'accepted';
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.detail}`;
    throw error;
  }
};

const cleanup: string[] = [];
afterAll(() => {
  for (const file of cleanup) rmSync(file, { recursive: true, force: true });
});

describe('MCP_ALLOWED_COMMANDS', () => {
  it('reads program:glob entries, commas inside braces included', () => {
    const { entries, problems } = parseMcpAllowlist(
      'node:/opt/mcp/**/*.{js,mjs}, python3:/srv/mcp-tools/*.py',
      '/srv/data',
    );
    expect(problems).toEqual([]);
    expect(entries).toEqual([
      { program: 'node', scripts: '/opt/mcp/**/*.{js,mjs}', base: '/opt/mcp' },
      { program: 'python3', scripts: '/srv/mcp-tools/*.py', base: '/srv/mcp-tools' },
    ]);
  });

  it('refuses entries that would allow too much, and says why', () => {
    const problems = (text: string) => parseMcpAllowlist(text, '/srv/data').problems.join('\n');
    expect(problems('node')).toMatch(/must be program:script-glob, e.g. node:\/opt\/mcp/);
    expect(problems('node:server.js')).toMatch(/absolute script glob/);
    expect(problems('node:/**/*.js')).toMatch(/too broad/);
    expect(problems('node:/opt/*.js')).toMatch(/too broad/);
    // Where scripts live is not a reason (who can write there is, when a script is used: see below).
    expect(problems('node:/tmp/mcp/*.js')).toBe('');
    expect(problems(`node:${REPO_ROOT}/**/*.js`)).toMatch(/would show .* to users' servers/);
    expect(problems('node:/srv/data/scripts/*.js')).toMatch(/would show \/srv\/data/);
    expect(problems('node:/srv/*/x.js')).toMatch(/too broad/);
  });

  it('fails start-up with every problem listed', () => {
    expect(() => loadConfig({ MCP_ALLOWED_COMMANDS: 'node', MCP_USER_SERVERS: 'maybe' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ MCP_ALLOWED_COMMANDS: 'node', MCP_USER_SERVERS: 'maybe' });
    } catch (error) {
      const text = (error as ConfigError).problems.join('\n');
      expect(text).toMatch(/MCP_USER_SERVERS/);
      expect(text).toMatch(/MCP_ALLOWED_COMMANDS: 'node' must be program:script-glob/);
    }
  });

  it('by default allows the form’s example and the repository’s test server, in the sandbox', () => {
    const config = loadConfig({}).mcp;
    expect(config.userServers).toBe('sandboxed');
    const defaults = createMcpPolicy(config);
    const example = JSON.parse(MCP_CONFIG_PLACEHOLDER) as { command: string; args: string[] };
    const node = defaults.allowed.filter((entry) => entry.program === NODE);
    expect(example.command).toBe('node');
    expect(node.some((entry) => entry.matches(example.args[0]!))).toBe(true);
    const launch = checkLaunch({ command: 'node', args: [SCRIPT], env: {} }, defaults);
    expect(launch.scriptDir).toBe(realpathSync(FIXTURES));
    // Only that one file of the fixtures.
    expect(() =>
      checkLaunch({ command: 'node', args: [path.join(FIXTURES, 'sandbox-probe.mjs')], env: {} }, defaults),
    ).toThrow(/not in a place your administrator allows/);
  });
});

describe('custom MCP server checks', () => {
  it('accepts an allowed script and gives it its own variables, a fixed PATH and HOME', () => {
    const launch = checkLaunch(
      { command: 'node', args: [SCRIPT, '--port', '1'], env: { TOKEN: 'abc' } },
      policy,
    );
    expect(launch).toEqual({
      program: NODE,
      args: [realpathSync(SCRIPT), '--port', '1'],
      env: { TOKEN: 'abc', PATH: SAFE_PATH, HOME: SERVER_HOME },
      scriptDir: realpathSync(FIXTURES),
    });
    expect(outcome(NODE)).toBe('accepted');
  });

  it.each([
    [['-e', 'require("child_process").execSync("id")'], /'-e' evaluates code/],
    [['--eval=1'], /'--eval' evaluates code/],
    [['-p', '1'], /'-p' evaluates and prints/],
    [['--print', '1'], /evaluates and prints/],
    [['-r', SCRIPT, SCRIPT], /'-r' loads another file/],
    [['--require', SCRIPT, SCRIPT], /'--require' loads another file/],
    [['--import', SCRIPT, SCRIPT], /'--import' loads another module/],
    [['--loader', SCRIPT, SCRIPT], /'--loader' installs a module loader/],
    [['--experimental-loader', SCRIPT, SCRIPT], /module loader/],
    [['-c', 'id'], /'-c' runs code/],
    [['--inspect', SCRIPT], /debugger/],
    [['--no-warnings', SCRIPT], /interpreter options such as '--no-warnings'/],
    [[], /must start with the absolute path of its script/],
  ])('refuses node %j', (args, reason) => {
    expect(outcome('node', args)).toMatch(/^400 /);
    expect(outcome('node', args)).toMatch(reason);
  });

  it.each([
    ['npx', /'npx' is a package runner/],
    ['npm', /'npm' is a package runner/],
    ['pnpm', /package runner/],
    ['yarn', /package runner/],
    ['corepack', /package runner/],
    ['bunx', /package runner/],
    ['bash', /'bash' is a shell/],
    ['sh', /'sh' is a shell/],
    ['/bin/sh', /'sh' is a shell/],
    ['env', /runs other programs/],
    ['./node', /relative paths/],
    ['python3', /not allowed on this server\. Allowed: node \(scripts matching/],
  ])('refuses the command %s', (command, reason) => {
    expect(outcome(command, ['-c', 'id'])).toMatch(/^400 /);
    expect(outcome(command, ['-c', 'id'])).toMatch(reason);
  });

  it.runIf(existsSync(NPM_CLI))('refuses npm’s own scripts given to node or run directly', () => {
    expect(outcome('node', [NPM_CLI, 'exec', '--yes', '-c', 'id > /tmp/x'])).toMatch(/^400 .*package runner/);
    expect(outcome('node', [NPM_CLI.replace('npm-cli', 'npx-cli'), '-c', 'id'])).toMatch(/package runner/);
    expect(outcome(NPM_CLI, ['exec', '-c', 'id'])).toMatch(/^400 .*package runner/);
  });

  it('refuses relative and missing scripts', () => {
    expect(outcome('node', ['apps/api/test/fixtures/mcp/test-stdio-server.mjs'])).toMatch(
      /^400 Script refused: relative paths/,
    );
    expect(outcome('node', [path.join(FIXTURES, 'missing.mjs')])).toMatch(/was not found/);
  });

  it('resolves symlinks before matching: a link to /bin/sh or out of the allowed place is what it points to', () => {
    const toShell = path.join(FIXTURES, `link-to-sh-${process.pid}.mjs`);
    const toTmp = path.join(FIXTURES, `link-to-tmp-${process.pid}.mjs`);
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'mcp-link-target-'));
    writeFileSync(path.join(tmp, 'server.mjs'), 'process.exit(0)');
    symlinkSync('/bin/sh', toShell);
    symlinkSync(path.join(tmp, 'server.mjs'), toTmp);
    cleanup.push(toShell, toTmp, tmp);
    expect(outcome('node', [toShell])).toMatch(/^400 .*is a shell/);
    expect(outcome(toShell, [SCRIPT])).toMatch(/^400 .*leads to .*is a shell/);
    expect(outcome('node', [toTmp])).toMatch(/^400 .*is not in a place your administrator allows/);
  });

  it.each([
    'NODE_OPTIONS',
    'NODE_PATH',
    'LD_PRELOAD',
    'LD_LIBRARY_PATH',
    'DYLD_INSERT_LIBRARIES',
    'PYTHONPATH',
    'PYTHONSTARTUP',
    'PATH',
    'HOME',
    'PERL5LIB',
    'RUBYOPT',
    'BASH_ENV',
    'ENV',
  ])('refuses %s in the environment', (name) => {
    expect(outcome('node', [SCRIPT], { [name]: '--require /tmp/x.js' })).toMatch(
      new RegExp(`^400 Environment refused: '${name}'`),
    );
  });
});

/**
 * Scripts that another user could change are refused wherever they live, as OpenSSH's StrictModes; a script in a
 * directory of our own is accepted wherever it lives, /tmp included (its sticky bit keeps others off our entries).
 */
describe('who can change a script', () => {
  const isRoot = process.getuid?.() === 0;
  const place = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-strict-'));
    cleanup.push(dir);
    const scripts = path.join(dir, 'scripts');
    mkdirSync(scripts, { mode: 0o755 });
    const script = path.join(scripts, 'server.mjs');
    writeFileSync(script, 'process.exit(0)', { mode: 0o644 });
    const local = policyFor({ MCP_ALLOWED_COMMANDS: `node:${scripts}/*.mjs` });
    const check = () => {
      try {
        checkLaunch({ command: 'node', args: [script], env: {} }, local);
        return 'accepted';
      } catch (error) {
        if (error instanceof AppError) return `${error.status} ${error.detail}`;
        throw error;
      }
    };
    return { dir, scripts, script, check };
  };

  it('accepts a script in a directory of our own under /tmp', () => {
    const { check } = place();
    expect(check()).toBe('accepted');
  });

  it('refuses a script anyone may write', () => {
    const { script, check } = place();
    chmodSync(script, 0o666);
    expect(check()).toMatch(/^400 Script refused: .*server\.mjs is writable by other users \(mode 0666\)/);
    chmodSync(script, 0o664);
    expect(check()).toMatch(/writable by other users \(mode 0664\), so another user could change what runs/);
  });

  it('refuses a script in a directory others may write, unless that directory is sticky over our own entry', () => {
    const { dir, scripts, check } = place();
    chmodSync(scripts, 0o777);
    expect(check()).toMatch(/scripts is writable by other users \(mode 0777\)/);
    chmodSync(scripts, 0o1777);
    expect(check()).toBe('accepted');
    chmodSync(scripts, 0o755);
    chmodSync(dir, 0o775);
    expect(check()).toMatch(/is writable by other users \(mode 0775\)/);
  });

  it.runIf(isRoot)('refuses a script or a directory above it that belongs to another user', () => {
    const { dir, script, check } = place();
    chownSync(script, 65534, 65534);
    expect(check()).toMatch(/server\.mjs belongs to another user \(uid 65534\)/);
    chownSync(script, 0, 0);
    chownSync(dir, 65534, 65534);
    expect(check()).toMatch(/belongs to another user \(uid 65534\)/);
    chownSync(dir, 0, 0);
    expect(check()).toBe('accepted');
  });

  it('judges the real path: a link of our own to a script others may write is refused', () => {
    const { scripts, script } = place();
    const link = path.join(scripts, 'link.mjs');
    symlinkSync(script, link);
    const local = policyFor({ MCP_ALLOWED_COMMANDS: `node:${scripts}/*.mjs` });
    expect(unsafePathReason(realpathSync(link))).toBeNull();
    chmodSync(script, 0o646);
    expect(() => checkLaunch({ command: 'node', args: [link], env: {} }, local)).toThrow(
      /link\.mjs' leads to .*server\.mjs, and .*server\.mjs is writable by other users/,
    );
  });
});
