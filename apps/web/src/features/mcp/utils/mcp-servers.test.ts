import { describe, expect, it } from 'vitest';
import {
  mergeServers,
  normaliseServer,
  SERVER_PATH,
  serversByTier,
  statusTone,
  withoutServerPaths,
} from './mcp-servers';

describe('MCP server list', () => {
  it('fills the fields a phase leaves out, by tier', () => {
    expect(normaliseServer({ id: 'core', tier: 'core', name: 'Broadband' })).toMatchObject({
      status: 'loading',
      enabled: true,
      can_toggle: false,
      can_delete: false,
      tools: [],
      error_message: null,
    });
    expect(normaliseServer({ id: 'mine', tier: 'user' })).toMatchObject({
      name: 'mine',
      can_toggle: true,
      can_delete: true,
    });
  });

  it('merges each phase over the previous one by id', () => {
    const staticList = [
      normaliseServer({ id: 'a', tier: 'core', name: 'A', description: 'first' }),
      normaliseServer({ id: 'b', tier: 'optional', name: 'B' }),
    ];
    const config = [
      normaliseServer({ id: 'a', tier: 'core', name: 'A', description: 'first' }),
      normaliseServer({ id: 'b', tier: 'optional', name: 'B', enabled: true }),
    ];
    const live = [
      normaliseServer({
        id: 'a',
        tier: 'core',
        name: 'A',
        status: 'connected',
        tools: [{ name: 'run_sql', description: '' }],
      }),
      normaliseServer({
        id: 'b',
        tier: 'optional',
        name: 'B',
        status: 'error',
        error_message: 'npx not found',
        enabled: true,
      }),
    ];
    const merged = mergeServers(mergeServers(staticList, config), live);
    expect(merged.map((s) => [s.id, s.status, s.enabled, s.error_message])).toEqual([
      ['a', 'connected', true, null],
      ['b', 'error', true, 'npx not found'],
    ]);
    expect(merged[0]?.tools).toHaveLength(1);
  });

  it('keeps earlier tools when a later answer has none, and keeps unlisted servers on request', () => {
    const before = [
      normaliseServer({ id: 'a', tools: [{ name: 't', description: '' }] }),
      normaliseServer({ id: 'b' }),
    ];
    const after = mergeServers(before, [normaliseServer({ id: 'a', status: 'connected' })], true);
    expect(after.map((s) => s.id)).toEqual(['a', 'b']);
    expect(after[0]?.tools).toHaveLength(1);
  });

  it('groups by tier and maps statuses', () => {
    const groups = serversByTier([
      normaliseServer({ id: 'u', tier: 'user' }),
      normaliseServer({ id: 'c', tier: 'core' }),
    ]);
    expect(groups.core.map((s) => s.id)).toEqual(['c']);
    expect(groups.user.map((s) => s.id)).toEqual(['u']);
    expect(statusTone('connected')).toBe('connected');
    expect(statusTone('disabled')).toBe('other');
  });
});

describe('withoutServerPaths', () => {
  it("keeps the paths the user typed and hides the server's own", () => {
    const typed = '{"command":"node","args":["/opt/mcp/link.js"]}';
    expect(
      withoutServerPaths(
        "Script refused: '/opt/mcp/link.js' (/var/lib/query-agent/data/x.js once symlinks are resolved) is not in a place your administrator allows for 'node': /srv/mcp/**.",
        typed,
      ),
    ).toBe(
      `Script refused: '/opt/mcp/link.js' (${SERVER_PATH} once symlinks are resolved) is not in a place your administrator allows for 'node': ${SERVER_PATH}.`,
    );
    expect(withoutServerPaths("Command refused: 'sh' leads to /usr/bin/dash, and it is a shell.", '{}')).toBe(
      `Command refused: 'sh' leads to ${SERVER_PATH}, and it is a shell.`,
    );
  });
  it('leaves a message without paths as it is', () => {
    expect(withoutServerPaths('Failed to add custom server: at most 10 servers', '')).toBe(
      'Failed to add custom server: at most 10 servers',
    );
  });
});
