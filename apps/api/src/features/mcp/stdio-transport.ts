/**
 * An MCP client transport over a child process's stdio, like the SDK's StdioClientTransport but with the
 * limits a server running other people's commands needs: the child gets exactly the environment it is given
 * (the SDK's transport always adds HOME, USER, SHELL, ...), one JSON-RPC message may not exceed a size, the
 * child runs in its own process group so closing stops anything it started, and the last few KB of its stderr
 * are kept to explain a failure.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

const STDERR_TAIL_BYTES = 4 * 1024;
const CLOSE_GRACE_MS = 1_500;

export interface ScrubbedStdioOptions {
  /** Absolute path of the program. */
  command: string;
  args: string[];
  /** The child's whole environment. */
  env: Record<string, string>;
  cwd: string;
  /** Largest single JSON-RPC message accepted from the child. */
  maxMessageBytes: number;
}

export class ScrubbedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;

  private child: ChildProcess | undefined;
  private readonly buffer: ReadBuffer;
  private stderrTail = '';
  private closed = false;

  constructor(private readonly options: ScrubbedStdioOptions) {
    this.buffer = new ReadBuffer({ maxBufferSize: options.maxMessageBytes });
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The end of what the child wrote to stderr (for error messages). */
  get stderr(): string {
    return this.stderrTail.trim();
  }

  start(): Promise<void> {
    if (this.child) throw new Error('ScrubbedStdioTransport already started');
    return new Promise((resolve, reject) => {
      const child = spawn(this.options.command, this.options.args, {
        env: this.options.env,
        cwd: this.options.cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
        shell: false,
        // Its own process group, so close() can stop whatever the server started too.
        detached: true,
        windowsHide: true,
      });
      this.child = child;
      child.once('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.once('spawn', () => resolve());
      child.once('close', (code, signal) => {
        this.child = undefined;
        if (!this.closed && (code !== 0 || signal)) {
          this.onerror?.(
            new Error(
              `The server process exited (${signal ?? `code ${code}`})${this.stderr ? `: ${this.stderr.slice(-500)}` : ''}`,
            ),
          );
        }
        this.closed = true;
        this.onclose?.();
      });
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => {
        try {
          this.buffer.append(chunk);
          for (;;) {
            const message = this.buffer.readMessage();
            if (message === null) break;
            this.onmessage?.(message);
          }
        } catch (error) {
          // Oversized or malformed output: the server is not speaking MCP within our limits.
          this.onerror?.(error instanceof Error ? error : new Error(String(error)));
          void this.close();
        }
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES);
      });
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin || stdin.destroyed) return reject(new Error('The server process is not running'));
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    const child = this.child;
    this.closed = true;
    this.buffer.clear();
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
    const wait = (ms: number) =>
      Promise.race([exited, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);
    child.stdin?.end();
    await wait(CLOSE_GRACE_MS);
    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      killGroup(child, signal);
      await wait(CLOSE_GRACE_MS);
    }
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}
