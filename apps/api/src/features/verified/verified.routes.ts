/**
 * Verified answers and the review queue (admins only, enforced here before any body is read):
 * - POST /api/verified/queries/{id}   verify a saved question's reading (as given, an alternative, or a plan)
 * - POST /api/verified/{id}/revoke    take a verification back (marked, never deleted)
 * - GET  /api/verified                the active verifications, newest first
 * - GET  /api/review                  the review queue
 * - GET  /api/review/choices          the semantic model's choices for the correction form
 * - POST /api/review/queries/{id}/preview   a reading's answer, not saved
 * - GET  /api/review/queries/{id}/events    the review trail of a question
 * Any signed-in user sees the badges these make, on the answers themselves.
 */
import { previewRequestSchema, reviewQueueParamsSchema, verifyRequestSchema } from '@qa/contracts';
import type { FastifyInstance } from 'fastify';
import { abortOnDisconnect } from '../../lib/abort-on-disconnect.js';
import { currentUser } from '../../lib/auth-guard.js';
import { parseInput } from '../../lib/errors.js';
import type { VerifiedService } from './verified.service.js';

type IdParams = { Params: { id: string } };

export async function verifiedRoutes(app: FastifyInstance, { verified }: { verified: VerifiedService }) {
  const guard = { onRequest: app.requireAdmin };

  app.post<IdParams>('/queries/:id', guard, async (request, reply) => {
    const input = parseInput(verifyRequestSchema, request.body ?? {});
    const controller = abortOnDisconnect(reply);
    return verified.verify(currentUser(request), request.params.id, input, controller.signal);
  });

  app.post<IdParams>('/:id/revoke', guard, async (request) =>
    verified.revoke(currentUser(request), request.params.id),
  );

  app.get('/', guard, async () => verified.list());
}

export async function reviewRoutes(app: FastifyInstance, { verified }: { verified: VerifiedService }) {
  const guard = { onRequest: app.requireAdmin };

  app.get('/', guard, async (request) => verified.queue(parseInput(reviewQueueParamsSchema, request.query)));

  app.get('/choices', guard, async () => verified.choices());

  app.post<IdParams>('/queries/:id/preview', guard, async (request, reply) => {
    const input = parseInput(previewRequestSchema, request.body);
    const controller = abortOnDisconnect(reply);
    return verified.preview(currentUser(request), request.params.id, input, controller.signal);
  });

  app.get<IdParams>('/queries/:id/events', guard, async (request) =>
    verified.events(currentUser(request), request.params.id),
  );
}
