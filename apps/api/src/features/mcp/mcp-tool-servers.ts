/**
 * The tool servers of one chat request: the core broadband server in-process (bound to the request's tool
 * context) and every enabled optional and custom server of the user that starts within its time limit. A server
 * that does not start is left out of the chat (and logged); another program's output is labelled as such.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpTier } from '@qa/contracts';
import type { ToolContext } from '../../analyst/tools/tool-types.js';
import type { RequestUser } from '../../lib/auth-guard.js';
import type { Logger } from '../../lib/logger.js';
import type { CoreBroadbandSession } from './core-session.js';
import { CORE_SERVER_ID, findBuiltInServer } from './mcp-catalog.js';
import { connect, type Described, describeAll, type McpServersContext } from './mcp-servers.js';

/** A server the chat can call tools on. */
export interface ToolServer {
  serverId: string;
  serverName: string;
  tier: McpTier;
  tools: Tool[];
  call(name: string, args: unknown, signal?: AbortSignal): Promise<unknown>;
  close(): Promise<void>;
}

export async function openToolServers(
  ctx: McpServersContext & { logger: Logger; core: CoreBroadbandSession },
  user: RequestUser,
  context: ToolContext,
): Promise<ToolServer[]> {
  const servers = await describeAll(ctx, user.id);
  const coreTools = await ctx.core.open(context);
  const others = await Promise.all(
    servers
      .filter((server) => server.tier !== 'core' && server.enabled && server.launch)
      .map((server) => startedToolServer(ctx, user, server)),
  );
  const coreServer = findBuiltInServer(CORE_SERVER_ID)!;
  const coreHandle: ToolServer = {
    serverId: coreServer.id,
    serverName: coreServer.name,
    tier: 'core',
    tools: coreTools.tools,
    call: coreTools.call,
    close: async () => coreTools.release(),
  };
  return [coreHandle, ...others.filter((server): server is ToolServer => server !== null)];
}

async function startedToolServer(
  ctx: McpServersContext & { logger: Logger },
  user: RequestUser,
  server: Described,
): Promise<ToolServer | null> {
  const started = await connect(ctx, user.id, server);
  if (!started.ok || started.connection.status !== 'connected') {
    ctx.logger.warn(
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
}
