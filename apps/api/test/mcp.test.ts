/**
 * MCP servers per user over HTTP, on the default configuration (user servers in the sandbox):
 * the three list phases, a custom stdio server (the repo's test server) added, listed, used in a chat turn and
 * invisible to everyone else, the form validation texts, the allowlist, the scrubbed environment, the output
 * limit, the optional sequential-thinking server. test/mcp-sandbox.test.ts tries to break out.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  MCP_CONFIG_MESSAGES,
  type McpServer,
  mcpServerSchema,
  mcpServersResponseSchema,
} from '@qa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOf, parseChatEvents } from './helpers/chat-events.js';
import { createTestApp, type TestApp, type TestUser, testBackends } from './helpers/test-app.js';
import { createFixtureWarehouse, type FixtureWarehouse } from './support/fixture-warehouse.js';
import { type ScriptedModel, scriptedModel } from './support/scripted-model.js';

const TEST_SERVER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures/mcp/test-stdio-server.mjs',
);
const SCRIPTED = 'scripted-mcp';

describe.each(testBackends())('MCP servers on $name', (backend) => {
  let t: TestApp;
  let warehouse: FixtureWarehouse;
  let scripted: ScriptedModel;
  let alice: TestUser;
  let bob: TestUser;
  let aliceServer: McpServer;

  beforeAll(async () => {
    warehouse = await createFixtureWarehouse();
    scripted = scriptedModel([]);
    t = await createTestApp(backend, {
      warehouse: async () => warehouse,
      overrides: { models: { [SCRIPTED]: scripted.model } },
    });
    alice = await t.createUser();
    bob = await t.createUser();
  });
  afterAll(async () => {
    await t.close();
    warehouse.close();
  });

  const list = async (phase: '/static' | '/config' | '', user: TestUser) => {
    const response = await t.request('GET', `/api/mcp/servers${phase}`, { token: user.token });
    expect(response.statusCode).toBe(200);
    return mcpServersResponseSchema.parse(response.json()).servers;
  };
  const add = (user: TestUser, body: unknown) =>
    t.request('POST', '/api/mcp/servers/user', { token: user.token, body });
  const chatTurn = async (user: TestUser, sessionId: string) =>
    parseChatEvents(
      (
        await t.request('POST', '/api/chat/message/stream', {
          token: user.token,
          body: { message: 'Use the tool', session_id: sessionId, model: SCRIPTED },
        })
      ).body,
    );

  it('lists the core and optional servers without starting anything', async () => {
    const servers = await list('/static', alice);
    expect(servers.map((s) => [s.id, s.tier, s.status, s.enabled, s.can_toggle, s.can_delete])).toEqual([
      ['broadband', 'core', 'connected', true, false, false],
      ['sequential-thinking', 'optional', 'disabled', false, true, false],
    ]);
    expect(servers[0]!.tools.map((tool) => tool.name)).toContain('create_map');
    expect(await list('/config', alice)).toHaveLength(2);
    expect((await t.request('GET', '/api/mcp/servers/static')).statusCode).toBe(401);
  });

  it('refuses bad custom servers: the form texts (422), then the allowlist with the reason (400)', async () => {
    const detail = async (body: unknown, status = 422) => {
      const response = await add(alice, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      return (response.json() as { detail: string }).detail;
    };
    const ok = JSON.stringify({ command: 'node', args: [TEST_SERVER] });
    expect(await detail({ name: '  ', config: ok })).toBe(MCP_CONFIG_MESSAGES.nameRequired);
    expect(await detail({ name: 'x', config: '' })).toBe(MCP_CONFIG_MESSAGES.empty);
    expect(await detail({ name: 'x' })).toBe(MCP_CONFIG_MESSAGES.empty);
    expect(await detail({ name: 'x', config: '{"command": "node",' })).toMatch(/^Invalid JSON: /);
    expect(await detail({ name: 'x', config: '["node"]' })).toBe(MCP_CONFIG_MESSAGES.notObject);
    expect(await detail({ name: 'x', config: ['node'] })).toBe(MCP_CONFIG_MESSAGES.notObject);
    expect(await detail({ name: 'x', config: '{"args": ["a"]}' })).toBe(MCP_CONFIG_MESSAGES.noCommand);
    expect(await detail({ name: 'x', config: { command: '' } })).toBe(MCP_CONFIG_MESSAGES.noCommand);
    expect(
      await detail({ name: 'x', config: { command: 'node', args: [TEST_SERVER], env: { A: 1 } } }),
    ).toMatch(/env/);
    const refused = (config: unknown) => detail({ name: 'x', config }, 400);
    expect(await refused({ command: 'bash', args: ['-c', 'id'] })).toBe(
      "Command refused: 'bash' is a shell: it runs any command it is given.",
    );
    expect(await refused({ command: 'python3', args: [TEST_SERVER] })).toMatch(
      /^Command 'python3' is not allowed on this server\. Allowed: node \(scripts matching \/opt\/mcp\/\*\*\/\*\.\{js,mjs,cjs\}\)/,
    );
    expect(await refused({ command: '/bin/sh' })).toMatch(/is a shell/);
    expect(await refused({ command: 'node', args: ['-e', 'process.exit()'] })).toMatch(
      /'-e' evaluates code given on the command line/,
    );
    expect(await refused({ command: 'node', args: ['server.js'] })).toMatch(/relative paths/);
    expect(await refused({ command: 'node', args: [TEST_SERVER], env: { NODE_OPTIONS: '-r x' } })).toMatch(
      /'NODE_OPTIONS' changes how programs are loaded/,
    );
    expect(await list('/config', alice)).toHaveLength(2);
  });

  it('adds a custom stdio server, starts it and lists its tools', async () => {
    const response = await add(alice, {
      name: 'Test tools',
      config: JSON.stringify({
        command: 'node',
        args: [TEST_SERVER],
        env: { GREETING: 'hello', API_KEY: 'secret' },
      }),
    });
    expect(response.statusCode).toBe(201);
    aliceServer = mcpServerSchema.parse(response.json());
    expect(aliceServer).toMatchObject({
      name: 'Test tools',
      tier: 'user',
      status: 'connected',
      enabled: true,
      can_toggle: true,
      can_delete: true,
      error_message: null,
    });
    expect(aliceServer.tools.map((tool) => tool.name)).toEqual([
      'echo',
      'add',
      'env_keys',
      'big_output',
      'slow',
    ]);
    // The config comes back without the secrets' values.
    expect(aliceServer.config).toMatchObject({
      command: 'node',
      env: { GREETING: '••••••', API_KEY: '••••••' },
    });
    expect(JSON.stringify(aliceServer)).not.toContain('secret');

    const config = await list('/config', alice);
    expect(config.map((s) => s.id)).toEqual(['broadband', 'sequential-thinking', aliceServer.id]);
    const live = await list('', alice);
    expect(live.find((s) => s.id === aliceServer.id)?.status).toBe('connected');
    const one = await t.request('GET', `/api/mcp/servers/${aliceServer.id}`, { token: alice.token });
    expect(mcpServerSchema.parse(one.json()).tools).toHaveLength(5);
  });

  it("keeps a user's servers invisible and untouchable to everyone else", async () => {
    expect((await list('/config', bob)).map((s) => s.id)).toEqual(['broadband', 'sequential-thinking']);
    expect((await list('', bob)).map((s) => s.id)).toEqual(['broadband', 'sequential-thinking']);
    const paths: [string, string, unknown?][] = [
      ['GET', `/api/mcp/servers/${aliceServer.id}`],
      ['POST', `/api/mcp/servers/${aliceServer.id}/toggle`, { enabled: false }],
      ['DELETE', `/api/mcp/servers/user/${aliceServer.id}`],
    ];
    for (const [method, url, body] of paths) {
      const response = await t.request(method, url, { token: bob.token, ...(body ? { body } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ detail: 'MCP server not found' });
    }
    expect((await t.request('GET', '/api/mcp/servers/not-a-uuid', { token: bob.token })).statusCode).toBe(
      404,
    );

    // Bob's chat never sees Alice's tools.
    scripted.push({ text: 'No tools for me.' });
    await chatTurn(bob, 'mcp-bob');
    const offered = (scripted.calls.at(-1)!.tools ?? []).map((tool) => tool.name);
    expect(offered).toContain('run_sql');
    expect(offered).not.toContain('echo');
  });

  it('lets the chat call a custom server tool, as untrusted data, with a scrubbed environment', async () => {
    scripted.push(
      { toolCalls: [{ toolName: 'echo', input: { text: 'hi there' }, id: 'call_echo' }] },
      { toolCalls: [{ toolName: 'env_keys', input: {}, id: 'call_env' }] },
      { toolCalls: [{ toolName: 'big_output', input: { kilobytes: 300 }, id: 'call_big' }] },
      { text: 'Done.' },
    );
    const events = await chatTurn(alice, 'mcp-alice');
    const calls = eventsOf(events, 'tool_call');
    expect(calls.map((c) => [c.tool_name, c.is_mcp])).toEqual([
      ['echo', true],
      ['env_keys', true],
      ['big_output', true],
    ]);
    const results = eventsOf(events, 'tool_result').map((r) => r.result as Record<string, unknown>);
    expect(results[0]).toEqual({
      server: 'Test tools',
      untrusted_output: 'echo: hi there',
      truncated: false,
      is_error: false,
    });
    // The config's own variables, the fixed PATH and the private HOME (and bwrap's PWD): nothing of ours.
    expect(results[1]!.untrusted_output).toBe('API_KEY,GREETING,HOME,PATH,PWD');
    expect(results[2]!.truncated).toBe(true);
    expect(Buffer.byteLength(String(results[2]!.untrusted_output))).toBeLessThan(101 * 1024);
    expect(eventsOf(events, 'message_complete')[0]!.message.content).toBe('Done.');
    // The model saw the tool's output as data in its tool result.
    expect(scripted.promptText(scripted.calls.length - 4)).not.toContain('echo: hi there');
    expect(scripted.promptText(scripted.calls.length - 3)).toContain('echo: hi there');
  });

  it('runs separate processes for two users of the same server', async () => {
    const response = await add(bob, { name: 'Bob tools', config: { command: 'node', args: [TEST_SERVER] } });
    const bobServer = mcpServerSchema.parse(response.json());
    expect(bobServer.status).toBe('connected');
    expect(bobServer.id).not.toBe(aliceServer.id);
    const deleted = await t.request('DELETE', `/api/mcp/servers/user/${bobServer.id}`, { token: bob.token });
    expect(deleted.statusCode).toBe(200);
    expect(
      (await t.request('GET', `/api/mcp/servers/${bobServer.id}`, { token: bob.token })).statusCode,
    ).toBe(404);
    // Alice's server is still running.
    const alices = mcpServerSchema.parse(
      (await t.request('GET', `/api/mcp/servers/${aliceServer.id}`, { token: alice.token })).json(),
    );
    expect(alices.status).toBe('connected');
  });

  it('toggles: the core server cannot be turned off, others can', async () => {
    const core = await t.request('POST', '/api/mcp/servers/broadband/toggle', {
      token: alice.token,
      body: { enabled: false },
    });
    expect(core.statusCode).toBe(422);
    const off = await t.request('POST', `/api/mcp/servers/${aliceServer.id}/toggle`, {
      token: alice.token,
      body: { enabled: false },
    });
    expect(mcpServerSchema.parse(off.json())).toMatchObject({
      enabled: false,
      status: 'disabled',
      tools: [],
    });
    scripted.push({ text: 'ok' });
    await chatTurn(alice, 'mcp-alice-off');
    expect((scripted.calls.at(-1)!.tools ?? []).map((tool) => tool.name)).not.toContain('echo');
    const bad = await t.request('POST', `/api/mcp/servers/${aliceServer.id}/toggle`, {
      token: alice.token,
      body: { enabled: 'yes' },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('starts the optional sequential-thinking server when turned on', async () => {
    const on = await t.request('POST', '/api/mcp/servers/sequential-thinking/toggle', {
      token: alice.token,
      body: { enabled: true },
    });
    const server = mcpServerSchema.parse(on.json());
    expect(server).toMatchObject({ tier: 'optional', enabled: true, status: 'connected' });
    expect(server.tools.map((tool) => tool.name)).toEqual(['sequentialthinking']);
    // Bob's setting is his own.
    expect((await list('/config', bob)).find((s) => s.id === 'sequential-thinking')?.enabled).toBe(false);
    const off = await t.request('POST', '/api/mcp/servers/sequential-thinking/toggle', {
      token: alice.token,
      body: { enabled: false },
    });
    expect(mcpServerSchema.parse(off.json()).status).toBe('disabled');
  });

  it('deletes a custom server', async () => {
    const response = await t.request('DELETE', `/api/mcp/servers/user/${aliceServer.id}`, {
      token: alice.token,
    });
    expect(response.json()).toEqual({ message: 'Server deleted' });
    expect((await list('/config', alice)).map((s) => s.id)).toEqual(['broadband', 'sequential-thinking']);
  });
});
