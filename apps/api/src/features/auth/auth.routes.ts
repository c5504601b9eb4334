import { type AuthUser, loginRequestSchema, type MessageResponse } from '@qa/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../lib/auth-guard.js';
import { parseInput } from '../../lib/errors.js';
import type { AuthService } from './auth.service.js';

export async function authRoutes(app: FastifyInstance, { auth }: { auth: AuthService }) {
  app.post('/login', async (request) => {
    const body = parseInput(loginRequestSchema, request.body);
    return auth.login(body, request.ip);
  });

  app.get('/me', { onRequest: app.requireUser }, async (request): Promise<AuthUser> => {
    const { id, email, role } = currentUser(request);
    return { id, email, role };
  });

  app.post('/logout', { onRequest: app.requireUser }, async (request): Promise<MessageResponse> => {
    await auth.logout(currentUser(request));
    return { message: 'Signed out' };
  });

  // Ends every session of the signed-in user (every browser and device), e.g. after a lost laptop.
  app.post(
    '/logout-everywhere',
    { onRequest: app.requireUser },
    async (request): Promise<MessageResponse> => {
      await auth.logoutEverywhere(currentUser(request));
      return { message: 'Signed out everywhere' };
    },
  );
}
