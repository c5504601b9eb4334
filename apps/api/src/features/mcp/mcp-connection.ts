/**
 * One running stdio MCP server (an optional or a user-added one) and the MCP client talking to it, with the
 * limits: start-up (spawn + initialize + list tools) within START_TIMEOUT_MS, each call within CALL_TIMEOUT_MS,
 * and each result cut to MAX_OUTPUT_BYTES. Results are returned as untrusted text for the model to read, never
 * interpreted here. A call that runs out of time (or is stopped by the user) ends the server's processes: a
 * server that ignores the cancellation would otherwise keep burning CPU until the sandbox's limit. It starts
 * again on its next use.
 */

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { CUT_RESULT_META, ScrubbedStdioTransport } from './stdio-transport.js';

export const START_TIMEOUT_MS = 10_000;
export const CALL_TIMEOUT_MS = 30_000;
export const MAX_OUTPUT_BYTES = 100 * 1024;
/** One JSON-RPC message; larger output ends the connection (results are truncated well below this). */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
export const CLIENT_INFO = { name: 'query-agent', version: '1.0.0' };

export type ConnectionStatus = 'loading' | 'connected' | 'error' | 'stopped';

export interface LaunchSpec {
  /** Absolute program path. */
  command: string;
  args: string[];
  /** The whole environment of the process. */
  env: Record<string, string>;
  cwd: string;
  /** Why the process ended, from its exit code (e.g. the sandbox's CPU limit), or null when unknown. */
  explainExit?: (code: number | null) => string | null;
}

export interface McpCallOutput {
  /** The server's output as text (content parts joined; structured content as JSON when there is no text). */
  content: string;
  truncated: boolean;
  is_error: boolean;
}

/** Cuts text to maxBytes, saying so with the size it had (`receivedBytes` when it was cut before arriving). */
export function truncateUtf8(
  text: string,
  maxBytes: number,
  receivedBytes?: number,
): { text: string; truncated: boolean } {
  const bytes = Math.max(Buffer.byteLength(text), receivedBytes ?? 0);
  if (bytes <= maxBytes) return { text, truncated: false };
  // Cut on a character boundary.
  const cut = Buffer.from(text)
    .subarray(0, maxBytes)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
  return { text: `${cut}\n[output truncated: ${bytes} bytes, limit ${maxBytes}]`, truncated: true };
}

export function callResultText(result: CallToolResult): string {
  const parts = (result.content ?? []).map((part) => {
    switch (part.type) {
      case 'text':
        return part.text;
      case 'resource':
        return 'text' in part.resource && typeof part.resource.text === 'string'
          ? part.resource.text
          : `[resource ${part.resource.uri}]`;
      case 'resource_link':
        return `[resource link ${part.uri}]`;
      default:
        return `[${part.type} content omitted]`;
    }
  });
  if (parts.length === 0 && result.structuredContent) return JSON.stringify(result.structuredContent);
  return parts.join('\n');
}

export class StdioMcpConnection {
  status: ConnectionStatus = 'loading';
  error: string | null = null;
  tools: Tool[] = [];
  lastUsed = Date.now();
  readonly startedAt = Date.now();
  private client: Client | undefined;
  private transport: ScrubbedStdioTransport | undefined;
  private starting: Promise<void> | undefined;

  constructor(
    private readonly spec: LaunchSpec,
    private readonly limits = { startTimeoutMs: START_TIMEOUT_MS, callTimeoutMs: CALL_TIMEOUT_MS },
  ) {}

  get pid(): number | undefined {
    return this.transport?.pid;
  }

  start(): Promise<void> {
    this.starting ??= this.run();
    return this.starting;
  }

  private async run(): Promise<void> {
    const transport = new ScrubbedStdioTransport({
      command: this.spec.command,
      args: this.spec.args,
      env: this.spec.env,
      cwd: this.spec.cwd,
      maxMessageBytes: MAX_MESSAGE_BYTES,
      cutResultBytes: MAX_OUTPUT_BYTES,
    });
    const client = new Client(CLIENT_INFO, { capabilities: {} });
    this.transport = transport;
    this.client = client;
    client.onclose = () => {
      if (this.status === 'connected' || this.status === 'loading') {
        const why = transport.exit ? this.spec.explainExit?.(transport.exit.code) : null;
        const stderr = transport.stderr ? `: ${transport.stderr.slice(-300)}` : '';
        this.fail(`The server stopped${why ? ` (${why})` : ''}${stderr}`);
      }
    };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`The server did not start within ${this.limits.startTimeoutMs / 1000} s`)),
        this.limits.startTimeoutMs,
      );
    });
    try {
      await Promise.race([
        (async () => {
          await client.connect(transport, { timeout: this.limits.startTimeoutMs });
          const listed = await client.listTools(undefined, { timeout: this.limits.startTimeoutMs });
          this.tools = listed.tools;
        })(),
        timeout,
      ]);
      if (this.status === 'loading') this.status = 'connected';
    } catch (error) {
      const stderr = transport.stderr;
      this.fail(
        `${error instanceof Error ? error.message : String(error)}${stderr ? ` (${stderr.slice(-300)})` : ''}`,
      );
      await this.close();
      this.status = 'error';
    } finally {
      clearTimeout(timer);
    }
  }

  private fail(message: string) {
    this.status = 'error';
    this.error = message;
  }

  async callTool(name: string, args: unknown, signal?: AbortSignal): Promise<McpCallOutput> {
    if (this.status !== 'connected' || !this.client) {
      return {
        content: `The server is not running: ${this.error ?? this.status}`,
        truncated: false,
        is_error: true,
      };
    }
    this.lastUsed = Date.now();
    try {
      const result = (await this.client.callTool(
        { name, arguments: (args ?? {}) as Record<string, unknown> },
        undefined,
        { timeout: this.limits.callTimeoutMs, ...(signal ? { signal } : {}) },
      )) as CallToolResult;
      const received = result._meta?.[CUT_RESULT_META];
      const { text, truncated } = truncateUtf8(
        callResultText(result),
        MAX_OUTPUT_BYTES,
        typeof received === 'number' ? received : undefined,
      );
      return { content: text, truncated, is_error: result.isError === true };
    } catch (error) {
      const timedOut = error instanceof McpError && error.code === ErrorCode.RequestTimeout;
      if (timedOut || signal?.aborted) {
        await this.close();
        const why = timedOut
          ? `The tool call took longer than ${this.limits.callTimeoutMs / 1000} s`
          : 'The tool call was stopped';
        return {
          content: `${why}: the server was stopped, and starts again on its next use.`,
          truncated: false,
          is_error: true,
        };
      }
      // When the server died during the call (e.g. at a sandbox limit), say why.
      const died = (this.status as ConnectionStatus) === 'error' && this.error ? ` (${this.error})` : '';
      return {
        content: `The tool call failed: ${error instanceof Error ? error.message : String(error)}${died}`,
        truncated: false,
        is_error: true,
      };
    } finally {
      this.lastUsed = Date.now();
    }
  }

  async close(): Promise<void> {
    if (this.status !== 'error') this.status = 'stopped';
    const client = this.client;
    const transport = this.transport;
    this.client = undefined;
    try {
      await client?.close();
    } catch {
      // closing anyway
    }
    await transport?.close();
  }
}
