import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testBackends, uniqueEmail } from './helpers/test-app.js';

const NEW_PASSWORD = 'Brand-New-Passw0rd';

describe.each(testBackends())('password reset and invitations on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, {
      overrides: {
        resetThrottle: {
          perEmail: { limit: 1000, windowMs: 60_000 },
          perAddress: { limit: 1000, windowMs: 60_000 },
        },
      },
    });
  });
  afterAll(() => t.close());

  const requestReset = (email: string, token?: string) =>
    t.request('POST', '/api/users/request-password-reset', { body: { email }, ...(token ? { token } : {}) });
  const setPassword = (token: string, password = NEW_PASSWORD) =>
    t.request('POST', '/api/users/set-password', { body: { token, new_password: password } });

  it('answers the same 200 for a known and an unknown e-mail, and mails only the known one', async () => {
    const user = await t.createUser();
    const unknown = uniqueEmail('ghost');
    const known = await requestReset(user.email.toUpperCase());
    const missing = await requestReset(unknown);
    expect(known.statusCode).toBe(200);
    expect(missing.statusCode).toBe(200);
    expect(known.body).toBe(missing.body);
    const outbox = await t.outbox();
    expect(outbox.some((message) => message.to.includes(user.email))).toBe(true);
    expect(outbox.some((message) => message.to.includes(unknown))).toBe(false);
  });

  it('resets the password through the e-mailed link, once', async () => {
    const user = await t.createUser();
    await requestReset(user.email);
    const token = await t.latestTokenFor(user.email);
    const message = (await t.outbox()).at(-1);
    expect(message?.subject).toBe('Reset your Query Agent password');
    expect(message?.body).toContain(`http://app.test/reset-password?token=${token}`);

    const first = await setPassword(token);
    expect(first.statusCode).toBe(200);
    await expect(t.login(user.email, NEW_PASSWORD)).resolves.toBeTruthy();
    expect((await t.request('POST', '/api/auth/login', { body: user })).statusCode).toBe(401);

    const reuse = await setPassword(token, 'Another-Passw0rd');
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().detail).toContain('invalid token');
  });

  it('keeps only a SHA-256 hash of the token', async () => {
    const user = await t.createUser();
    await requestReset(user.email);
    const token = await t.latestTokenFor(user.email);
    const rows = await t.db
      .selectFrom('password_tokens')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.token_hash).not.toContain(token);
  });

  it('refuses an expired reset link with "token expired"', async () => {
    const user = await t.createUser();
    await requestReset(user.email);
    const token = await t.latestTokenFor(user.email);
    await t.db
      .updateTable('password_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    const response = await setPassword(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Password reset link has expired: token expired' });
  });

  it('gives reset links 60 minutes and invitations 7 days', async () => {
    const user = await t.createUser();
    await requestReset(user.email);
    const invited = await t.request('POST', '/api/users', {
      token: t.admin.token,
      body: { email: uniqueEmail('invite'), send_invite: true },
    });
    const minutesLeft = async (userId: string) => {
      const row = await t.db
        .selectFrom('password_tokens')
        .select(['expires_at', 'purpose'])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return { purpose: row.purpose, minutes: (row.expires_at.getTime() - Date.now()) / 60_000 };
    };
    const reset = await minutesLeft(user.id);
    expect(reset.purpose).toBe('reset');
    expect(reset.minutes).toBeGreaterThan(59);
    expect(reset.minutes).toBeLessThanOrEqual(60);
    const invite = await minutesLeft(invited.json().id);
    expect(invite.purpose).toBe('invite');
    expect(invite.minutes / 60 / 24).toBeGreaterThan(6.99);
    expect(invite.minutes / 60 / 24).toBeLessThanOrEqual(7);
  });

  it('lets an invited user set a first password and sign in', async () => {
    const email = uniqueEmail('invited');
    await t.request('POST', '/api/users', { token: t.admin.token, body: { email, send_invite: true } });
    const token = await t.latestTokenFor(email);
    expect((await setPassword(token)).statusCode).toBe(200);
    await expect(t.login(email, NEW_PASSWORD)).resolves.toBeTruthy();
  });

  it('answers "invalid token" for an unknown token', async () => {
    const response = await setPassword('x'.repeat(43));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Invalid password reset link: invalid token' });
  });

  it('enforces the password policy before touching the token', async () => {
    const user = await t.createUser();
    await requestReset(user.email);
    const token = await t.latestTokenFor(user.email);
    const weak = await setPassword(token, 'weakpass');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().detail).toBe(
      'new_password: Password must contain at least one uppercase letter, one lowercase letter, and one number',
    );
    const short = await setPassword(token, 'Ab1');
    expect(short.json().detail).toBe('new_password: Password must be at least 8 characters long');
    expect((await setPassword(token)).statusCode).toBe(200);
  });

  it.each([
    ['request-password-reset', {}, 'email: Field required'],
    ['request-password-reset', { email: '' }, 'email: Email is required'],
    ['set-password', { new_password: NEW_PASSWORD }, 'token: Field required'],
    ['set-password', { token: '', new_password: NEW_PASSWORD }, 'token: Invalid or missing reset token'],
    ['set-password', { token: 'abc' }, 'new_password: Field required'],
  ])('POST /api/users/%s answers 422 for %o', async (path, body, detail) => {
    const response = await t.request('POST', `/api/users/${path}`, { body });
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toBe(detail);
  });

  it('accepts the reset request from an admin (the Reset Password action) and from anyone', async () => {
    const user = await t.createUser();
    expect((await requestReset(user.email, t.admin.token)).statusCode).toBe(200);
    expect((await requestReset(user.email, 'not-a-token')).statusCode).toBe(200);
  });
});
