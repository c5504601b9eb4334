import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testBackends, uniqueEmail } from './helpers/test-app.js';

describe.each(testBackends())('throttling on $name', (backend) => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestApp(backend, {
      overrides: {
        now: () => clock,
        loginThrottle: {
          perEmail: { limit: 3, windowMs: 60_000 },
          perAddress: { limit: 6, windowMs: 60_000 },
        },
        resetThrottle: {
          perEmail: { limit: 2, windowMs: 60_000 },
          perAddress: { limit: 100, windowMs: 60_000 },
        },
      },
    });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

  it('answers 429 with Retry-After after repeated failures for one e-mail, for a while only', async () => {
    const user = await t.createUser();
    for (let i = 0; i < 3; i++) expect((await login(user.email, 'Wrong-Passw0rd')).statusCode).toBe(401);
    const blocked = await login(user.email, user.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/Too many failed sign-in attempts/);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    clock += 61_000;
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('clears the e-mail count on success', async () => {
    const user = await t.createUser();
    for (let i = 0; i < 2; i++) await login(user.email, 'Wrong-Passw0rd', '10.0.0.2');
    expect((await login(user.email, user.password, '10.0.0.2')).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      expect((await login(user.email, 'Wrong-Passw0rd', '10.0.0.2')).statusCode).toBe(401);
    }
    clock += 61_000;
  });

  it('throttles one address trying many e-mails', async () => {
    for (let i = 0; i < 6; i++) {
      expect((await login(uniqueEmail('spray'), 'Wrong-Passw0rd', '10.0.0.3')).statusCode).toBe(401);
    }
    const blocked = await login(uniqueEmail('spray'), 'Wrong-Passw0rd', '10.0.0.3');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await login(uniqueEmail('spray'), 'Wrong-Passw0rd', '10.0.0.4')).statusCode).toBe(401);
    clock += 61_000;
  });

  it('throttles password reset requests per e-mail, known or not, with the same answers', async () => {
    const user = await t.createUser();
    const ghost = uniqueEmail('ghost');
    for (const email of [user.email, ghost]) {
      for (let i = 0; i < 2; i++) {
        const ok = await t.request('POST', '/api/users/request-password-reset', { body: { email } });
        expect(ok.statusCode).toBe(200);
      }
      const blocked = await t.request('POST', '/api/users/request-password-reset', { body: { email } });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
    clock += 61_000;
  });
});
