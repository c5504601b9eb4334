/**
 * The questions' routes:
 * - /api/query, /api/query/v2 (ask), /api/query/{id}/alternatives/{index} ("Did you mean": answer another
 *   reading of a saved question) and /api/query/feedback;
 * - /api/history/...: recent prompts, the history list, a query's detail, archive and comments;
 * - the live progress feed /api/ws/progress?channel=<id> (authenticated like /api/ws/logs; messages
 *   {message, stage, timestamp, query_id}; `{"message":"ping"}` every 25 s).
 */
import {
  chooseAlternativeRequestSchema,
  createCommentRequestSchema,
  feedbackRequestSchema,
  LIVE_FEED_PING,
  type LiveFeedMessage,
  queryHistoryParamsSchema,
  queryRequestSchema,
  recentPromptsParamsSchema,
  runEditedSqlRequestSchema,
} from '@qa/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { abortOnDisconnect } from '../../lib/abort-on-disconnect.js';
import { currentUser } from '../../lib/auth-guard.js';
import { registerAuthenticatedSocket } from '../../lib/authenticated-socket.js';
import { parseInput } from '../../lib/errors.js';
import type { ProgressHub } from './progress-hub.js';
import type { QuestionsService } from './questions.service.js';

export const PROGRESS_PING_MS = 25_000;
const MAX_CHANNEL_LENGTH = 100;
/** A slow client is skipped rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 256 * 1024;

type IdParams = { Params: { id: string } };

const alternativeParamsSchema = z.object({
  id: z.string(),
  index: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(0),
});

export async function queryRoutes(app: FastifyInstance, { questions }: { questions: QuestionsService }) {
  const guard = { onRequest: app.requireUser };

  const ask = (version: 'v1' | 'v2') =>
    app.post(version === 'v1' ? '/' : '/v2', guard, async (request, reply) => {
      const input = parseInput(queryRequestSchema, request.body);
      const controller = abortOnDisconnect(reply);
      return questions.ask(currentUser(request), input, controller.signal);
    });
  ask('v1');
  ask('v2');

  app.post('/:id/alternatives/:index', guard, async (request, reply) => {
    const { id, index } = parseInput(alternativeParamsSchema, request.params);
    const input = parseInput(chooseAlternativeRequestSchema, request.body);
    const controller = abortOnDisconnect(reply);
    return questions.chooseAlternative(currentUser(request), id, { index, input }, controller.signal);
  });

  // SQL the user edited, run as written and saved as a new query (docs/product.md#sql-you-write).
  app.post<IdParams>('/:id/sql', guard, async (request, reply) => {
    const input = parseInput(runEditedSqlRequestSchema, request.body);
    const controller = abortOnDisconnect(reply);
    return questions.runEditedSql(currentUser(request), request.params.id, input, controller.signal);
  });

  app.post('/feedback', guard, async (request) =>
    questions.submitFeedback(currentUser(request), parseInput(feedbackRequestSchema, request.body)),
  );
}

export async function historyRoutes(app: FastifyInstance, { questions }: { questions: QuestionsService }) {
  const guard = { onRequest: app.requireUser };

  app.get('/recent-prompts', guard, async (request) =>
    questions.recentPrompts(currentUser(request), parseInput(recentPromptsParamsSchema, request.query).scope),
  );

  app.get('/query-history', guard, async (request) =>
    questions.history(currentUser(request), parseInput(queryHistoryParamsSchema, request.query)),
  );

  app.get<IdParams>('/queries/:id', guard, async (request) =>
    questions.detail(currentUser(request), request.params.id),
  );

  app.post<IdParams>('/archive-query/:id', guard, async (request) =>
    questions.toggleArchive(currentUser(request), request.params.id),
  );

  app.get<IdParams>('/comments/:id', guard, async (request) =>
    questions.comments(currentUser(request), request.params.id),
  );

  app.post<IdParams>('/comments/:id', guard, async (request, reply) => {
    const body = parseInput(createCommentRequestSchema, request.body);
    const comment = await questions.addComment(currentUser(request), request.params.id, body.comment_text);
    return reply.code(201).send(comment);
  });

  app.delete<IdParams>('/comments/:id', guard, async (request) => {
    await questions.removeComment(currentUser(request), request.params.id);
    return { deleted: true };
  });
}

export async function progressRoutes(
  app: FastifyInstance,
  { hub, pingMs = PROGRESS_PING_MS }: { hub: ProgressHub; pingMs?: number },
) {
  registerAuthenticatedSocket(app, {
    path: '/ws/progress',
    role: 'user',
    onOpen(socket, user, request, session) {
      const channel = (request.query as { channel?: unknown }).channel;
      if (typeof channel !== 'string' || channel.length === 0 || channel.length > MAX_CHANNEL_LENGTH) {
        socket.close(1008, 'A channel query parameter (1-100 characters) is required');
        return undefined;
      }
      const send = (message: LiveFeedMessage) => {
        if (!session.isActive()) return;
        if (socket.readyState !== socket.OPEN || socket.bufferedAmount > MAX_BUFFERED_BYTES) return;
        socket.send(JSON.stringify(message));
      };
      const unsubscribe = hub.subscribe(user.id, channel, send);
      const ping = setInterval(() => send({ message: LIVE_FEED_PING }), pingMs);
      ping.unref();
      return () => {
        clearInterval(ping);
        unsubscribe();
      };
    },
  });
}
