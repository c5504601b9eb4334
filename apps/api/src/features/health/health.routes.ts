import type { FastifyInstance } from 'fastify';
import type { WarehouseState } from '../../lib/warehouse-lifecycle.js';

/**
 * Liveness (`/health`: the process and its database answer; includes how far the warehouse build has got) and
 * readiness (`/health/ready`: 503 until the warehouse can answer questions), for scripts, tests and the benchmark.
 */
export async function healthRoutes(
  app: FastifyInstance,
  { ping, warehouseStatus }: { ping: () => Promise<void>; warehouseStatus: () => WarehouseState },
) {
  app.get('/health', async () => {
    await ping();
    return { status: 'ok', warehouse: warehouseStatus() };
  });
  app.get('/health/ready', async (_request, reply) => {
    await ping();
    const warehouse = warehouseStatus();
    if (warehouse.state !== 'ready') reply.code(503).header('Retry-After', '10');
    return { status: warehouse.state === 'ready' ? 'ready' : 'starting', warehouse };
  });
}
