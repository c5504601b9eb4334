/**
 * GET /api/metrics (admins): how responsive this process is and how busy its warehouse gate is, for the load
 * benchmark and for operators. Event-loop delay comes from perf_hooks.monitorEventLoopDelay (a histogram of how
 * late a 10 ms timer fires); `?reset=1` starts a new measurement window after reading.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { GateStats } from './fair-gate.js';

const NS_PER_MS = 1e6;

export function startEventLoopMonitor() {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  return {
    /** Delays in ms beyond the 10 ms sampling interval. */
    read() {
      const count = histogram.count;
      const ms = (ns: number) => Math.round((ns / NS_PER_MS) * 10) / 10;
      return {
        samples: count,
        p50_ms: count ? ms(histogram.percentile(50)) : 0,
        p99_ms: count ? ms(histogram.percentile(99)) : 0,
        max_ms: count ? ms(histogram.max) : 0,
        mean_ms: count ? ms(histogram.mean) : 0,
      };
    },
    reset: () => histogram.reset(),
    stop: () => histogram.disable(),
  };
}

export type EventLoopMonitor = ReturnType<typeof startEventLoopMonitor>;

export async function metricsRoutes(
  app: FastifyInstance,
  options: {
    monitor: EventLoopMonitor;
    gate: () => GateStats;
    cache: () => { size: number; hits: number; misses: number } | undefined;
  },
) {
  app.get('/metrics', { onRequest: app.requireAdmin }, async (request) => {
    const body = {
      pid: process.pid,
      event_loop_delay: options.monitor.read(),
      warehouse_gate: options.gate(),
      result_cache: options.cache() ?? null,
      memory_rss_mb: Math.round(process.memoryUsage().rss / 1024 / 1024),
    };
    if ((request.query as { reset?: string }).reset === '1') options.monitor.reset();
    return body;
  });
}
