import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../src/lib/jwt.js';
import { createTestApp, type TestApp, testBackends, uniqueEmail } from './helpers/test-app.js';

describe.each(testBackends())('auth on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, {
      // Generous limits here; throttling has its own suite with small ones.
      overrides: {
        loginThrottle: {
          perEmail: { limit: 1000, windowMs: 60_000 },
          perAddress: { limit: 1000, windowMs: 60_000 },
        },
      },
    });
  });
  afterAll(() => t.close());

  describe('POST /api/auth/login', () => {
    it('returns a bearer token and the user for the right password', async () => {
      const user = await t.createUser();
      const response = await t.request('POST', '/api/auth/login', {
        body: { email: user.email, password: user.password },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        token_type: 'bearer',
        user: { id: user.id, email: user.email, role: 'user' },
      });
      expect(body.access_token.split('.')).toHaveLength(3);
    });

    it('accepts the e-mail in any case and with spaces around it', async () => {
      const user = await t.createUser();
      const response = await t.request('POST', '/api/auth/login', {
        body: { email: `  ${user.email.toUpperCase()} `, password: user.password },
      });
      expect(response.statusCode).toBe(200);
    });

    it('gives the same 401 for an unknown e-mail and for a wrong password', async () => {
      const user = await t.createUser();
      const wrongPassword = await t.request('POST', '/api/auth/login', {
        body: { email: user.email, password: 'Wrong-Passw0rd' },
      });
      const unknownEmail = await t.request('POST', '/api/auth/login', {
        body: { email: uniqueEmail('nobody'), password: 'Wrong-Passw0rd' },
      });
      expect(wrongPassword.statusCode).toBe(401);
      expect(unknownEmail.statusCode).toBe(401);
      expect(wrongPassword.json()).toEqual({ detail: 'Incorrect email or password' });
      expect(unknownEmail.json()).toEqual(wrongPassword.json());
    });

    it('refuses a user who has no password yet (invited) with the same 401', async () => {
      const created = await t.request('POST', '/api/users', {
        token: t.admin.token,
        body: { email: uniqueEmail('invited'), role: 'user', send_invite: false },
      });
      const response = await t.request('POST', '/api/auth/login', {
        body: { email: created.json().email, password: 'Any-Passw0rd' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Incorrect email or password' });
    });

    it('records last_login', async () => {
      const user = await t.createUser();
      const row = await t.db
        .selectFrom('users')
        .select('last_login')
        .where('id', '=', user.id)
        .executeTakeFirst();
      expect(row?.last_login).toBeInstanceOf(Date);
      expect(Date.now() - row!.last_login!.getTime()).toBeLessThan(60_000);
    });

    it.each([
      ['no body', undefined, /email: Field required; password: Field required/],
      ['an array', [], /body: Invalid input: expected object/],
      ['an empty e-mail', { email: '', password: 'x' }, /email: Email is required/],
      ['a missing password', { email: 'a@b.c' }, /password/],
      ['a number as e-mail', { email: 42, password: 'x' }, /email/],
    ])('answers 422 naming the field for %s', async (_label, body, detail) => {
      const response = await t.request('POST', '/api/auth/login', { body });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toMatch(detail);
    });

    it('answers 400 for malformed JSON', async () => {
      const response = await t.request('POST', '/api/auth/login', {
        body: '{"email": "a@b.c", ',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Malformed JSON in request body' });
    });
  });

  describe('GET /api/auth/me', () => {
    it('returns id, email and role of the token holder', async () => {
      const response = await t.request('GET', '/api/auth/me', { token: t.admin.token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: t.admin.id, email: t.admin.email, role: 'admin' });
    });

    it('answers 401 without a token', async () => {
      const response = await t.request('GET', '/api/auth/me');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Not authenticated' });
      expect(response.headers['www-authenticate']).toBe('Bearer');
    });

    it.each([
      ['garbage', 'not-a-jwt'],
      ['a token signed with another secret', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl'],
    ])('answers 401 for %s', async (_label, token) => {
      const response = await t.request('GET', '/api/auth/me', { token });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Invalid or expired token' });
    });

    it('answers 401 for an expired token', async () => {
      // The app's own secret with a lifetime in the past.
      const { token } = await createTokenService(t.jwtSecret, -1).sign(t.admin.id, 0);
      const response = await t.request('GET', '/api/auth/me', { token });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Invalid or expired token' });
      const valid = await createTokenService(t.jwtSecret, 1).sign(t.admin.id, 0);
      expect((await t.request('GET', '/api/auth/me', { token: valid.token })).statusCode).toBe(200);
    });

    it('answers 401 for a revoked token', async () => {
      const token = await t.revokedToken('user');
      const response = await t.request('GET', '/api/auth/me', { token });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Token has been revoked' });
    });

    it('answers 401 once the user has been deleted', async () => {
      const user = await t.createUser();
      await t.request('DELETE', `/api/users/${user.id}`, { token: t.admin.token });
      const response = await t.request('GET', '/api/auth/me', { token: user.token });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'User no longer exists' });
    });

    it('reflects a role change at once: the old token ends, a new sign-in carries the new role', async () => {
      const user = await t.createUser();
      await t.request('PUT', `/api/users/${user.id}`, {
        token: t.admin.token,
        body: { email: user.email, role: 'admin' },
      });
      expect((await t.request('GET', '/api/auth/me', { token: user.token })).statusCode).toBe(401);
      const token = await t.login(user.email, user.password);
      const response = await t.request('GET', '/api/auth/me', { token });
      expect(response.json().role).toBe('admin');
    });
  });

  describe('POST /api/auth/logout', () => {
    it('revokes only the token used, on the server', async () => {
      const user = await t.createUser();
      const second = await t.login(user.email, user.password);
      const response = await t.request('POST', '/api/auth/logout', { token: user.token });
      expect(response.statusCode).toBe(200);
      expect((await t.request('GET', '/api/auth/me', { token: user.token })).statusCode).toBe(401);
      expect((await t.request('GET', '/api/auth/me', { token: second })).statusCode).toBe(200);
    });

    it('answers 401 without a token and for a revoked token', async () => {
      expect((await t.request('POST', '/api/auth/logout')).statusCode).toBe(401);
      const token = await t.revokedToken('user');
      expect((await t.request('POST', '/api/auth/logout', { token })).statusCode).toBe(401);
    });
  });
});
