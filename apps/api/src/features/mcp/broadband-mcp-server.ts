/**
 * The product's broadband tools as a standard MCP server (the core tier). The chat connects to it in-process
 * through an in-memory transport pair (one session for the whole app, see core-session.ts; each call names its
 * request's tool context in `_meta`); `npm run mcp` serves the same tools on stdio (broadband-mcp-stdio.ts) so
 * any MCP client can use the data. Results are JSON: `structuredContent` for clients that read it, the same
 * JSON as text for the rest.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BROADBAND_TOOLS } from '../../analyst/tools/index.js';
import { capToolResult, runTool, type ToolContext, type ToolOutput } from '../../analyst/tools/tool-types.js';

export const BROADBAND_MCP_SERVER_NAME = 'query-agent-broadband';
export const BROADBAND_MCP_SERVER_VERSION = '1.0.0';

const INSTRUCTIONS =
  'UK broadband availability at postcode level: monthly snapshots of operator footprints (which network reaches ' +
  'each postcode, with which technology and speed), forecasts to 2030 and take-up. Start with describe_datasets; ' +
  'run_sql runs read-only SQL through a guard. Operator-level figures are modelled (synthetic, calibrated to ' +
  'public figures); geography is real.';

export function toCallToolResult(output: ToolOutput): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(output) }],
    structuredContent: output,
    ...(typeof output.error === 'string' ? { isError: true } : {}),
  };
}

/** The tool context for one call, from the call's `_meta`; undefined refuses the call. */
export type ToolContextResolver = (meta: Record<string, unknown> | undefined) => ToolContext | undefined;

export function createBroadbandMcpServer(resolve: ToolContextResolver): McpServer {
  const server = new McpServer(
    { name: BROADBAND_MCP_SERVER_NAME, version: BROADBAND_MCP_SERVER_VERSION },
    { instructions: INSTRUCTIONS },
  );
  for (const tool of BROADBAND_TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        annotations: { readOnlyHint: !tool.name.startsWith('create_'), openWorldHint: false },
      },
      async (args: unknown, extra: { signal: AbortSignal; _meta?: Record<string, unknown> }) => {
        const context = resolve(extra._meta);
        if (!context) return toCallToolResult({ error: 'This tool call has no request context.' });
        const output = await runTool(tool, args, { ...context, signal: extra.signal });
        return toCallToolResult(capToolResult(tool.name, output) as ToolOutput);
      },
    );
  }
  return server;
}
