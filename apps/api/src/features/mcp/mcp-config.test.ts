import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { launchFor, resolveCommand, scrubbedEnv } from './mcp-config.js';

const SCRIPT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test/fixtures/mcp/test-stdio-server.mjs',
);
const policy = { allowedCommands: ['node'], path: process.env.PATH ?? '/usr/bin:/bin' };

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.detail}`;
    throw error;
  }
  return 'accepted';
};

describe('custom MCP server commands', () => {
  it('resolves an allowed command to an absolute path', () => {
    expect(resolveCommand('node', policy)).toBe(realpathSync(process.execPath));
    expect(resolveCommand(process.execPath, policy)).toBe(realpathSync(process.execPath));
  });

  it('refuses anything off the allowlist, by name or by path', () => {
    expect(refusal(() => resolveCommand('python3', policy))).toMatch(/^422 Command 'python3' is not allowed/);
    expect(refusal(() => resolveCommand('./node', policy))).toMatch(/not allowed/);
    expect(refusal(() => resolveCommand('/bin/sh', policy))).toMatch(/not allowed/);
    expect(refusal(() => resolveCommand('node', { ...policy, allowedCommands: [] }))).toMatch(/\(none\)/);
  });

  it('allows other programs only when an administrator lists them', () => {
    const withSh = { ...policy, allowedCommands: ['node', 'sh'] };
    expect(resolveCommand('sh', withSh)).toMatch(/^\//);
    // Only node has its arguments restricted.
    expect(refusal(() => launchFor({ command: 'sh', args: ['-c', 'true'], env: {} }, withSh))).toBe(
      'accepted',
    );
  });

  it('lets node run a script file only', () => {
    expect(refusal(() => launchFor({ command: 'node', args: [SCRIPT, '--flag'], env: {} }, policy))).toBe(
      'accepted',
    );
    for (const args of [[], ['--eval', 'x'], ['-r', SCRIPT], ['--import', SCRIPT], ['--inspect', SCRIPT]]) {
      expect(refusal(() => launchFor({ command: 'node', args, env: {} }, policy))).toMatch(/^422 /);
    }
    expect(
      refusal(() => launchFor({ command: 'node', args: ['/nope/missing.js'], env: {} }, policy)),
    ).toMatch(/not found/);
  });

  it('keeps only PATH and the config’s own variables, never loader variables', () => {
    for (const name of ['PATH', 'NODE_OPTIONS', 'LD_PRELOAD', 'DYLD_INSERT_LIBRARIES']) {
      expect(
        refusal(() => launchFor({ command: 'node', args: [SCRIPT], env: { [name]: 'x' } }, policy)),
      ).toMatch(new RegExp(name));
    }
    expect(scrubbedEnv({ TOKEN: 'abc' }, policy)).toEqual({ PATH: policy.path, TOKEN: 'abc' });
  });
});
