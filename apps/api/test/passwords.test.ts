/**
 * Issue 24, finding 7: `Password1` and a 100,002-character password were accepted. New passwords (an admin's new
 * user or new password, a reset or invitation link) that are too easy to guess are refused with 422, and so is any
 * password over 256 characters, before anything is hashed.
 */
import { PASSWORD_POLICY_MESSAGES } from '@qa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUESSABLE_PASSWORD_MESSAGE } from '../src/lib/passwords.js';
import { createTestApp, type TestApp, testBackends, uniqueEmail } from './helpers/test-app.js';

const COMMON = ['Password1', 'Passw0rd!', 'Qwerty123', 'Summer2024', 'Welcome1', 'P@ssw0rd1'];

describe.each(testBackends())('password rules on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const create = (password: string) =>
    t.request('POST', '/api/users', {
      token: t.admin.token,
      body: { email: uniqueEmail('pw'), password, role: 'user' },
    });

  it.each(COMMON)('refuses %s, which meets the character rules, as too easy to guess', async (password) => {
    const response = await create(password);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ detail: `password: ${GUESSABLE_PASSWORD_MESSAGE}` });
  });

  it('refuses a guessable password set by an admin or through a reset link, and keeps the link usable', async () => {
    const user = await t.createUser();
    const update = await t.request('PUT', `/api/users/${user.id}`, {
      token: t.admin.token,
      body: { email: user.email, role: 'user', password: 'Password1' },
    });
    expect(update.statusCode).toBe(422);
    await t.request('POST', '/api/users/request-password-reset', { body: { email: user.email } });
    const token = await t.latestTokenFor(user.email);
    const weak = await t.request('POST', '/api/users/set-password', {
      body: { token, new_password: 'Qwerty123' },
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().detail).toBe(`new_password: ${GUESSABLE_PASSWORD_MESSAGE}`);
    const strong = await t.request('POST', '/api/users/set-password', {
      body: { token, new_password: 'Lantern-Orbit-47' },
    });
    expect(strong.statusCode).toBe(200);
  });

  it('refuses passwords over 256 characters before hashing, and sign-in attempts over 1024', async () => {
    const long = `Aa1${'x'.repeat(100_000)}`;
    const started = Date.now();
    const response = await create(long);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail).toBe(`password: ${PASSWORD_POLICY_MESSAGES.tooLong}`);
    expect((await create(`Aa1-${'q'.repeat(253)}`)).statusCode).toBe(422);
    expect((await create(`Aa1-${'q'.repeat(200)}`)).statusCode).toBe(201);
    const login = await t.request('POST', '/api/auth/login', {
      body: { email: t.admin.email, password: long },
    });
    expect(login.statusCode).toBe(422);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
