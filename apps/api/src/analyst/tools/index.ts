/**
 * The product's broadband tools, in the order they are offered to a model. Served to the chat and to any MCP
 * client by the broadband MCP server (features/mcp/broadband-mcp-server.ts).
 */
import { chartCatalogTool } from './chart-catalog.tool.js';
import { createChartTool } from './create-chart.tool.js';
import { createMapTool } from './create-map.tool.js';
import { datasetStatusTool } from './dataset-status.tool.js';
import { describeDatasetsTool } from './describe-datasets.tool.js';
import { describeTableTool } from './describe-table.tool.js';
import { distinctValuesTool } from './distinct-values.tool.js';
import { laStatsTool } from './la-stats.tool.js';
import { runSqlTool } from './run-sql.tool.js';
import type { BroadbandTool } from './tool-types.js';

export const BROADBAND_TOOLS: readonly BroadbandTool[] = [
  runSqlTool,
  describeDatasetsTool,
  describeTableTool,
  datasetStatusTool,
  distinctValuesTool,
  laStatsTool,
  chartCatalogTool,
  createChartTool,
  createMapTool,
] as unknown as readonly BroadbandTool[];

export { MODEL_ROW_CAP } from './run-sql.tool.js';
export {
  type BroadbandTool,
  type ChartRef,
  type ChartSink,
  runTool,
  type SavedChart,
  type ToolContext,
  type ToolOutput,
} from './tool-types.js';
