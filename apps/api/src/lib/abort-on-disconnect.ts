import type { FastifyReply } from 'fastify';

/**
 * An AbortController that fires when the client goes away (Stop Generating, a closed tab) before the response
 * is complete, so the model call and the warehouse query behind it stop instead of running for nobody.
 */
export function abortOnDisconnect(reply: FastifyReply): AbortController {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('The client disconnected'));
  });
  return controller;
}
