/**
 * The backstop behind the request schemas' storableText(): before any handler runs, every string in a request's
 * body, query and path parameters (keys included) is checked, and text the database cannot store (NUL, a lone
 * surrogate) is refused with 422 naming the field. The schemas say the same for the fields they know; this
 * catches what a schema leaves open (an MCP server's free-form config, a path parameter), so no such text ever
 * reaches a query and turns into a 500 after the work was done.
 */
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from '@qa/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/** The path of the first string (or key) that cannot be stored, or null. */
export function findUnstorableText(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (!isStorableText(key)) return [...path, '(a key)'];
      const found = findUnstorableText(inner, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

export function registerStorableInputCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const found = findUnstorableText(part);
      if (found) throw AppError.unprocessable(`${found.join('.') || 'body'}: ${UNSTORABLE_TEXT_MESSAGE}`);
    }
  });
}
