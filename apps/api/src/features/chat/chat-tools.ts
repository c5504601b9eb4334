/**
 * The chat's tools as AI SDK tools: every tool of every MCP server the request may use (the core broadband
 * server and the user's enabled optional and custom servers), each calling its server through MCP. Tool names
 * stay as the servers give them, so the web can recognise e.g. `sequentialthinking`; a name taken by an earlier
 * server is prefixed with the later server's name.
 */
import type { JSONSchema7 } from '@ai-sdk/provider';
import { dynamicTool, jsonSchema, type ToolSet } from 'ai';
import { capToolResult } from '../../analyst/tools/tool-types.js';
import type { ToolServer } from '../mcp/mcp.service.js';

const MAX_TOOL_NAME = 64;

export interface ChatToolInfo {
  serverId: string;
  /** False for the product's own (core) tools, true for tools of optional and custom MCP servers. */
  isMcp: boolean;
}

const safeName = (name: string) => name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, MAX_TOOL_NAME);

export function chatToolSet(servers: ToolServer[]): { tools: ToolSet; info: Map<string, ChatToolInfo> } {
  const tools: ToolSet = {};
  const info = new Map<string, ChatToolInfo>();
  for (const server of servers) {
    for (const tool of server.tools) {
      let name = safeName(tool.name);
      if (tools[name]) name = safeName(`${server.serverName}__${tool.name}`);
      if (tools[name]) continue;
      const schema = { ...(tool.inputSchema as Record<string, unknown>) };
      delete schema.$schema;
      tools[name] = dynamicTool({
        description: tool.description ?? tool.title ?? tool.name,
        inputSchema: jsonSchema(schema as JSONSchema7),
        // Whatever a server hands back, the model and the saved answer get at most TOOL_RESULT_CHAR_LIMIT.
        execute: async (input, { abortSignal }) =>
          capToolResult(tool.name, await server.call(tool.name, input, abortSignal)),
      });
      info.set(name, { serverId: server.serverId, isMcp: server.tier !== 'core' });
    }
  }
  return { tools, info };
}
