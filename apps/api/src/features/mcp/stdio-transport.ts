/**
 * An MCP client transport over a child process's stdio, like the SDK's StdioClientTransport but with the
 * limits a server running other people's commands needs: the child gets exactly the environment it is given
 * (the SDK's transport always adds HOME, USER, SHELL, ...), the child runs in its own process group so closing
 * stops anything it started, and the last few KB of its stderr are kept to explain a failure.
 *
 * Output is read line by line with bounded memory: a message larger than maxMessageBytes is not buffered. If
 * it is a tool result, the reader keeps its first bytes and its last few (where the SDK writes the request id),
 * discards the rest as it arrives, and hands the client a result cut to those first bytes, marked with the
 * real size; anything else that large ends the connection. So 100 MB of output costs a pipe's worth of memory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { deserializeMessage, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

const STDERR_TAIL_BYTES = 4 * 1024;
const CLOSE_GRACE_MS = 1_500;
/** Bytes kept from the end of an oversized message, to find its id. */
const TAIL_BYTES = 1024;
/** `_meta` key of a result that was cut here: the size the server sent, in bytes. */
export const CUT_RESULT_META = 'query-agent/received_bytes';

/**
 * Splits stdout into lines without ever holding more than `maxLine` bytes of one (plus `headBytes` of an
 * oversized one).
 */
export class BoundedLineReader {
  private parts: Buffer[] = [];
  private size = 0;
  private oversized: { head: Buffer; tail: Buffer; total: number } | null = null;

  constructor(
    private readonly maxLine: number,
    private readonly headBytes: number,
    private readonly onLine: (line: string) => void,
    private readonly onOversized: (head: Buffer, tail: Buffer, total: number) => void,
  ) {}

  push(chunk: Buffer): void {
    let rest = chunk;
    for (;;) {
      const newline = rest.indexOf(10);
      const piece = newline < 0 ? rest : rest.subarray(0, newline);
      this.add(piece);
      if (newline < 0) return;
      this.endLine();
      rest = rest.subarray(newline + 1);
    }
  }

  clear(): void {
    this.parts = [];
    this.size = 0;
    this.oversized = null;
  }

  private add(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.oversized) {
      const o = this.oversized;
      o.total += piece.length;
      o.tail = Buffer.concat([o.tail, piece]).subarray(-TAIL_BYTES);
      return;
    }
    this.parts.push(piece);
    this.size += piece.length;
    if (this.size > this.maxLine) {
      const all = Buffer.concat(this.parts);
      this.oversized = {
        head: Buffer.from(all.subarray(0, this.headBytes)),
        tail: Buffer.from(all.subarray(-TAIL_BYTES)),
        total: all.length,
      };
      this.parts = [];
      this.size = 0;
    }
  }

  private endLine(): void {
    const oversized = this.oversized;
    const line = oversized ? '' : Buffer.concat(this.parts).toString('utf8').replace(/\r$/, '');
    this.clear();
    if (oversized) this.onOversized(oversized.head, oversized.tail, oversized.total);
    else if (line.trim()) this.onLine(line);
  }
}

/** The characters of a JSON string literal that was cut off, decoded as far as they go. */
export function partialJsonString(text: string): string {
  const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' };
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (char === '"') break;
    if (char !== '\\') {
      out += char;
      continue;
    }
    const next = text[i + 1];
    if (next === undefined) break;
    if (next === 'u') {
      const hex = text.slice(i + 2, i + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) break;
      out += String.fromCharCode(Number.parseInt(hex, 16));
      i += 5;
      continue;
    }
    out += escapes[next] ?? next;
    i += 1;
  }
  return out;
}

const ID_AT_END = /"id"\s*:\s*(\d+|"(?:[^"\\]|\\.)*")\s*\}\s*$/;
const ID_AT_START = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*(\d+|"(?:[^"\\]|\\.)*")/;

/**
 * A tool result cut to its first text, from the first and last bytes of an oversized response; null when the
 * message is not a recognisable result.
 */
export function cutResult(head: Buffer, tail: Buffer, total: number): JSONRPCMessage | null {
  const headText = head.toString('utf8').replace(/\uFFFD$/, '');
  const idText = ID_AT_END.exec(tail.toString('utf8'))?.[1] ?? ID_AT_START.exec(headText)?.[1];
  if (idText === undefined || !/"result"\s*:/.test(headText)) return null;
  const id = JSON.parse(idText) as string | number;
  const textStart = /"content"\s*:\s*\[\s*\{[^{}]*?"text"\s*:\s*"/.exec(headText);
  const text = textStart ? partialJsonString(headText.slice(textStart.index + textStart[0].length)) : '';
  return {
    jsonrpc: '2.0',
    id,
    result: { content: [{ type: 'text', text }], _meta: { [CUT_RESULT_META]: total } },
  } as JSONRPCMessage;
}

export interface ScrubbedStdioOptions {
  /** Absolute path of the program. */
  command: string;
  args: string[];
  /** The child's whole environment. */
  env: Record<string, string>;
  cwd: string;
  /** Largest single JSON-RPC message accepted from the child; a larger tool result is cut to cutResultBytes. */
  maxMessageBytes: number;
  cutResultBytes: number;
}

export class ScrubbedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;

  /** How the child ended: its exit code (null when killed by a signal) and signal. */
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;

  private child: ChildProcess | undefined;
  private readonly buffer: BoundedLineReader;
  private stderrTail = '';
  private closed = false;

  constructor(private readonly options: ScrubbedStdioOptions) {
    this.buffer = new BoundedLineReader(
      options.maxMessageBytes,
      options.cutResultBytes,
      (line) => this.onmessage?.(deserializeMessage(line)),
      (head, tail, total) => {
        const cut = cutResult(head, tail, total);
        if (cut) return this.onmessage?.(cut);
        throw new Error(
          `The server sent a message of ${total} bytes, over the ${options.maxMessageBytes} byte limit`,
        );
      },
    );
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
        this.exit = { code, signal };
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
          this.buffer.push(chunk);
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
