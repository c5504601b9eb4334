/**
 * The embedded DuckDB engine. The file is opened READ_ONLY with file and URL access disabled, autoloading off,
 * memory and thread limits, and the configuration locked, so no SQL can change those settings. Queries run on
 * DuckDB's own threads (off the Node event loop); each one borrows a connection from a small pool and is
 * interrupted at its timeout or when its AbortSignal fires. When the file is replaced (a rebuild or an import
 * renames a new file into place) the engine reopens it before the next query.
 */
import { statSync } from 'node:fs';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { DATASET_TABLES } from '../catalog/catalog.js';
import { queryObjects, readerToResult } from './duckdb-values.js';
import {
  CALENDAR_SQL,
  calendarFromRows,
  datasetStatusSql,
  describeWarehouse,
  distinctSource,
  runGuardedOn,
  runWithRowCap,
} from './shared.js';
import {
  type DatasetStatus,
  DEFAULT_ROW_LIMIT,
  DEFAULT_TIMEOUT_MS,
  type DistinctValuesOptions,
  type QueryOptions,
  type QueryResultSet,
  type Warehouse,
  type WarehouseCalendar,
  type WarehouseDescription,
  WarehouseError,
} from './types.js';

export interface DuckDbEngineOptions {
  path: string;
  /** DuckDB worker threads for all queries together (default 2). */
  threads?: number;
  /** e.g. '2GB' (default 3GB). */
  memoryLimit?: string;
  /** Queries running at once; others wait (default 4). */
  maxConcurrent?: number;
}

interface Opened {
  instance: DuckDBInstance;
  idle: DuckDBConnection[];
  identity: string;
  active: number;
}

const INTERRUPT_REPEAT_MS = 50;
/** Connections that were interrupted are closed rather than reused. */
const interrupted = new WeakSet<DuckDBConnection>();

function fileIdentity(path: string): string {
  const s = statSync(path);
  return `${s.ino}:${s.size}:${s.mtimeMs}`;
}

export class DuckDbWarehouse implements Warehouse {
  readonly kind = 'duckdb' as const;
  private current: Opened | undefined;
  private retired: Opened[] = [];
  private waiters: (() => void)[] = [];
  private running = 0;
  private closed = false;
  private opening: Promise<Opened> | undefined;

  constructor(private readonly options: DuckDbEngineOptions) {}

  static async open(options: DuckDbEngineOptions): Promise<DuckDbWarehouse> {
    const w = new DuckDbWarehouse(options);
    await w.instance();
    return w;
  }

  private async openInstance(): Promise<Opened> {
    let identity: string;
    try {
      identity = fileIdentity(this.options.path);
    } catch {
      throw new WarehouseError(
        'unavailable',
        `The warehouse file ${this.options.path} does not exist; build it with data:build.`,
      );
    }
    const instance = await DuckDBInstance.create(this.options.path, {
      access_mode: 'READ_ONLY',
      threads: String(this.options.threads ?? 2),
      memory_limit: this.options.memoryLimit ?? '3GB',
      enable_external_access: 'false',
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
      // Range joins against the small months table run fastest as nested loops.
      nested_loop_join_threshold: '128',
      lock_configuration: 'true',
    });
    return { instance, idle: [], identity, active: 0 };
  }

  /** The open instance, reopened first if the file was replaced and nothing is running on the old one. */
  private async instance(): Promise<Opened> {
    if (this.closed) throw new WarehouseError('unavailable', 'The warehouse is closed.');
    if (this.opening) return this.opening;
    const cur = this.current;
    if (cur) {
      let changed = false;
      try {
        changed = fileIdentity(this.options.path) !== cur.identity;
      } catch {
        changed = false;
      }
      if (!changed) return cur;
    }
    this.opening = this.openInstance().finally(() => {
      this.opening = undefined;
    });
    const next = await this.opening;
    if (cur) {
      this.retired.push(cur);
      this.reapRetired();
    }
    this.current = next;
    return next;
  }

  private reapRetired(): void {
    this.retired = this.retired.filter((o) => {
      if (o.active > 0) return true;
      for (const c of o.idle) c.closeSync();
      o.idle = [];
      o.instance.closeSync();
      return false;
    });
  }

  private async acquireSlot(signal?: AbortSignal): Promise<void> {
    const max = this.options.maxConcurrent ?? 4;
    while (this.running >= max) {
      await new Promise<void>((resolve, rejectWait) => {
        const onAbort = () => rejectWait(new WarehouseError('cancelled', 'The query was cancelled.'));
        signal?.addEventListener('abort', onAbort, { once: true });
        this.waiters.push(() => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        });
      });
    }
    this.running++;
  }

  private releaseSlot(): void {
    this.running--;
    this.waiters.shift()?.();
  }

  /** Runs `fn` on a pooled connection of the current instance. */
  private async withConnection<T>(
    fn: (conn: DuckDBConnection) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    await this.acquireSlot(signal);
    let opened: Opened | undefined;
    let conn: DuckDBConnection | undefined;
    try {
      opened = await this.instance();
      opened.active++;
      conn = opened.idle.pop() ?? (await opened.instance.connect());
      return await fn(conn);
    } finally {
      if (opened) {
        opened.active--;
        if (conn && interrupted.has(conn)) conn.closeSync();
        else if (conn) opened.idle.push(conn);
        if (this.retired.includes(opened)) this.reapRetired();
      }
      this.releaseSlot();
    }
  }

  async query(sql: string, options: QueryOptions = {}): Promise<QueryResultSet> {
    const rowLimit = options.rowLimit ?? DEFAULT_ROW_LIMIT;
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (options.signal?.aborted) throw new WarehouseError('cancelled', 'The query was cancelled.');
    const started = Date.now();
    return this.withConnection(async (conn) => {
      let reason: 'timeout' | 'cancelled' | undefined;
      let finished = false;
      // An interrupt that lands before DuckDB has started the statement is forgotten, so keep interrupting
      // until the statement has really stopped.
      let repeat: NodeJS.Timeout | undefined;
      const stop = (why: 'timeout' | 'cancelled') => {
        reason ??= why;
        interrupted.add(conn);
        conn.interrupt();
        repeat ??= setInterval(() => {
          if (!finished) conn.interrupt();
        }, INTERRUPT_REPEAT_MS);
      };
      const timer = setTimeout(() => stop('timeout'), timeoutMs);
      const onAbort = () => stop('cancelled');
      options.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        return await runWithRowCap(rowLimit, started, async (limit) => {
          const capped = `SELECT * FROM (\n${sql.replace(/[\s;]+$/u, '')}\n) AS capped_query LIMIT ${limit}`;
          const reader = await conn.streamAndReadUntil(capped, limit);
          return readerToResult(reader);
        });
      } catch (err) {
        if (reason === 'timeout') {
          throw new WarehouseError('timeout', `The query ran longer than ${timeoutMs} ms and was stopped.`, {
            cause: err,
          });
        }
        if (reason === 'cancelled')
          throw new WarehouseError('cancelled', 'The query was cancelled.', { cause: err });
        throw new WarehouseError('query_failed', cleanDuckDbMessage((err as Error).message), { cause: err });
      } finally {
        finished = true;
        clearTimeout(timer);
        if (repeat) clearInterval(repeat);
        options.signal?.removeEventListener('abort', onAbort);
      }
    }, options.signal);
  }

  async runGuarded(sql: string, options: QueryOptions = {}): Promise<QueryResultSet> {
    return runGuardedOn(this, sql, options);
  }

  private async internal<T = Record<string, unknown>>(sql: string): Promise<T[]> {
    return this.withConnection((conn) => queryObjects<T>(conn, sql));
  }

  async datasetStatus(): Promise<DatasetStatus[]> {
    const rows = await this.internal<Record<string, unknown>>(datasetStatusSql());
    return statusFromRow(rows[0] ?? {});
  }

  async calendar(): Promise<WarehouseCalendar> {
    return calendarFromRows(await this.internal<{ kind: string; value: string }>(CALENDAR_SQL));
  }

  async distinctValues(
    table: string,
    column: string,
    options: DistinctValuesOptions = {},
  ): Promise<unknown[]> {
    const { sql, params, fallbackSql } = distinctSource(table, column, options, (i) => `$${i}`);
    return this.withConnection(async (conn) => {
      // The internal source is missing in imported warehouses: read the contract table then.
      const reader = await conn.runAndReadAll(sql, params).catch((err) => {
        if (!fallbackSql) throw err;
        return conn.runAndReadAll(fallbackSql, params);
      });
      return readerToResult(reader).rows.map((r) => r[0]);
    });
  }

  async describe(): Promise<WarehouseDescription> {
    return describeWarehouse(this);
  }

  async meta(): Promise<Record<string, string>> {
    const rows = await this.internal<{ key: string; value: string }>('SELECT key, value FROM wh_meta');
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const o of [this.current, ...this.retired]) {
      if (!o) continue;
      for (const c of o.idle) c.closeSync();
      o.idle = [];
      o.instance.closeSync();
    }
    this.current = undefined;
    this.retired = [];
  }
}

function cleanDuckDbMessage(message: string): string {
  return message.replace(/\n\s*\n/g, '\n').trim();
}

export function statusFromRow(row: Record<string, unknown>): DatasetStatus[] {
  const s = (k: string) => String(row[k] ?? '');
  const tables = (names: readonly string[]) => names.map((name) => ({ name, rows: Number(row[name] ?? 0) }));
  return [
    {
      dataset: 'upc',
      earliest: s('upc_earliest'),
      latest: s('upc_latest'),
      tables: tables(DATASET_TABLES.upc),
    },
    {
      dataset: 'upc_forecast',
      earliest: s('forecast_earliest'),
      latest: s('forecast_latest'),
      tables: tables(DATASET_TABLES.upc_forecast),
    },
    {
      dataset: 'take_up',
      earliest: s('take_up_earliest'),
      latest: s('take_up_latest'),
      tables: tables(DATASET_TABLES.take_up),
    },
  ];
}
