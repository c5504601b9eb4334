import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../src/app.js';
import { WEB_NOT_BUILT_MESSAGE } from '../src/lib/web-app.js';
import { createTestApp, type TestApp, testBackends } from './helpers/test-app.js';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';

describe.each(testBackends())('HTTP behaviour on $name', (backend) => {
  let t: TestApp;
  let bare: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'qa-web-dist-'));
    await mkdir(path.join(webDist, 'assets'), { recursive: true });
    await writeFile(path.join(webDist, 'index.html'), INDEX_HTML);
    await writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    await writeFile(path.join(webDist, 'favicon.svg'), '<svg/>');
    t = await createTestApp(backend, { env: { WEB_DIST_DIR: webDist } });
    bare = await createTestApp(backend);
  });
  afterAll(async () => {
    await t.close();
    await bare.close();
    await rm(webDist, { recursive: true, force: true });
  });

  describe('the web app', () => {
    it.each(['/', '/login', '/admin/users', '/results/42?tab=sql', '/reset-password?token=abc'])(
      'serves index.html for the client route %s',
      async (url) => {
        const response = await t.request('GET', url);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/text\/html/);
        expect(response.body).toBe(INDEX_HTML);
        expect(response.headers['cache-control']).toBe('no-cache');
      },
    );

    it('serves fingerprinted assets as immutable and other files as they are', async () => {
      const asset = await t.request('GET', '/assets/app-abc123.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await t.request('GET', '/favicon.svg')).statusCode).toBe(200);
    });

    it('answers 404 for a missing file rather than the app', async () => {
      expect((await t.request('GET', '/assets/gone-123.js')).statusCode).toBe(404);
    });

    it('says how to build the app when it has not been built', async () => {
      const response = await bare.request('GET', '/admin/users');
      expect(response.headers['content-type']).toMatch(/text\/plain/);
      expect(response.body).toBe(WEB_NOT_BUILT_MESSAGE);
      expect(response.body).toContain('npm run build');
    });
  });

  describe('/api', () => {
    it.each([
      ['GET', '/api/nothing'],
      ['POST', '/api/users/x/y/z'],
      ['GET', '/api'],
      ['DELETE', '/somewhere'],
    ])('answers 404 JSON for %s %s', async (method, url) => {
      const response = await t.request(method, url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json().detail).toMatch(/^Not found/);
    });

    it('answers 413 for a body over the limit', async () => {
      const response = await t.request('POST', '/api/auth/login', {
        body: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(BODY_LIMIT_BYTES) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ detail: 'Request body is too large' });
    });

    it('answers 415 JSON for an unsupported content type', async () => {
      const response = await t.request('POST', '/api/auth/login', {
        body: 'email=a',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().detail).toBeTruthy();
    });

    it('reports the health of the app and its database, and the warehouse state', async () => {
      const response = await t.request('GET', '/api/health');
      expect(response.json()).toMatchObject({ status: 'ok', warehouse: { state: 'ready' } });
      const ready = await t.request('GET', '/api/health/ready');
      expect(ready.statusCode).toBe(200);
    });
  });

  describe('headers and logging', () => {
    it('gives every response a request id, reusing a well-formed incoming one', async () => {
      const fresh = await t.request('GET', '/api/health');
      expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const reused = await t.request('GET', '/api/health', { headers: { 'x-request-id': 'trace-42' } });
      expect(reused.headers['x-request-id']).toBe('trace-42');
      const replaced = await t.request('GET', '/api/health', {
        headers: { 'x-request-id': 'bad id with spaces' },
      });
      expect(replaced.headers['x-request-id']).not.toBe('bad id with spaces');
    });

    it('sends security headers with a same-origin CSP on API and app responses', async () => {
      for (const url of ['/api/health', '/login']) {
        const response = await t.request('GET', url);
        const csp = String(response.headers['content-security-policy']);
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("frame-ancestors 'self'");
        expect(csp).toContain("object-src 'none'");
        expect(csp).not.toContain('upgrade-insecure-requests');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(response.headers['referrer-policy']).toBe('no-referrer');
      }
    });

    it('logs one line per request with the request id, scrubbing token query parameters', async () => {
      const response = await t.request('GET', '/reset-password?token=very-secret-value');
      const line = t.logRing.recent().find((entry) => entry.req_id === response.headers['x-request-id']);
      expect(line?.msg).toMatch(/^GET \/reset-password\?token=\[redacted\] 200 \d+ms$/);
      expect(JSON.stringify(t.logRing.recent())).not.toContain('very-secret-value');
    });
  });
});
