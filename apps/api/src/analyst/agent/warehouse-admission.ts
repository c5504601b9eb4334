/**
 * The agent's warehouse behind admission control and a result cache:
 * - every query takes a slot from the FairGate (bounded concurrency, round-robin across users, a clear refusal when
 *   the queue is full); the asker (from the async context) hears how many queries are ahead while it waits;
 * - results are cached by (warehouse build, row cap, guarded SQL): analysts ask the same questions and the recent
 *   list invites it. The build id changes when the warehouse file is replaced, so a rebuilt warehouse never
 *   answers from the old build's results. Without a build id (e.g. a PostgreSQL warehouse) nothing is cached.
 */
import { LRUCache } from 'lru-cache';
import { currentAsker } from '../../lib/asker-context.js';
import type { FairGate } from '../../lib/fair-gate.js';
import type { AgentResultSet, AgentWarehouse } from './agent-warehouse.js';

export interface ResultCacheOptions {
  /** Entries kept; 0 disables the cache. */
  maxEntries: number;
  /** Cached results are kept at most this long. */
  ttlMs?: number;
}

export interface AdmissionOptions {
  gate: FairGate;
  cache: ResultCacheOptions;
  /** Identifies the warehouse build; undefined = unknown, do not cache. */
  buildId?: () => string | undefined;
}

/** Rough size of a result in the cache (string lengths and 8 bytes per other value), to bound its memory. */
function resultSize(result: AgentResultSet): number {
  let size = 64;
  for (const row of result.rows) {
    for (const value of row) size += typeof value === 'string' ? value.length * 2 : 8;
  }
  return Math.max(1, size);
}

const ANONYMOUS = 'system';

export function admitted(
  inner: AgentWarehouse,
  options: AdmissionOptions,
): AgentWarehouse & {
  cacheStats(): { size: number; hits: number; misses: number };
} {
  const { gate } = options;
  const cache =
    options.cache.maxEntries > 0
      ? new LRUCache<string, AgentResultSet>({
          max: options.cache.maxEntries,
          // Results are capped by the row limit; 64 MB bounds the cache whatever they hold.
          maxSize: 64 * 1024 * 1024,
          sizeCalculation: resultSize,
          ttl: options.cache.ttlMs ?? 60 * 60 * 1000,
        })
      : undefined;
  let hits = 0;
  let misses = 0;

  return {
    ...inner,
    async query(sql, queryOptions) {
      const build = cache ? options.buildId?.() : undefined;
      const key = build === undefined ? undefined : `${build}\u0000${queryOptions.rowLimit}\u0000${sql}`;
      if (key !== undefined) {
        const cached = cache?.get(key);
        if (cached) {
          hits++;
          // A cache hit took no warehouse time; callers may mutate rows, so hand out a copy of the arrays.
          return { ...cached, rows: cached.rows.map((row) => [...row]), elapsedMs: 0 };
        }
        misses++;
      }
      const asker = currentAsker();
      const result = await gate.run(asker?.userId ?? ANONYMOUS, () => inner.query(sql, queryOptions), {
        ...(queryOptions.signal ? { signal: queryOptions.signal } : {}),
        ...(asker?.onQueued ? { onWait: asker.onQueued } : {}),
      });
      // Only cache when the build did not change while the query ran.
      if (key !== undefined && options.buildId?.() === build) {
        cache?.set(key, { ...result, rows: result.rows.map((row) => [...row]) });
      }
      return result;
    },
    cacheStats: () => ({ size: cache?.size ?? 0, hits, misses }),
  };
}
