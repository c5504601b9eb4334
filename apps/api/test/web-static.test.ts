/** The built web app goes out precompressed (brotli or gzip, as the client accepts) and without source maps. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

describe('static web assets', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'qa-web-static-'));
    await mkdir(path.join(webDist, 'assets'), { recursive: true });
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    const file = path.join(webDist, 'assets', 'app-abc123.js');
    await writeFile(file, SCRIPT);
    await writeFile(`${file}.br`, brotliCompressSync(SCRIPT));
    await writeFile(`${file}.gz`, gzipSync(SCRIPT));
    await writeFile(`${file}.map`, '{"version":3,"sources":["secret.ts"]}');
    t = await createTestApp({ name: 'pglite' }, { env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the brotli file to clients that accept it, gzip to others, plain to the rest', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('never serves a source map, and a missing file is a JSON 404 like every other error', async () => {
    const missing = await get('/assets/app-abc123.js.map');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found: /assets/app-abc123.js.map' });
    expect((await get('/assets/app-abc123.js.map', 'br')).statusCode).toBe(404);
  });
});
