/** /api/history/...: recent prompts, the history list, a query's detail, archive and comments. */
import { createCommentRequestSchema, queryHistoryParamsSchema } from '@qa/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../lib/auth-guard.js';
import { parseInput } from '../../lib/errors.js';
import type { HistoryService } from './history.service.js';

type IdParams = { Params: { id: string } };

export async function historyRoutes(app: FastifyInstance, { history }: { history: HistoryService }) {
  const guard = { onRequest: app.requireUser };

  app.get('/recent-prompts', guard, async (request) => history.recentPrompts(currentUser(request)));

  app.get('/query-history', guard, async (request) =>
    history.history(currentUser(request), parseInput(queryHistoryParamsSchema, request.query)),
  );

  app.get<IdParams>('/queries/:id', guard, async (request) =>
    history.detail(currentUser(request), request.params.id),
  );

  app.post<IdParams>('/archive-query/:id', guard, async (request) =>
    history.toggleArchive(currentUser(request), request.params.id),
  );

  app.get<IdParams>('/comments/:id', guard, async (request) =>
    history.comments(currentUser(request), request.params.id),
  );

  app.post<IdParams>('/comments/:id', guard, async (request, reply) => {
    const body = parseInput(createCommentRequestSchema, request.body);
    const comment = await history.addComment(currentUser(request), request.params.id, body.comment_text);
    return reply.code(201).send(comment);
  });

  app.delete<IdParams>('/comments/:id', guard, async (request) => {
    await history.removeComment(currentUser(request), request.params.id);
    return { deleted: true };
  });
}
