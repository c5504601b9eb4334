/**
 * The main-thread side of pglite-worker.mjs: an object with the slice of PGlite's API the Kysely dialect uses
 * (query, close, closed, waitReady), whose queries run in the worker thread. Rows and parameters cross the thread
 * boundary by structured clone, so Dates, Uint8Arrays and parsed JSON arrive as they left.
 */
import { Worker } from 'node:worker_threads';

export interface PGliteQueryResult<R> {
  rows: R[];
  command?: string | undefined;
  rowCount?: number | undefined;
  affectedRows?: number | undefined;
}

/** What the dialect needs from a PGlite instance, in-process or in a worker. */
export interface PGliteLike {
  readonly closed: boolean;
  readonly waitReady: Promise<void>;
  query<R>(sql: string, params?: unknown[], options?: { rowMode?: 'object' }): Promise<PGliteQueryResult<R>>;
  close(): Promise<void>;
}

/** A PostgreSQL error from the worker, with its SQLSTATE `code` (e.g. '23505') and details kept. */
export class PGliteWorkerError extends Error {
  code?: string;
  detail?: string;
  constraint?: string;
  constructor(fields: { message: string } & Record<string, unknown>) {
    super(fields.message);
    this.name = 'DatabaseError';
    Object.assign(this, fields);
  }
}

type Reply =
  | { op: 'ready' }
  | { op: 'failed'; error: { message: string } }
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { message: string } & Record<string, unknown> };

export class PGliteWorkerClient implements PGliteLike {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private exited = false;
  closed = false;
  readonly waitReady: Promise<void>;

  private constructor(directory: string) {
    this.worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { directory } });
    this.waitReady = new Promise<void>((resolve, reject) => {
      this.worker.on('message', (reply: Reply) => {
        if ('op' in reply) {
          if (reply.op === 'ready') resolve();
          else reject(new PGliteWorkerError(reply.error));
          return;
        }
        const waiter = this.pending.get(reply.id);
        if (!waiter) return;
        this.pending.delete(reply.id);
        if (reply.ok) waiter.resolve(reply.result);
        else waiter.reject(new PGliteWorkerError(reply.error));
      });
      this.worker.on('error', (error) => {
        reject(error);
        this.failAll(error);
      });
      this.worker.on('exit', (code) => {
        this.exited = true;
        this.closed = true;
        const error = new Error(`The app database worker stopped (exit code ${code})`);
        reject(error);
        this.failAll(error);
      });
    });
  }

  /** Starts the worker and waits until PGlite has opened the directory. */
  static async create(directory: string): Promise<PGliteWorkerClient> {
    const client = new PGliteWorkerClient(directory);
    await client.waitReady;
    return client;
  }

  private failAll(error: Error) {
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }

  private send<T>(message: Record<string, unknown>): Promise<T> {
    if (this.exited) return Promise.reject(new Error('The app database worker has stopped'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  query<R>(sql: string, params: unknown[] = []): Promise<PGliteQueryResult<R>> {
    return this.send<PGliteQueryResult<R>>({ op: 'query', sql, params });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.send({ op: 'close' });
    } finally {
      // The worker closes its port after answering; make sure it is gone either way.
      await this.worker.terminate().catch(() => undefined);
    }
  }
}
