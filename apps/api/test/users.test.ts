import { userSchema } from '@qa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser, testBackends, uniqueEmail } from './helpers/test-app.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(testBackends())('users on $name', (backend) => {
  let t: TestApp;
  let member: TestUser;
  let revokedAdminToken: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    member = await t.createUser();
    revokedAdminToken = await t.revokedToken('admin');
  });
  afterAll(() => t.close());

  /** Every admin endpoint with a valid body, built against a fresh target user. */
  const adminEndpoints: Array<{ name: string; call: (target: string) => [string, string, unknown?] }> = [
    { name: 'GET /api/users', call: () => ['GET', '/api/users'] },
    {
      name: 'POST /api/users',
      call: () => ['POST', '/api/users', { email: uniqueEmail('new'), role: 'user', send_invite: false }],
    },
    {
      name: 'PUT /api/users/{id}',
      call: (id) => ['PUT', `/api/users/${id}`, { email: uniqueEmail('renamed'), role: 'user' }],
    },
    { name: 'DELETE /api/users/{id}', call: (id) => ['DELETE', `/api/users/${id}`] },
    { name: 'GET /api/users/{id}/usage', call: (id) => ['GET', `/api/users/${id}/usage`] },
    { name: 'GET /api/users/usage/total', call: () => ['GET', '/api/users/usage/total'] },
  ];

  describe.each(adminEndpoints)('$name', ({ call }) => {
    it('answers 401 without a token', async () => {
      const target = await t.createUser();
      const [method, url, body] = call(target.id);
      const response = await t.request(method, url, { body });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Not authenticated' });
    });

    it('answers 401 for a revoked admin token', async () => {
      const target = await t.createUser();
      const [method, url, body] = call(target.id);
      const response = await t.request(method, url, { token: revokedAdminToken, body });
      expect(response.statusCode).toBe(401);
    });

    it('answers 403 for a non-admin', async () => {
      const target = await t.createUser();
      const [method, url, body] = call(target.id);
      const response = await t.request(method, url, { token: member.token, body });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'Not authorized - Admin access required' });
    });

    it('succeeds for an admin', async () => {
      const target = await t.createUser();
      const [method, url, body] = call(target.id);
      const response = await t.request(method, url, { token: t.admin.token, body });
      expect(response.statusCode).toBeLessThan(300);
    });
  });

  describe('GET /api/users', () => {
    it('lists users in the contract shape, the first admin protected', async () => {
      const response = await t.request('GET', '/api/users', { token: t.admin.token });
      const users = userSchema.array().parse(response.json());
      const admin = users.find((user) => user.email === t.admin.email);
      expect(admin).toMatchObject({ role: 'admin', is_protected: true, monthly_budget_usd: null });
      expect(admin?.last_login).not.toBeNull();
      expect(users.find((user) => user.id === member.id)?.is_protected).toBe(false);
    });
  });

  describe('POST /api/users', () => {
    it('creates a user with a password who can then sign in', async () => {
      const email = uniqueEmail('created');
      const response = await t.request('POST', '/api/users', {
        token: t.admin.token,
        body: { email: `  ${email.toUpperCase()}  `, password: 'Fresh-Passw0rd', role: 'admin' },
      });
      expect(response.statusCode).toBe(201);
      const user = userSchema.parse(response.json());
      expect(user).toMatchObject({ email, role: 'admin', is_protected: false, last_login: null });
      await expect(t.login(email, 'Fresh-Passw0rd')).resolves.toBeTruthy();
    });

    it('defaults the role to user and creates a user without a password', async () => {
      const email = uniqueEmail('nopass');
      const response = await t.request('POST', '/api/users', {
        token: t.admin.token,
        body: { email, password: '' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().role).toBe('user');
      const row = await t.db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', email)
        .executeTakeFirst();
      expect(row?.password_hash).toBeNull();
    });

    it('e-mails an invitation when send_invite is set', async () => {
      const email = uniqueEmail('invitee');
      const response = await t.request('POST', '/api/users', {
        token: t.admin.token,
        body: { email, role: 'user', send_invite: true },
      });
      expect(response.statusCode).toBe(201);
      const message = (await t.outbox()).find((m) => m.to.includes(email));
      expect(message?.subject).toBe('You are invited to Query Agent');
      expect(message?.body).toContain('http://app.test/reset-password?token=');
    });

    it('answers 409 for an e-mail that exists, whatever its case', async () => {
      const response = await t.request('POST', '/api/users', {
        token: t.admin.token,
        body: { email: member.email.toUpperCase(), role: 'user' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: 'A user with this email already exists' });
    });

    it.each([
      ['a missing e-mail', { role: 'user' }, 'email: Field required'],
      ['an invalid e-mail', { email: 'not-an-email' }, 'email: Enter a valid e-mail address'],
      ['an unknown role', { email: 'x@y.zz', role: 'owner' }, 'role:'],
      [
        'a short password',
        { email: 'x@y.zz', password: 'Ab1' },
        'password: Password must be at least 8 characters long',
      ],
      [
        'a weak password',
        { email: 'x@y.zz', password: 'alllowercase1' },
        'password: Password must contain at least one uppercase letter, one lowercase letter, and one number',
      ],
      ['send_invite not a boolean', { email: 'x@y.zz', send_invite: 'yes' }, 'send_invite:'],
    ])('answers 422 for %s', async (_label, body, detail) => {
      const response = await t.request('POST', '/api/users', { token: t.admin.token, body });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toContain(detail);
    });
  });

  describe('PUT /api/users/{id}', () => {
    it('changes e-mail and role and keeps the password when none is given', async () => {
      const user = await t.createUser();
      const email = uniqueEmail('changed');
      const response = await t.request('PUT', `/api/users/${user.id}`, {
        token: t.admin.token,
        body: { email, role: 'admin', password: '' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: user.id, email, role: 'admin' });
      await expect(t.login(email, user.password)).resolves.toBeTruthy();
    });

    it('sets a new password', async () => {
      const user = await t.createUser();
      await t.request('PUT', `/api/users/${user.id}`, {
        token: t.admin.token,
        body: { email: user.email, role: 'user', password: 'Changed-Passw0rd' },
      });
      await expect(t.login(user.email, 'Changed-Passw0rd')).resolves.toBeTruthy();
    });

    it('sets and clears the monthly budget', async () => {
      const user = await t.createUser();
      const set = await t.request('PUT', `/api/users/${user.id}`, {
        token: t.admin.token,
        body: { email: user.email, role: 'user', monthly_budget_usd: 12.5 },
      });
      expect(set.json().monthly_budget_usd).toBe(12.5);
      const kept = await t.request('PUT', `/api/users/${user.id}`, {
        token: t.admin.token,
        body: { email: user.email, role: 'user' },
      });
      expect(kept.json().monthly_budget_usd).toBe(12.5);
      const cleared = await t.request('PUT', `/api/users/${user.id}`, {
        token: t.admin.token,
        body: { email: user.email, role: 'user', monthly_budget_usd: null },
      });
      expect(cleared.json().monthly_budget_usd).toBeNull();
    });

    it("answers 409 when taking another user's e-mail", async () => {
      const user = await t.createUser();
      const response = await t.request('PUT', `/api/users/${user.id}`, {
        token: t.admin.token,
        body: { email: member.email, role: 'user' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: 'A user with this email already exists' });
    });

    it('does not let an admin demote itself', async () => {
      const admin = await t.createUser({ role: 'admin' });
      const response = await t.request('PUT', `/api/users/${admin.id}`, {
        token: admin.token,
        body: { email: admin.email, role: 'user' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'You cannot remove your own admin role' });
    });

    it('does not let anyone demote the protected admin', async () => {
      const admin = await t.createUser({ role: 'admin' });
      const response = await t.request('PUT', `/api/users/${t.admin.id}`, {
        token: admin.token,
        body: { email: t.admin.email, role: 'user' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'The role of this user account cannot be changed' });
    });

    it('answers 404 for an unknown or malformed id', async () => {
      for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
        const response = await t.request('PUT', `/api/users/${id}`, {
          token: t.admin.token,
          body: { email: uniqueEmail(), role: 'user' },
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: 'User not found' });
      }
    });

    it.each([
      ['a missing role', { email: 'x@y.zz' }, 'role:'],
      ['an invalid e-mail', { email: 'nope', role: 'user' }, 'email: Enter a valid e-mail address'],
      ['a weak password', { email: 'x@y.zz', role: 'user', password: 'password' }, 'password: Password must'],
      ['a negative budget', { email: 'x@y.zz', role: 'user', monthly_budget_usd: -1 }, 'monthly_budget_usd:'],
    ])('answers 422 for %s', async (_label, body, detail) => {
      const response = await t.request('PUT', `/api/users/${member.id}`, { token: t.admin.token, body });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toContain(detail);
    });
  });

  describe('DELETE /api/users/{id}', () => {
    it('deletes a user', async () => {
      const user = await t.createUser();
      const response = await t.request('DELETE', `/api/users/${user.id}`, { token: t.admin.token });
      expect(response.statusCode).toBe(200);
      const list = await t.request('GET', '/api/users', { token: t.admin.token });
      expect(list.json().some((u: { id: string }) => u.id === user.id)).toBe(false);
    });

    it('refuses to delete the protected account', async () => {
      const admin = await t.createUser({ role: 'admin' });
      const response = await t.request('DELETE', `/api/users/${t.admin.id}`, { token: admin.token });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'This user account cannot be deleted' });
    });

    it('does not let an admin delete itself', async () => {
      const admin = await t.createUser({ role: 'admin' });
      const response = await t.request('DELETE', `/api/users/${admin.id}`, { token: admin.token });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'You cannot delete your own account' });
    });

    it('answers 404 for an unknown id', async () => {
      const response = await t.request('DELETE', `/api/users/${UNKNOWN_ID}`, { token: t.admin.token });
      expect(response.statusCode).toBe(404);
    });
  });
});
