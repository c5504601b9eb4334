/**
 * `npm run mcp`: the broadband MCP server on stdio, for any MCP client (Claude Desktop, an IDE, the SDK's
 * client). It opens the same warehouse as the server (DATA_DIR / WAREHOUSE_URL from the environment or .env).
 * Charts cannot be served as pages here, so chart tools hand back their declarative spec (ECharts options).
 * stdout carries the protocol only; diagnostics go to stderr.
 */
import { pathToFileURL } from 'node:url';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { AgentWarehouse } from '../../analyst/agent/agent-warehouse.js';
import { openAgentWarehouse } from '../../analyst/agent/warehouse-adapter.js';
import type { ChartSink } from '../../analyst/tools/tool-types.js';
import { loadConfig, loadDotEnvFile } from '../../config/env.js';
import { createBroadbandMcpServer } from './broadband-mcp-server.js';

/** Charts for a client without our web pages: the spec itself, to render with ECharts. */
export const inlineChartSink: ChartSink = {
  async save({ kind, title, spec }) {
    return { chart: { url: '', kind, title }, spec };
  },
};

export async function serveBroadbandMcpOverStdio(warehouse: AgentWarehouse): Promise<() => Promise<void>> {
  const context = { warehouse, charts: inlineChartSink };
  const server = createBroadbandMcpServer(() => context);
  const transport = new StdioServerTransport();
  await server.connect(transport);
  return () => server.close();
}

async function main() {
  loadDotEnvFile();
  const config = loadConfig();
  const warehouse = await openAgentWarehouse({ dataDir: config.dataDir, warehouseUrl: config.warehouseUrl });
  const close = await serveBroadbandMcpOverStdio(warehouse);
  process.stderr.write('Broadband MCP server ready on stdio\n');
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await close();
    await warehouse.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  process.stdin.on('end', () => void stop());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `Broadband MCP server failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  });
}
