/**
 * /api/chat: GET /models, POST /message/stream (server-sent events), POST /message (the same turn,
 * answered whole), GET /history/{session_id}, GET /sessions (?q= searches), PATCH and DELETE /sessions/{id}. A client that goes away (Stop Generating, a closed
 * tab) aborts the model call.
 */
import {
  type ChatStreamEvent,
  chatRequestSchema,
  chatSessionRenameSchema,
  chatSessionsQuerySchema,
} from '@qa/contracts';
import type { FastifyInstance } from 'fastify';
import { abortOnDisconnect } from '../../lib/abort-on-disconnect.js';
import { currentUser } from '../../lib/auth-guard.js';
import { parseInput } from '../../lib/errors.js';
import type { ChatService } from './chat.service.js';
import { SseWriter } from './sse.js';

type SessionParams = { Params: { sessionId: string } };

export async function chatRoutes(app: FastifyInstance, { chat }: { chat: ChatService }) {
  const guard = { onRequest: app.requireUser };

  app.get('/models', guard, async () => chat.models());

  app.post('/message/stream', guard, async (request, reply) => {
    const input = parseInput(chatRequestSchema, request.body);
    // Refusals (unknown model, budget, someone else's session) are ordinary HTTP errors, before the stream.
    const turn = await chat.prepare(currentUser(request), input);
    const controller = abortOnDisconnect(reply);
    const sse = new SseWriter(reply);
    try {
      await chat.run(turn, (event) => sse.send(event), controller.signal);
    } catch (error) {
      request.log.error({ err: error }, 'Chat stream failed');
      await sse.send({
        type: 'error',
        message: 'The answer failed on the server.',
      } satisfies ChatStreamEvent);
    } finally {
      sse.end();
    }
  });

  app.post('/message', guard, async (request, reply) => {
    const input = parseInput(chatRequestSchema, request.body);
    const turn = await chat.prepare(currentUser(request), input);
    const controller = abortOnDisconnect(reply);
    let usage: Extract<ChatStreamEvent, { type: 'usage_update' }>['usage'] | undefined;
    const message = await chat.run(
      turn,
      (event) => {
        if (event.type === 'usage_update') usage = event.usage;
      },
      controller.signal,
    );
    return { message, ...(usage ? { usage } : {}) };
  });

  app.get('/history/:sessionId', guard, async (request) =>
    chat.history(currentUser(request), (request.params as { sessionId: string }).sessionId),
  );

  app.get('/sessions', guard, async (request) => {
    const { q } = parseInput(chatSessionsQuerySchema, request.query);
    return { sessions: await chat.sessions(currentUser(request), q || undefined) };
  });

  app.patch<SessionParams>('/sessions/:sessionId', guard, async (request) => {
    const { title } = parseInput(chatSessionRenameSchema, request.body);
    return chat.rename(currentUser(request), request.params.sessionId, title);
  });

  app.post<SessionParams>('/sessions/:sessionId/share', guard, async (request) =>
    chat.share(currentUser(request), request.params.sessionId),
  );

  app.get<{ Params: { shareId: string } }>('/shared/:shareId', guard, async (request) =>
    chat.shared(currentUser(request), request.params.shareId),
  );

  app.delete<SessionParams>('/sessions/:sessionId', guard, async (request, reply) => {
    await chat.remove(currentUser(request), request.params.sessionId);
    return reply.code(204).send();
  });
}
