/**
 * The running stdio MCP servers, keyed by (user, server): a user's processes are never shared with or reachable
 * by another user. A server is started on first use, reused while its launch settings are unchanged, stopped
 * after IDLE_STOP_MS without use, and stopped at shutdown. A server that failed to start is not retried for
 * RETRY_AFTER_MS, so a broken config cannot make every request spawn a process. Process counts are capped per
 * user and in total.
 */
import type { Logger } from '../../lib/logger.js';
import { type LaunchSpec, StdioMcpConnection } from './mcp-connection.js';

export const IDLE_STOP_MS = 5 * 60_000;
export const RETRY_AFTER_MS = 30_000;
export const MAX_PROCESSES_PER_USER = 5;
export const MAX_PROCESSES = 100;
const SWEEP_EVERY_MS = 30_000;

interface Entry {
  connection: StdioMcpConnection;
  fingerprint: string;
}

export class McpProcesses {
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly logger: Logger,
    private readonly options: { idleStopMs?: number; now?: () => number } = {},
  ) {
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  private key(userId: string, serverId: string) {
    return `${userId}\u0000${serverId}`;
  }

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  /** The user's connection to a server, if one exists (running, starting or failed). */
  peek(userId: string, serverId: string): StdioMcpConnection | undefined {
    return this.entries.get(this.key(userId, serverId))?.connection;
  }

  /** Starts (or reuses) the user's server; resolves once it is connected or has failed. */
  async connect(userId: string, serverId: string, spec: LaunchSpec): Promise<StdioMcpConnection> {
    const key = this.key(userId, serverId);
    const fingerprint = JSON.stringify(spec);
    const existing = this.entries.get(key);
    if (existing && existing.fingerprint === fingerprint) {
      const { connection } = existing;
      const retry =
        connection.status === 'stopped' ||
        (connection.status === 'error' && this.now() - connection.startedAt > RETRY_AFTER_MS);
      if (!retry) {
        connection.lastUsed = this.now();
        await connection.start();
        return connection;
      }
    }
    if (existing) await this.stop(userId, serverId);

    const running = [...this.entries.entries()].filter(([, entry]) => entry.connection.status !== 'stopped');
    const mine = running.filter(([k]) => k.startsWith(`${userId}\u0000`)).length;
    if (mine >= MAX_PROCESSES_PER_USER || running.length >= MAX_PROCESSES) {
      const refused = new StdioMcpConnection(spec);
      refused.status = 'error';
      refused.error =
        mine >= MAX_PROCESSES_PER_USER
          ? `At most ${MAX_PROCESSES_PER_USER} of your MCP servers can run at once; turn one off.`
          : 'Too many MCP servers are running on this server; try again later.';
      return refused;
    }

    const connection = new StdioMcpConnection(spec);
    this.entries.set(key, { connection, fingerprint });
    await connection.start();
    if (connection.status === 'connected') {
      this.logger.info({ server_id: serverId, user_id: userId, pid: connection.pid }, 'MCP server started');
    } else {
      this.logger.warn(
        { server_id: serverId, user_id: userId, error: connection.error },
        'MCP server failed to start',
      );
    }
    return connection;
  }

  async stop(userId: string, serverId: string): Promise<void> {
    const key = this.key(userId, serverId);
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    await entry.connection.close();
  }

  /** Stops servers idle for longer than the idle limit. */
  async sweep(): Promise<void> {
    const limit = this.options.idleStopMs ?? IDLE_STOP_MS;
    const idle = [...this.entries.entries()].filter(
      ([, entry]) =>
        entry.connection.status === 'connected' && this.now() - entry.connection.lastUsed > limit,
    );
    await Promise.all(
      idle.map(async ([key, entry]) => {
        this.entries.delete(key);
        this.logger.info({ pid: entry.connection.pid }, 'MCP server stopped after being idle');
        await entry.connection.close();
      }),
    );
  }

  /** Process ids of running servers (for tests and diagnostics). */
  pids(): number[] {
    return [...this.entries.values()].flatMap((entry) =>
      entry.connection.pid ? [entry.connection.pid] : [],
    );
  }

  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    const all = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(all.map((entry) => entry.connection.close()));
  }
}
