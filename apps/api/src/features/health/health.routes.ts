import type { FastifyInstance } from 'fastify';

/** Liveness and database reachability, for scripts and the benchmark. */
export async function healthRoutes(app: FastifyInstance, { ping }: { ping: () => Promise<void> }) {
  app.get('/health', async () => {
    await ping();
    return { status: 'ok' };
  });
}
