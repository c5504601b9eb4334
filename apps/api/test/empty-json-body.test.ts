/**
 * Many HTTP clients send `Content-Type: application/json` on every call, including POSTs that carry no payload
 * (archive, logout): an empty body is read as `{}`, while a malformed one is still a 400.
 */
import { archiveResponseSchema } from '@qa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.js';
import { seedQuery } from './support/seed-queries.js';

describe('an empty JSON body', () => {
  let t: TestApp;
  let owner: TestUser;
  const json = { 'content-type': 'application/json' };

  beforeAll(async () => {
    t = await createTestApp({ name: 'pglite' });
    owner = await t.createUser();
  });
  afterAll(() => t.close());

  it('archives a query when the request says JSON and sends nothing', async () => {
    const seeded = await seedQuery(t.db, owner);
    const response = await t.request('POST', `/api/history/archive-query/${seeded.id}`, {
      token: owner.token,
      headers: json,
      body: '',
    });
    expect(response.statusCode).toBe(200);
    expect(archiveResponseSchema.parse(response.json())).toEqual({ is_archived: true });
  });

  it('logs out the same way', async () => {
    const user = await t.createUser();
    const response = await t.request('POST', '/api/auth/logout', {
      token: user.token,
      headers: json,
      body: '',
    });
    expect(response.statusCode).toBe(200);
  });

  it('still refuses malformed JSON and reads a body with fields as before', async () => {
    const malformed = await t.request('POST', '/api/auth/login', { headers: json, body: '{"email":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ detail: 'Malformed JSON in request body' });
    const empty = await t.request('POST', '/api/auth/login', { headers: json, body: '' });
    // {} reaches the route, which names the missing fields.
    expect(empty.statusCode).toBe(422);
    const poisoned = await t.request('POST', '/api/auth/login', {
      headers: json,
      body: '{"__proto__": {"admin": true}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });
});
