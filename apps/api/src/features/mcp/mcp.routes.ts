/**
 * /api/mcp/...: the three list phases, one server, toggle, add and delete a custom server. Every
 * response with servers is `{ servers: McpServer[] }`; one server is the McpServer itself.
 */
import { mcpToggleRequestSchema } from '@qa/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../lib/auth-guard.js';
import { parseInput } from '../../lib/errors.js';
import type { McpService } from './mcp.service.js';

export async function mcpRoutes(app: FastifyInstance, { mcp }: { mcp: McpService }) {
  const guard = { onRequest: app.requireUser };

  app.get('/servers/static', guard, async () => ({ servers: mcp.listStatic() }));
  app.get('/servers/config', guard, async (request) => ({
    servers: await mcp.listConfig(currentUser(request)),
  }));
  app.get('/servers', guard, async (request) => ({ servers: await mcp.listLive(currentUser(request)) }));

  app.get('/servers/:id', guard, async (request) =>
    mcp.get(currentUser(request), (request.params as { id: string }).id),
  );

  app.post('/servers/:id/toggle', guard, async (request) => {
    const { enabled } = parseInput(mcpToggleRequestSchema, request.body);
    return mcp.toggle(currentUser(request), (request.params as { id: string }).id, enabled);
  });

  app.post('/servers/user', guard, async (request, reply) => {
    const body = (request.body ?? {}) as { name?: unknown; config?: unknown };
    const server = await mcp.addUserServer(currentUser(request), body);
    return reply.code(201).send(server);
  });

  app.delete('/servers/user/:id', guard, async (request) => {
    await mcp.deleteUserServer(currentUser(request), (request.params as { id: string }).id);
    return { message: 'Server deleted' };
  });
}
