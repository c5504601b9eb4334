import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AppError,
  formatZodError,
  parseInput,
  registerErrorHandling,
  SHARED_STATE_UNAVAILABLE_DETAIL,
} from './errors.js';
import { LogRing } from './log-ring.js';
import { createLogger } from './logger.js';

function appWith(handler: () => unknown) {
  const ring = new LogRing();
  const logger = createLogger({ level: 'info', ring, stdout: false }) as FastifyBaseLogger;
  const app = Fastify({ loggerInstance: logger });
  registerErrorHandling(app);
  app.get('/boom', async () => handler());
  return { app, ring };
}

describe('the error handler', () => {
  it.each([
    [AppError.badRequest('bad'), 400],
    [AppError.unauthorized(), 401],
    [AppError.forbidden('no'), 403],
    [AppError.notFound('gone'), 404],
    [AppError.conflict('taken'), 409],
    [AppError.unprocessable('odd'), 422],
    [AppError.tooManyRequests('slow down', 12.2), 429],
    [new AppError('internal', 'broken'), 500],
  ])('maps %s to its status with { detail }', async (error, status) => {
    const { app } = appWith(() => {
      throw error;
    });
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ detail: error.detail });
    if (status === 429) expect(response.headers['retry-after']).toBe('13');
    if (status === 401) expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  it('answers an unexpected error with a generic 500 and logs it with context', async () => {
    const { app, ring } = appWith(() => {
      throw new Error('database password is hunter2');
    });
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Internal server error' });
    const logged = ring.recent().find((entry) => entry.level === 'error');
    expect(logged?.msg).toBe('Unhandled error while handling request');
    expect(logged?.context).toMatchObject({ method: 'GET', url: '/boom' });
  });

  it.each(['Command timed out', "Stream isn't writeable and enableOfflineQueue options is false"])(
    'answers 503 with Retry-After when Redis does not answer: %s',
    async (message) => {
      const { app } = appWith(() => {
        throw new Error(message);
      });
      const response = await app.inject({ method: 'GET', url: '/boom' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('2');
      expect(response.json()).toEqual({ detail: SHARED_STATE_UNAVAILABLE_DETAIL });
    },
  );

  it('answers 422 naming the fields of a zod failure', async () => {
    const schema = z.object({ email: z.string(), age: z.number().min(18, 'Too young') });
    const { app } = appWith(() => parseInput(schema, { age: 3 }));
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ detail: 'email: Field required; age: Too young' });
  });
});

describe('formatZodError', () => {
  it('names nested fields with dots and the body for root problems', () => {
    const nested = z.object({ a: z.object({ b: z.string() }) }).safeParse({ a: { b: 1 } });
    expect(formatZodError(nested.error!)).toBe('a.b: Invalid input: expected string, received number');
    const root = z.object({}).safeParse([]);
    expect(formatZodError(root.error!)).toMatch(/^body: /);
  });
});
