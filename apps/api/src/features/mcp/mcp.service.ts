/**
 * MCP servers per user, by tier: the three list phases (static: from the catalog without starting anything;
 * config: plus the user's settings and custom servers; live: plus status and tools, starting what is enabled),
 * one server, toggle, add and delete; and the tool servers a chat request may use. Every lookup of a user server
 * is scoped by the signed-in user, so another user's server answers 404 exactly like one that does not exist.
 */
import os from 'node:os';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpServer as McpServerInfo, McpTier } from '@qa/contracts';
import type { AppDb } from '../../db/database.js';
import type { RequestUser } from '../../lib/auth-guard.js';
import { AppError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import type { ToolContext } from '../tools/tool-types.js';
import { CoreBroadbandSession } from './core-session.js';
import {
  countUserServers,
  deleteUserServer,
  getUserServer,
  insertUserServer,
  listUserServers,
  saveServerSetting,
  serverSettings,
  setUserServerEnabled,
} from './mcp.queries.js';
import { BUILT_IN_SERVERS, type BuiltInServer, CORE_SERVER_ID, findBuiltInServer } from './mcp-catalog.js';
import { checkLaunch, type McpPolicy, SAFE_PATH, validateCustomServer } from './mcp-config.js';
import type { LaunchSpec, StdioMcpConnection } from './mcp-connection.js';
import type { McpProcesses } from './mcp-processes.js';
import {
  type SandboxLimits,
  SandboxProbe,
  sandboxedLaunch,
  sandboxUnavailableDetail,
} from './mcp-sandbox.js';

export const MAX_USER_SERVERS = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = 'MCP server not found';

type UserServerRow = Awaited<ReturnType<typeof listUserServers>>[number];

/** A server the chat can call tools on. */
export interface ToolServer {
  serverId: string;
  serverName: string;
  tier: McpTier;
  tools: Tool[];
  call(name: string, args: unknown, signal?: AbortSignal): Promise<unknown>;
  close(): Promise<void>;
}

interface Described {
  id: string;
  name: string;
  description: string;
  command: string;
  args: string[];
  tier: McpTier;
  enabled: boolean;
  config?: Record<string, unknown>;
  knownTools?: { name: string; description: string }[];
  /** How to start it (optional and user servers); throws an AppError when the policy does not allow it now. */
  launch?: () => Promise<LaunchSpec>;
}

const maskEnv = (env: Record<string, string>) =>
  Object.fromEntries(Object.keys(env).map((key) => [key, '••••••']));

export const USER_SERVERS_OFF =
  'Custom MCP servers are turned off on this server. An administrator can turn them on with MCP_USER_SERVERS=sandboxed.';

export function createMcpService({
  db,
  logger,
  policy,
  sandboxLimits,
  sandboxToolDirs,
  processes,
}: {
  db: AppDb;
  logger: Logger;
  policy: McpPolicy;
  sandboxLimits: SandboxLimits;
  /** Where bwrap, setpriv and prlimit are looked for (the system directories unless a test says otherwise). */
  sandboxToolDirs?: string[];
  processes: McpProcesses;
}) {
  const cwd = os.tmpdir();
  const core = new CoreBroadbandSession();
  const coreServer = findBuiltInServer(CORE_SERVER_ID)!;
  const sandbox = new SandboxProbe(sandboxLimits, sandboxToolDirs);

  /** Refuses when user servers cannot run at all here: turned off, or the sandbox does not start. */
  async function userServersAvailable(): Promise<void> {
    if (policy.mode === 'off') throw AppError.forbidden(USER_SERVERS_OFF);
    if (policy.mode !== 'sandboxed') return;
    const status = await sandbox.status();
    if (!status.ok) {
      throw new AppError('service_unavailable', sandboxUnavailableDetail(status.reason));
    }
  }

  /** How a user's server starts: checked again each time (the allowlist may have changed), then sandboxed. */
  async function userLaunch(config: {
    command: string;
    args: string[];
    env: Record<string, string>;
  }): Promise<LaunchSpec> {
    await userServersAvailable();
    if (policy.mode === 'unsandboxed') {
      const checked = checkLaunch(config, policy, cwd);
      return { command: checked.program, args: checked.args, env: checked.env, cwd };
    }
    return sandboxedLaunch(sandbox.tools(), sandboxLimits, checkLaunch(config, policy));
  }

  const describeBuiltIn = (server: BuiltInServer, enabled: boolean): Described => ({
    id: server.id,
    name: server.name,
    description: server.description,
    command: server.command,
    args: server.args,
    tier: server.tier,
    enabled: server.tier === 'core' ? true : enabled,
    ...(server.knownTools ? { knownTools: server.knownTools } : {}),
    ...(server.launch
      ? {
          launch: async () => {
            const launch = server.launch!();
            return { ...launch, env: { PATH: SAFE_PATH, ...launch.env }, cwd };
          },
        }
      : {}),
  });

  const describeUser = (row: UserServerRow): Described => ({
    id: row.id,
    name: row.name,
    description: `Custom server: ${[row.command, ...row.args].join(' ')}`,
    command: row.command,
    args: row.args,
    tier: 'user',
    enabled: row.enabled,
    config: { command: row.command, args: row.args, env: maskEnv(row.env) },
    launch: () => userLaunch({ command: row.command, args: row.args, env: row.env }),
  });

  async function describeAll(userId: string | null): Promise<Described[]> {
    const settings = userId ? await serverSettings({ db, userId }) : new Map<string, boolean>();
    const builtIns = BUILT_IN_SERVERS.map((server) =>
      describeBuiltIn(server, settings.get(server.id) ?? server.defaultEnabled),
    );
    const custom = userId ? (await listUserServers({ db, userId })).map(describeUser) : [];
    return [...builtIns, ...custom];
  }

  async function describeOne(userId: string, id: string): Promise<Described> {
    const builtIn = findBuiltInServer(id);
    if (builtIn) {
      const settings = await serverSettings({ db, userId });
      return describeBuiltIn(builtIn, settings.get(id) ?? builtIn.defaultEnabled);
    }
    const row = UUID.test(id) ? await getUserServer({ db, userId, id }) : undefined;
    if (!row) throw AppError.notFound(NOT_FOUND);
    return describeUser(row);
  }

  function toInfo(
    server: Described,
    state: { status: string; error: string | null; tools: { name: string; description: string }[] },
  ): McpServerInfo {
    return {
      id: server.id,
      name: server.name,
      description: server.description,
      command: server.command,
      args: server.args,
      status: state.status,
      enabled: server.enabled,
      tier: server.tier,
      can_toggle: server.tier !== 'core',
      can_delete: server.tier === 'user',
      error_message: state.error,
      tools: state.tools,
      ...(server.config ? { config: server.config } : {}),
    };
  }

  const toolInfo = (connection: StdioMcpConnection | undefined) =>
    (connection?.tools ?? []).map((tool) => ({ name: tool.name, description: tool.description ?? '' }));

  /** Without starting anything: what is known now. */
  function offlineState(userId: string | null, server: Described) {
    if (server.tier === 'core') return { status: 'connected', error: null, tools: server.knownTools ?? [] };
    if (!server.enabled) return { status: 'disabled', error: null, tools: [] };
    const connection = userId ? processes.peek(userId, server.id) : undefined;
    if (!connection) return { status: 'loading', error: null, tools: [] };
    return { status: connection.status, error: connection.error, tools: toolInfo(connection) };
  }

  async function connect(
    userId: string,
    server: Described,
  ): Promise<{ ok: true; connection: StdioMcpConnection } | { ok: false; error: string }> {
    let spec: LaunchSpec;
    try {
      spec = await server.launch!();
    } catch (error) {
      // e.g. an administrator has since removed the command from the allowlist, or turned user servers off.
      return { ok: false, error: error instanceof AppError ? error.detail : String(error) };
    }
    return { ok: true, connection: await processes.connect(userId, server.id, spec) };
  }

  async function liveState(userId: string, server: Described) {
    if (server.tier === 'core' || !server.enabled || !server.launch) return offlineState(userId, server);
    const started = await connect(userId, server);
    if (!started.ok) return { status: 'error', error: started.error, tools: [] };
    const { connection } = started;
    return { status: connection.status, error: connection.error, tools: toolInfo(connection) };
  }

  return {
    listStatic(): McpServerInfo[] {
      return BUILT_IN_SERVERS.map((server) => {
        const described = describeBuiltIn(server, server.defaultEnabled);
        return toInfo(described, offlineState(null, described));
      });
    },

    async listConfig(user: RequestUser): Promise<McpServerInfo[]> {
      return (await describeAll(user.id)).map((server) => toInfo(server, offlineState(user.id, server)));
    },

    async listLive(user: RequestUser): Promise<McpServerInfo[]> {
      const servers = await describeAll(user.id);
      const states = await Promise.all(servers.map((server) => liveState(user.id, server)));
      return servers.map((server, i) => toInfo(server, states[i]!));
    },

    async get(user: RequestUser, id: string): Promise<McpServerInfo> {
      const server = await describeOne(user.id, id);
      return toInfo(server, await liveState(user.id, server));
    },

    async toggle(user: RequestUser, id: string, enabled: boolean): Promise<McpServerInfo> {
      const server = await describeOne(user.id, id);
      if (server.tier === 'core') {
        throw AppError.unprocessable(
          `${server.name} is a core server: it is always on and cannot be turned off`,
        );
      }
      if (server.tier === 'optional') await saveServerSetting({ db, userId: user.id, serverId: id, enabled });
      else if (!(await setUserServerEnabled({ db, userId: user.id, id, enabled }))) {
        throw AppError.notFound(NOT_FOUND);
      }
      if (!enabled) await processes.stop(user.id, id);
      logger.info({ user_id: user.id, server_id: id, enabled }, 'MCP server toggled');
      return this.get(user, id);
    },

    async addUserServer(
      user: RequestUser,
      body: { name?: unknown; config?: unknown },
    ): Promise<McpServerInfo> {
      if (policy.mode === 'off') throw AppError.forbidden(USER_SERVERS_OFF);
      const { name, config } = validateCustomServer({ name: body.name, config: body.config }, policy);
      await userServersAvailable();
      if ((await countUserServers({ db, userId: user.id })) >= MAX_USER_SERVERS) {
        throw AppError.unprocessable(
          `You can add at most ${MAX_USER_SERVERS} custom servers; delete one first`,
        );
      }
      const id = await insertUserServer({
        db,
        row: { user_id: user.id, name, command: config.command, args: config.args, env: config.env },
      });
      logger.info({ user_id: user.id, server_id: id, command: config.command }, 'Custom MCP server added');
      return this.get(user, id);
    },

    async deleteUserServer(user: RequestUser, id: string): Promise<void> {
      if (!UUID.test(id) || !(await deleteUserServer({ db, userId: user.id, id }))) {
        throw AppError.notFound(NOT_FOUND);
      }
      await processes.stop(user.id, id);
      logger.info({ user_id: user.id, server_id: id }, 'Custom MCP server deleted');
    },

    /**
     * The tool servers of one chat request: the core broadband server in-process (bound to the request's tool
     * context) and every enabled optional and custom server of the user that starts within its time limit.
     */
    async openToolServers(user: RequestUser, context: ToolContext): Promise<ToolServer[]> {
      const servers = await describeAll(user.id);
      const coreTools = await core.open(context);
      const others = await Promise.all(
        servers
          .filter((server) => server.tier !== 'core' && server.enabled && server.launch)
          .map(async (server): Promise<ToolServer | null> => {
            const started = await connect(user.id, server);
            if (!started.ok || started.connection.status !== 'connected') {
              logger.warn(
                {
                  user_id: user.id,
                  server_id: server.id,
                  error: started.ok ? started.connection.error : started.error,
                },
                'MCP server left out of the chat: it is not running',
              );
              return null;
            }
            const { connection } = started;
            return {
              serverId: server.id,
              serverName: server.name,
              tier: server.tier,
              tools: connection.tools,
              async call(name, args, signal) {
                const output = await connection.callTool(name, args, signal);
                // Another program's output: handed to the model as data, labelled as such.
                return {
                  server: server.name,
                  untrusted_output: output.content,
                  truncated: output.truncated,
                  is_error: output.is_error,
                };
              },
              close: async () => {},
            };
          }),
      );
      const coreHandle: ToolServer = {
        serverId: coreServer.id,
        serverName: coreServer.name,
        tier: 'core',
        tools: coreTools.tools,
        call: coreTools.call,
        close: async () => coreTools.release(),
      };
      return [coreHandle, ...others.filter((server): server is ToolServer => server !== null)];
    },

    /** Stops the core session (the stdio processes are stopped by McpProcesses.closeAll). */
    close: () => core.close(),
  };
}

export type McpService = ReturnType<typeof createMcpService>;
