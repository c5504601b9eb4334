/**
 * The chat's connection to the core broadband MCP server: one in-memory client/server pair for the whole app,
 * opened on first use. Opening a session per chat request cost more than the answer (server set-up, JSON Schema
 * conversion and validator compilation for every tool), so requests share the session and each registers its
 * tool context (warehouse, the user's chart store) under a random id that its calls carry in `_meta`. The id
 * lives only in this process's memory, for the duration of the request.
 */
import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ToolContext } from '../../analyst/tools/tool-types.js';
import { createBroadbandMcpServer } from './broadband-mcp-server.js';
import { CALL_TIMEOUT_MS, CLIENT_INFO } from './mcp-connection.js';

export const CONTEXT_META_KEY = 'query-agent/context';

export interface CoreToolHandle {
  tools: Tool[];
  call(name: string, args: unknown, signal?: AbortSignal): Promise<unknown>;
  release(): void;
}

export class CoreBroadbandSession {
  private readonly contexts = new Map<string, ToolContext>();
  private connecting: Promise<{ client: Client; tools: Tool[]; close: () => Promise<void> }> | undefined;

  private connect() {
    this.connecting ??= (async () => {
      const server = createBroadbandMcpServer((meta) => {
        const id = meta?.[CONTEXT_META_KEY];
        return typeof id === 'string' ? this.contexts.get(id) : undefined;
      });
      const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
      await server.connect(serverTransport);
      const client = new Client(CLIENT_INFO, { capabilities: {} });
      await client.connect(clientTransport);
      const { tools } = await client.listTools();
      return {
        client,
        tools,
        close: async () => {
          await client.close();
          await server.close();
        },
      };
    })();
    this.connecting.catch(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  /** The core tools for one request, calling with that request's context until released. */
  async open(context: ToolContext): Promise<CoreToolHandle> {
    const { client, tools } = await this.connect();
    const id = randomUUID();
    this.contexts.set(id, context);
    return {
      tools,
      call: async (name, args, signal) => {
        try {
          const result = (await client.callTool(
            { name, arguments: (args ?? {}) as Record<string, unknown>, _meta: { [CONTEXT_META_KEY]: id } },
            undefined,
            { timeout: CALL_TIMEOUT_MS, ...(signal ? { signal } : {}) },
          )) as CallToolResult;
          if (result.structuredContent) return result.structuredContent;
          const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
          try {
            return JSON.parse(text) as unknown;
          } catch {
            return result.isError ? { error: text } : { text };
          }
        } catch (error) {
          return { error: `The tool call failed: ${error instanceof Error ? error.message : String(error)}` };
        }
      },
      release: () => {
        this.contexts.delete(id);
      },
    };
  }

  async close(): Promise<void> {
    const connecting = this.connecting;
    this.connecting = undefined;
    this.contexts.clear();
    if (connecting) await (await connecting).close().catch(() => undefined);
  }
}
