/**
 * Issue 24, acceptance 1 (tokens): a token is refused once its user's access has changed. Each case signs the
 * user in twice (two devices), changes their access one way, and checks that neither old token answers any more
 * while a fresh sign-in (where one is still possible) works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser, testBackends } from './helpers/test-app.js';

const NEW_PASSWORD = 'Brand-New-Passw0rd';

describe.each(testBackends())('sessions end when access changes, on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const me = (token: string) => t.request('GET', '/api/auth/me', { token });
  const twoDevices = async (role: 'user' | 'admin' = 'user') => {
    const user = await t.createUser({ role });
    return { user, laptop: user.token, phone: await t.login(user.email, user.password) };
  };
  const expectEnded = async (...tokens: string[]) => {
    for (const token of tokens) {
      const response = await me(token);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
    }
  };
  const update = (user: TestUser, changes: Record<string, unknown>) =>
    t.request('PUT', `/api/users/${user.id}`, {
      token: t.admin.token,
      body: { email: user.email, role: user.role, ...changes },
    });

  it('sign-out refuses the token used; sign-out everywhere refuses every token of the user', async () => {
    const { user, laptop, phone } = await twoDevices();
    expect((await t.request('POST', '/api/auth/logout', { token: laptop })).statusCode).toBe(200);
    await expectEnded(laptop);
    expect((await me(phone)).statusCode).toBe(200);

    const tablet = await t.login(user.email, user.password);
    const everywhere = await t.request('POST', '/api/auth/logout-everywhere', { token: phone });
    expect(everywhere.statusCode).toBe(200);
    expect(everywhere.json()).toEqual({ message: 'Signed out everywhere' });
    await expectEnded(phone, tablet);
    expect((await me(phone)).json()).toEqual({ detail: 'Session has ended: please sign in again' });
    expect((await me(await t.login(user.email, user.password))).statusCode).toBe(200);
  });

  it('a password reset through the e-mailed link ends every session', async () => {
    const { user, laptop, phone } = await twoDevices();
    await t.request('POST', '/api/users/request-password-reset', { body: { email: user.email } });
    const link = await t.latestTokenFor(user.email);
    const reset = await t.request('POST', '/api/users/set-password', {
      body: { token: link, new_password: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    await expectEnded(laptop, phone);
    expect((await me(await t.login(user.email, NEW_PASSWORD))).statusCode).toBe(200);
  });

  it('a new password set by an admin ends every session', async () => {
    const { user, laptop, phone } = await twoDevices();
    expect((await update(user, { password: NEW_PASSWORD })).statusCode).toBe(200);
    await expectEnded(laptop, phone);
    expect((await me(await t.login(user.email, NEW_PASSWORD))).statusCode).toBe(200);
  });

  it('a role change ends every session, either way', async () => {
    const promoted = await twoDevices('user');
    expect((await update(promoted.user, { role: 'admin' })).statusCode).toBe(200);
    await expectEnded(promoted.laptop, promoted.phone);

    const demoted = await twoDevices('admin');
    expect((await update(demoted.user, { role: 'user' })).statusCode).toBe(200);
    await expectEnded(demoted.laptop, demoted.phone);
    const fresh = await t.login(demoted.user.email, demoted.user.password);
    expect((await me(fresh)).json().role).toBe('user');
    expect((await t.request('GET', '/api/users', { token: fresh })).statusCode).toBe(403);
  });

  it('deletion ends every session', async () => {
    const { user, laptop, phone } = await twoDevices('admin');
    expect((await t.request('DELETE', `/api/users/${user.id}`, { token: t.admin.token })).statusCode).toBe(
      200,
    );
    await expectEnded(laptop, phone);
  });

  it('changing only the e-mail or the budget keeps the sessions', async () => {
    const { user, laptop } = await twoDevices();
    expect((await update(user, { monthly_budget_usd: 5 })).statusCode).toBe(200);
    expect((await me(laptop)).statusCode).toBe(200);
  });
});
