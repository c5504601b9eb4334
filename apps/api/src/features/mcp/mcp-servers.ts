/**
 * The MCP servers of a user as the service sees them: the catalog's built-in servers with the user's settings,
 * and the user's own (custom) servers, each with how it starts. Their state is read without starting anything
 * (offline) or by starting what is enabled (live). A user's own server starts only as the policy allows now:
 * checked again each time (the allowlist may have changed), then sandboxed.
 */
import type { McpServer as McpServerInfo, McpTier } from '@qa/contracts';
import type { AppDb } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { getUserServer, listUserServers, serverSettings } from './mcp.queries.js';
import { BUILT_IN_SERVERS, type BuiltInServer, findBuiltInServer } from './mcp-catalog.js';
import { checkLaunch, type McpPolicy, SAFE_PATH } from './mcp-config.js';
import type { LaunchSpec, StdioMcpConnection } from './mcp-connection.js';
import type { McpProcesses } from './mcp-processes.js';
import {
  type SandboxLimits,
  type SandboxProbe,
  sandboxedLaunch,
  sandboxUnavailableDetail,
} from './mcp-sandbox.js';

export const USER_SERVERS_OFF =
  'Custom MCP servers are turned off on this server. An administrator can turn them on with MCP_USER_SERVERS=sandboxed.';
export const NOT_FOUND = 'MCP server not found';
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What describing and starting a user's servers needs. */
export interface McpServersContext {
  db: AppDb;
  policy: McpPolicy;
  sandbox: SandboxProbe;
  sandboxLimits: SandboxLimits;
  processes: McpProcesses;
  /** Where started servers run. */
  cwd: string;
}

type UserServerRow = Awaited<ReturnType<typeof listUserServers>>[number];

export interface Described {
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

/** Refuses when user servers cannot run at all here: turned off, or the sandbox does not start. */
export async function userServersAvailable({ policy, sandbox }: McpServersContext): Promise<void> {
  if (policy.mode === 'off') throw AppError.forbidden(USER_SERVERS_OFF);
  if (policy.mode !== 'sandboxed') return;
  const status = await sandbox.status();
  if (!status.ok) {
    throw new AppError('service_unavailable', sandboxUnavailableDetail(status.reason));
  }
}

/** How a user's server starts: checked again each time (the allowlist may have changed), then sandboxed. */
async function userLaunch(
  ctx: McpServersContext,
  config: { command: string; args: string[]; env: Record<string, string> },
): Promise<LaunchSpec> {
  const { policy, cwd, sandbox, sandboxLimits } = ctx;
  await userServersAvailable(ctx);
  if (policy.mode === 'unsandboxed') {
    const checked = checkLaunch(config, policy, cwd);
    return { command: checked.program, args: checked.args, env: checked.env, cwd };
  }
  return sandboxedLaunch(sandbox.tools(), sandboxLimits, checkLaunch(config, policy));
}

export const describeBuiltIn = (
  { cwd }: McpServersContext,
  server: BuiltInServer,
  enabled: boolean,
): Described => ({
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

const describeUser = (ctx: McpServersContext, row: UserServerRow): Described => ({
  id: row.id,
  name: row.name,
  description: `Custom server: ${[row.command, ...row.args].join(' ')}`,
  command: row.command,
  args: row.args,
  tier: 'user',
  enabled: row.enabled,
  config: { command: row.command, args: row.args, env: maskEnv(row.env) },
  launch: () => userLaunch(ctx, { command: row.command, args: row.args, env: row.env }),
});

export async function describeAll(ctx: McpServersContext, userId: string | null): Promise<Described[]> {
  const { db } = ctx;
  const settings = userId ? await serverSettings({ db, userId }) : new Map<string, boolean>();
  const builtIns = BUILT_IN_SERVERS.map((server) =>
    describeBuiltIn(ctx, server, settings.get(server.id) ?? server.defaultEnabled),
  );
  const custom = userId ? (await listUserServers({ db, userId })).map((row) => describeUser(ctx, row)) : [];
  return [...builtIns, ...custom];
}

export async function describeOne(ctx: McpServersContext, userId: string, id: string): Promise<Described> {
  const { db } = ctx;
  const builtIn = findBuiltInServer(id);
  if (builtIn) {
    const settings = await serverSettings({ db, userId });
    return describeBuiltIn(ctx, builtIn, settings.get(id) ?? builtIn.defaultEnabled);
  }
  const row = UUID.test(id) ? await getUserServer({ db, userId, id }) : undefined;
  if (!row) throw AppError.notFound(NOT_FOUND);
  return describeUser(ctx, row);
}

export type ServerState = {
  status: string;
  error: string | null;
  tools: { name: string; description: string }[];
};

export function toInfo(server: Described, state: ServerState): McpServerInfo {
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
export function offlineState(
  { processes }: McpServersContext,
  userId: string | null,
  server: Described,
): ServerState {
  if (server.tier === 'core') return { status: 'connected', error: null, tools: server.knownTools ?? [] };
  if (!server.enabled) return { status: 'disabled', error: null, tools: [] };
  const connection = userId ? processes.peek(userId, server.id) : undefined;
  if (!connection) return { status: 'loading', error: null, tools: [] };
  return { status: connection.status, error: connection.error, tools: toolInfo(connection) };
}

export async function connect(
  { processes }: McpServersContext,
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

export async function liveState(
  ctx: McpServersContext,
  userId: string,
  server: Described,
): Promise<ServerState> {
  if (server.tier === 'core' || !server.enabled || !server.launch) return offlineState(ctx, userId, server);
  const started = await connect(ctx, userId, server);
  if (!started.ok) return { status: 'error', error: started.error, tools: [] };
  const { connection } = started;
  return { status: connection.status, error: connection.error, tools: toolInfo(connection) };
}
