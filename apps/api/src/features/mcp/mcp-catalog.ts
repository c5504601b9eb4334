/**
 * The MCP servers every user sees, by tier: the core broadband server (always on, in-process) and the
 * optional servers installed with the product (started on demand per user, off until the user turns them on).
 * User-tier servers live in the database (mcp_user_servers).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { McpTier } from '@qa/contracts';
import { BROADBAND_TOOLS } from '../../analyst/tools/index.js';

export const CORE_SERVER_ID = 'broadband';
export const SEQUENTIAL_THINKING_ID = 'sequential-thinking';

export interface BuiltInServer {
  id: string;
  name: string;
  description: string;
  tier: Exclude<McpTier, 'user'>;
  /** What is shown as the command (the real launch is `launch()`). */
  command: string;
  args: string[];
  defaultEnabled: boolean;
  /** Tools known without starting anything (the core server's). */
  knownTools?: { name: string; description: string }[];
  /** How to start an optional server: an absolute program, its arguments and extra environment. */
  launch?: () => { command: string; args: string[]; env: Record<string, string> };
}

const require = createRequire(import.meta.url);

function sequentialThinkingScript(): string {
  const packageJson = require.resolve('@modelcontextprotocol/server-sequential-thinking/package.json');
  return path.join(path.dirname(packageJson), 'dist', 'index.js');
}

export const BUILT_IN_SERVERS: readonly BuiltInServer[] = [
  {
    id: CORE_SERVER_ID,
    name: 'Broadband data',
    description:
      "The product's own tools: guarded SQL over the broadband warehouse, dataset descriptions and status, " +
      'distinct values, local authority statistics, the chart catalog, charts and maps.',
    tier: 'core',
    command: 'built-in',
    args: [],
    defaultEnabled: true,
    knownTools: BROADBAND_TOOLS.map((tool) => ({ name: tool.name, description: tool.description })),
  },
  {
    id: SEQUENTIAL_THINKING_ID,
    name: 'Sequential Thinking',
    description:
      'Lets the assistant think a hard question through in numbered steps before answering ' +
      '(@modelcontextprotocol/server-sequential-thinking).',
    tier: 'optional',
    command: 'node',
    args: ['node_modules/@modelcontextprotocol/server-sequential-thinking/dist/index.js'],
    defaultEnabled: false,
    launch: () => ({
      command: process.execPath,
      args: [sequentialThinkingScript()],
      // The server prints every thought to stderr unless told not to.
      env: { DISABLE_THOUGHT_LOGGING: 'true' },
    }),
  },
];

export function findBuiltInServer(id: string): BuiltInServer | undefined {
  return BUILT_IN_SERVERS.find((server) => server.id === id);
}
