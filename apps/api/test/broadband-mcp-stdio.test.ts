/**
 * The broadband MCP server as any MCP client sees it: `npm run mcp` on the small generated warehouse, driven over
 * stdio with the official SDK client.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smallWarehouseDir } from './support/small-warehouse.js';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_ROOT = path.resolve(API_DIR, '../..');

describe('the broadband MCP server over stdio (npm run mcp)', () => {
  let client: Client;

  beforeAll(async () => {
    const dataDir = await smallWarehouseDir();
    client = new Client({ name: 'stdio-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: 'npm',
        args: ['run', '--silent', 'mcp'],
        cwd: REPO_ROOT,
        env: { ...(process.env as Record<string, string>), DATA_DIR: dataDir, WAREHOUSE_URL: '' },
        stderr: 'pipe',
      }),
    );
  });
  afterAll(async () => {
    await client?.close();
  });

  it('is what `npm run mcp` starts', () => {
    const scripts = JSON.parse(readFileSync(path.join(API_DIR, 'package.json'), 'utf8')).scripts;
    expect(scripts.mcp).toBe('tsx src/features/mcp/broadband-mcp-stdio.ts');
  });

  it('introduces itself and lists the broadband tools with their input schemas', async () => {
    expect(client.getServerVersion()?.name).toBe('query-agent-broadband');
    expect(client.getInstructions()).toMatch(/UK broadband/);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'run_sql',
      'describe_datasets',
      'describe_table',
      'dataset_status',
      'distinct_values',
      'la_stats',
      'chart_catalog',
      'create_chart',
      'create_map',
    ]);
    const runSql = tools.find((tool) => tool.name === 'run_sql')!;
    expect(runSql.inputSchema.required).toEqual(['sql']);
  });

  it('runs guarded SQL and answers with structured content', async () => {
    const result = (await client.callTool({
      name: 'run_sql',
      arguments: { sql: 'SELECT COUNT(*) AS local_authorities FROM local_authorities' },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      columns: ['local_authorities'],
      rows: [[361]],
      row_count: 1,
    });
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);

    const refused = (await client.callTool({
      name: 'run_sql',
      arguments: { sql: 'DELETE FROM upc_output' },
    })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect((refused.structuredContent as { error: string }).error).toMatch(/refused/);
  });

  it('hands charts back as a declarative spec, since it serves no pages', async () => {
    const result = (await client.callTool({
      name: 'create_chart',
      arguments: {
        title: 'Premises by place',
        sql: 'SELECT la_name, SUM(premises) AS premises FROM upc_output GROUP BY 1',
      },
    })) as CallToolResult;
    const output = result.structuredContent as { chart: { kind: string }; spec: { renderer: string } };
    expect(output.chart.kind).toBe('chart');
    expect(output.spec.renderer).toBe('echarts');
  });

  it('gives local authority statistics from the real data', async () => {
    const result = (await client.callTool({
      name: 'la_stats',
      arguments: { local_authority: 'Leeds' },
    })) as CallToolResult;
    const output = result.structuredContent as { local_authority: { la_code: string }; premises: number };
    expect(output.local_authority.la_code).toBe('E08000035');
    expect(output.premises).toBeGreaterThan(0);
  });

  it('reports invalid arguments as a tool error', async () => {
    const result = (await client.callTool({ name: 'la_stats', arguments: {} })) as CallToolResult;
    expect(result.isError).toBe(true);
  });
});
