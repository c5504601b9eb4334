/**
 * MCP servers per user, by tier: the three list phases (static: from the catalog without starting anything;
 * config: plus the user's settings and custom servers; live: plus status and tools, starting what is enabled),
 * one server, toggle, add and delete; and the tool servers a chat request may use. Every lookup of a user server
 * is scoped by the signed-in user, so another user's server answers 404 exactly like one that does not exist.
 */
import os from 'node:os';
import type { McpServer as McpServerInfo } from '@qa/contracts';
import type { ToolContext } from '../../analyst/tools/tool-types.js';
import type { AppDb } from '../../db/database.js';
import type { RequestUser } from '../../lib/auth-guard.js';
import { AppError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import { CoreBroadbandSession } from './core-session.js';
import {
  deleteUserServer,
  insertUserServerWithin,
  saveServerSetting,
  setUserServerEnabled,
} from './mcp.queries.js';
import { BUILT_IN_SERVERS } from './mcp-catalog.js';
import { type McpPolicy, validateCustomServer } from './mcp-config.js';
import type { McpProcesses } from './mcp-processes.js';
import { type SandboxLimits, SandboxProbe } from './mcp-sandbox.js';
import {
  describeAll,
  describeBuiltIn,
  describeOne,
  liveState,
  type McpServersContext,
  NOT_FOUND,
  offlineState,
  toInfo,
  USER_SERVERS_OFF,
  UUID,
  userServersAvailable,
} from './mcp-servers.js';
import { openToolServers } from './mcp-tool-servers.js';

export { USER_SERVERS_OFF } from './mcp-servers.js';
export type { ToolServer } from './mcp-tool-servers.js';

export const MAX_USER_SERVERS = 10;

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
  const ctx: McpServersContext = {
    db,
    policy,
    sandbox: new SandboxProbe(sandboxLimits, sandboxToolDirs),
    sandboxLimits,
    processes,
    cwd: os.tmpdir(),
  };
  const core = new CoreBroadbandSession();

  return {
    listStatic(): McpServerInfo[] {
      return BUILT_IN_SERVERS.map((server) => {
        const described = describeBuiltIn(ctx, server, server.defaultEnabled);
        return toInfo(described, offlineState(ctx, null, described));
      });
    },

    async listConfig(user: RequestUser): Promise<McpServerInfo[]> {
      return (await describeAll(ctx, user.id)).map((server) =>
        toInfo(server, offlineState(ctx, user.id, server)),
      );
    },

    async listLive(user: RequestUser): Promise<McpServerInfo[]> {
      const servers = await describeAll(ctx, user.id);
      const states = await Promise.all(servers.map((server) => liveState(ctx, user.id, server)));
      return servers.map((server, i) => toInfo(server, states[i]!));
    },

    async get(user: RequestUser, id: string): Promise<McpServerInfo> {
      const server = await describeOne(ctx, user.id, id);
      return toInfo(server, await liveState(ctx, user.id, server));
    },

    async toggle(user: RequestUser, id: string, enabled: boolean): Promise<McpServerInfo> {
      const server = await describeOne(ctx, user.id, id);
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
      await userServersAvailable(ctx);
      const id = await insertUserServerWithin({
        db,
        row: { user_id: user.id, name, command: config.command, args: config.args, env: config.env },
        max: MAX_USER_SERVERS,
      });
      if (!id) {
        throw AppError.unprocessable(
          `You can add at most ${MAX_USER_SERVERS} custom servers; delete one first`,
        );
      }
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

    /** The tool servers of one chat request (mcp-tool-servers.ts). */
    openToolServers: (user: RequestUser, context: ToolContext) =>
      openToolServers({ ...ctx, logger, core }, user, context),

    /** Stops the core session (the stdio processes are stopped by McpProcesses.closeAll). */
    close: () => core.close(),
  };
}

export type McpService = ReturnType<typeof createMcpService>;
