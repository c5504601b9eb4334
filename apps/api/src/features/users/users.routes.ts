import {
  createUserRequestSchema,
  type MessageResponse,
  requestPasswordResetSchema,
  setPasswordRequestSchema,
  type TotalUsageResponse,
  type UsageResponse,
  type User,
  updateUserRequestSchema,
} from '@qa/contracts';
import type { FastifyInstance } from 'fastify';
import { bearerToken, currentUser } from '../../lib/auth-guard.js';
import { parseInput } from '../../lib/errors.js';
import type { UsersService } from './users.service.js';

type IdParams = { Params: { id: string } };

export async function usersRoutes(app: FastifyInstance, { users }: { users: UsersService }) {
  const admin = { onRequest: app.requireAdmin };

  app.get('/', admin, async (): Promise<User[]> => users.list());

  app.post('/', admin, async (request, reply): Promise<User> => {
    const body = parseInput(createUserRequestSchema, request.body);
    reply.code(201);
    return users.create(body, currentUser(request));
  });

  app.get('/usage/total', admin, async (): Promise<TotalUsageResponse> => users.totalUsage());

  app.put<IdParams>('/:id', admin, async (request): Promise<User> => {
    const body = parseInput(updateUserRequestSchema, request.body);
    return users.update(request.params.id, body, currentUser(request));
  });

  app.delete<IdParams>(
    '/:id',
    admin,
    async (request): Promise<MessageResponse> => users.remove(request.params.id, currentUser(request)),
  );

  app.get<IdParams>(
    '/:id/usage',
    admin,
    async (request): Promise<UsageResponse> => users.usage(request.params.id),
  );

  // Public: the reset-password screen and the admin's Reset Password action share this endpoint.
  app.post('/request-password-reset', async (request): Promise<MessageResponse> => {
    const body = parseInput(requestPasswordResetSchema, request.body);
    return users.requestPasswordReset(body.email, {
      address: request.ip,
      byAdmin: await isAdmin(app, request),
    });
  });

  app.post('/set-password', async (request): Promise<MessageResponse> => {
    const body = parseInput(setPasswordRequestSchema, request.body);
    return users.setPassword(body.token, body.new_password);
  });
}

async function isAdmin(app: FastifyInstance, request: Parameters<typeof currentUser>[0]): Promise<boolean> {
  const token = bearerToken(request.headers.authorization);
  if (!token) return false;
  const result = await app.authenticator.authenticate(token);
  return result.ok && result.user.role === 'admin';
}
