import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger.js';
import { MAX_OUTPUT_BYTES, StdioMcpConnection, truncateUtf8 } from './mcp-connection.js';
import { McpProcesses } from './mcp-processes.js';
import { BoundedLineReader, CUT_RESULT_META, cutResult } from './stdio-transport.js';

const TEST_SERVER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test/fixtures/mcp/test-stdio-server.mjs',
);
const spec = (args: string[]) => ({
  command: process.execPath,
  args,
  env: { PATH: process.env.PATH ?? '' },
  cwd: path.dirname(TEST_SERVER),
});

describe('a stdio MCP connection', () => {
  const open: StdioMcpConnection[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((connection) => connection.close()));
  });

  it('gives up on a server that does not start in time, and says so', async () => {
    const silent = new StdioMcpConnection(spec(['-e', 'setInterval(() => {}, 1000)']), {
      startTimeoutMs: 300,
      callTimeoutMs: 1000,
    });
    open.push(silent);
    await silent.start();
    expect(silent.status).toBe('error');
    expect(silent.error).toMatch(/did not start within 0.3 s/);
    expect(silent.pid).toBeUndefined();
  });

  it('reports a server that exits with its stderr', async () => {
    const crashing = new StdioMcpConnection(
      spec(['-e', 'console.error("boom: missing key"); process.exit(3)']),
    );
    open.push(crashing);
    await crashing.start();
    expect(crashing.status).toBe('error');
    expect(crashing.error).toMatch(/boom: missing key/);
  });

  it('bounds a call by time and its output by size', async () => {
    const connection = new StdioMcpConnection(spec([TEST_SERVER]), {
      startTimeoutMs: 10_000,
      callTimeoutMs: 300,
    });
    open.push(connection);
    await connection.start();
    expect(connection.status).toBe('connected');
    const pid = connection.pid!;
    const slow = await connection.callTool('slow', { ms: 3000 });
    expect(slow.is_error).toBe(true);
    expect(slow.content).toBe(
      'The tool call took longer than 0.3 s: the server was stopped, and starts again on its next use.',
    );
    // Its process is gone, not left working on the call.
    expect(connection.status).toBe('stopped');
    expect(() => process.kill(pid, 0)).toThrow();

    const again = new StdioMcpConnection(spec([TEST_SERVER]), { startTimeoutMs: 10_000, callTimeoutMs: 300 });
    open.push(again);
    await again.start();
    const quick = await again.callTool('add', { a: 2, b: 3 });
    expect(quick).toEqual({ content: '5', truncated: false, is_error: false });
    const big = await again.callTool('big_output', { kilobytes: 200 });
    expect(big.truncated).toBe(true);
    expect(big.content).toMatch(/\[output truncated: 204800 bytes, limit 102400\]$/);
  });

  it('cuts text on a character boundary', () => {
    const { text, truncated } = truncateUtf8('é'.repeat(MAX_OUTPUT_BYTES), 5);
    expect(truncated).toBe(true);
    expect(text.startsWith('éé\n')).toBe(true);
  });
});

describe('reading a server’s output with bounded memory', () => {
  const read = (maxLine: number, chunks: string[]) => {
    const lines: string[] = [];
    const oversized: { head: string; tail: string; total: number }[] = [];
    const reader = new BoundedLineReader(
      maxLine,
      8,
      (line) => lines.push(line),
      (head, tail, total) => oversized.push({ head: head.toString(), tail: tail.toString(), total }),
    );
    for (const chunk of chunks) reader.push(Buffer.from(chunk));
    return { lines, oversized };
  };

  it('splits lines across chunks and reports an oversized one by its ends and size only', () => {
    expect(read(100, ['{"a":', '1}\n{"b"', ':2}\r\n\n'])).toEqual({
      lines: ['{"a":1}', '{"b":2}'],
      oversized: [],
    });
    const { lines, oversized } = read(16, ['0123456789', 'abcdefghij', 'klmnopqrst\nnext\n']);
    expect(lines).toEqual(['next']);
    expect(oversized).toEqual([{ head: '01234567', tail: '0123456789abcdefghijklmnopqrst', total: 30 }]);
  });

  it('turns an oversized result into one cut to its first text, with the size it had', () => {
    const text = `line\n"quoted" \u00e9 ${'z'.repeat(50)}`;
    const message = JSON.stringify({ result: { content: [{ type: 'text', text }] }, jsonrpc: '2.0', id: 7 });
    const bytes = Buffer.from(message);
    const cut = cutResult(bytes.subarray(0, 90), bytes.subarray(-20), bytes.length) as unknown as {
      id: number;
      result: { content: { text: string }[]; _meta: Record<string, number> };
    };
    expect(cut.id).toBe(7);
    expect(text.startsWith(cut.result.content[0]!.text)).toBe(true);
    expect(cut.result.content[0]!.text).toMatch(/^line\n"quoted" é z+$/);
    expect(cut.result._meta[CUT_RESULT_META]).toBe(bytes.length);
    // Not a result (a request or notification from the server): nothing to cut.
    const notification = Buffer.from(JSON.stringify({ jsonrpc: '2.0', method: 'x', params: { a: 'b' } }));
    expect(cutResult(notification, notification, notification.length)).toBeNull();
  });
});

describe('the per-user processes', () => {
  it('reuses a running server, keeps users apart, and stops idle servers', async () => {
    let now = Date.now();
    const processes = new McpProcesses(createLogger({ level: 'silent', stdout: false }), {
      idleStopMs: 60_000,
      now: () => now,
    });
    try {
      const a1 = await processes.connect('alice', 'tools', spec([TEST_SERVER]));
      const a2 = await processes.connect('alice', 'tools', spec([TEST_SERVER]));
      const b = await processes.connect('bob', 'tools', spec([TEST_SERVER]));
      expect(a2).toBe(a1);
      expect(b).not.toBe(a1);
      expect(b.pid).not.toBe(a1.pid);
      expect(processes.pids()).toHaveLength(2);
      expect(processes.peek('bob', 'tools')).toBe(b);
      expect(processes.peek('carol', 'tools')).toBeUndefined();

      now += 30_000;
      b.lastUsed = now;
      now += 45_000;
      await processes.sweep();
      expect(a1.status).toBe('stopped');
      expect(processes.peek('alice', 'tools')).toBeUndefined();
      expect(processes.peek('bob', 'tools')?.status).toBe('connected');
    } finally {
      await processes.closeAll();
    }
    expect(processes.pids()).toEqual([]);
  });
});
