/**
 * Serves the built web app (apps/web/dist) with SPA fallback: a GET for a client route (/admin/users,
 * /results/42, ...) gets index.html; /api/* never falls back and answers 404 JSON instead. When the app has not
 * been built, GETs answer a plain message saying how to build it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const API_PREFIX = '/api';

export const WEB_NOT_BUILT_MESSAGE =
  'The web app has not been built yet. Run `npm run build` in the repository root, then reload this page.\n' +
  'The API is available under /api.\n';

function isApiPath(url: string): boolean {
  return url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);
}

export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<{ built: boolean }> {
  const indexFile = path.join(webDistDir, 'index.html');
  const built = existsSync(indexFile);

  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file; they are sent to clients that accept them.
      preCompressed: true,
      // Source maps are never served, even if a build left some behind.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders(reply, filePath) {
        // Vite fingerprints everything under assets/; index.html must always be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    if (isApiPath(url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ detail: `Not found: ${request.method} ${url.split('?')[0]}` });
    }
    if (!built) {
      return reply.code(503).type('text/plain; charset=utf-8').send(WEB_NOT_BUILT_MESSAGE);
    }
    // A missing file with an extension (e.g. /assets/old.js) is a real 404, not a client route.
    const pathname = url.split('?')[0] ?? '';
    if (path.extname(pathname) !== '') {
      return reply.code(404).send({ detail: `Not found: ${pathname}` });
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });

  return { built };
}
