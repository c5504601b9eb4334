import type { LogEntry } from '@qa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testBackends } from './helpers/test-app.js';
import { connectSocket, waitFor } from './helpers/websocket.js';

const connect = (url: string, protocols?: string[]) => connectSocket(url, (m) => m as LogEntry, protocols);

describe.each(testBackends())('/api/ws/logs on $name', (backend) => {
  let t: TestApp;
  let base: string;
  let wsUrl: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    base = await t.listen();
    wsUrl = `${base.replace('http', 'ws')}/api/ws/logs`;
  });
  afterAll(() => t.close());

  it('streams recent and then live log lines to an admin authenticated by subprotocol', async () => {
    const { socket, messages } = await connect(wsUrl, ['bearer', t.admin.token]);
    expect(socket.protocol).toBe('bearer');
    // The backlog includes the admin's own sign-in.
    await waitFor(() => messages.find((m) => m.msg === 'Signed in'));
    const response = await fetch(`${base}/api/health?probe=live-line`);
    const requestId = response.headers.get('x-request-id');
    const line = await waitFor(() =>
      messages.find((m) => m.msg.startsWith('GET /api/health?probe=live-line 200')),
    );
    expect(line).toMatchObject({ level: 'info', req_id: requestId });
    expect(line.context).toMatchObject({ method: 'GET', status_code: 200 });
    socket.close();
  });

  it('accepts the token in a first {type:"auth"} message', async () => {
    const { socket, messages } = await connect(wsUrl);
    socket.send(JSON.stringify({ type: 'auth', token: t.admin.token }));
    await fetch(`${base}/api/health?probe=first-message`);
    await waitFor(() => messages.find((m) => m.msg.includes('probe=first-message')));
    socket.close();
  });

  it('closes with 4403 for a non-admin and sends nothing', async () => {
    const user = await t.createUser();
    const { messages, closed } = await connect(wsUrl, ['bearer', user.token]);
    expect((await closed).code).toBe(4403);
    expect(messages).toEqual([]);
  });

  it('closes with 4401 for a bad, revoked or missing token', async () => {
    const revoked = await t.revokedToken('admin');
    for (const token of ['not-a-token', revoked]) {
      const { messages, closed } = await connect(wsUrl, ['bearer', token]);
      expect((await closed).code).toBe(4401);
      expect(messages).toEqual([]);
    }
    const { socket, closed } = await connect(wsUrl);
    socket.send('hello');
    expect((await closed).code).toBe(4401);
  });

  it('closes with 4401 when no token arrives within 5 seconds', async () => {
    const started = Date.now();
    const { closed } = await connect(wsUrl);
    const { code, reason } = await closed;
    expect(code).toBe(4401);
    expect(reason).toBe('Authentication timed out');
    expect(Date.now() - started).toBeGreaterThanOrEqual(4900);
  });

  it('answers a plain HTTP GET with 426 JSON', async () => {
    const response = await t.request('GET', '/api/ws/logs', { token: t.admin.token });
    expect(response.statusCode).toBe(426);
    expect(response.json()).toEqual({ detail: 'This endpoint needs a WebSocket connection' });
  });

  it('never logs the token', async () => {
    const { socket } = await connect(wsUrl, ['bearer', t.admin.token]);
    socket.close();
    await t.request('POST', '/api/users/set-password', {
      body: { token: 'secret-reset-token', new_password: 'x' },
    });
    const everything = JSON.stringify(t.logRing.recent());
    expect(everything).not.toContain(t.admin.token);
    expect(everything).not.toContain(t.admin.password);
    expect(everything).not.toContain('secret-reset-token');
  });

  // The finding this guards against: a deleted admin's open socket received the first admin's reset link.
  it.each([
    [
      'deleted',
      4401,
      (ex: { id: string }) => t.request('DELETE', `/api/users/${ex.id}`, { token: t.admin.token }),
    ],
    [
      // A role change ends the admin's sessions (the token's session version moved on): not authenticated.
      'demoted',
      4401,
      (ex: { id: string; email: string }) =>
        t.request('PUT', `/api/users/${ex.id}`, {
          token: t.admin.token,
          body: { email: ex.email, role: 'user' },
        }),
    ],
    [
      'signed out',
      4401,
      (ex: { token: string }) => t.request('POST', '/api/auth/logout', { token: ex.token }),
    ],
  ] as const)(
    "closes a %s admin's socket within 5 s, with no line after the event",
    async (name, code, event) => {
      const exAdmin = await t.createUser({ role: 'admin' });
      const { messages, closed } = await connect(wsUrl, ['bearer', exAdmin.token]);
      const probe = name.replace(' ', '-');
      await fetch(`${base}/api/health?probe=before-${probe}`);
      await waitFor(() => messages.find((m) => m.msg.includes(`probe=before-${probe}`)));

      // Everything up to the probe is the backlog and lines logged before the event.
      const backlog = messages.length;
      const response = await event(exAdmin);
      expect(response.statusCode).toBe(200);
      const eventAt = Date.now();
      // What the ex-admin must not see: another user's reset e-mail, logged right after the event.
      await t.request('POST', '/api/users/request-password-reset', { body: { email: t.admin.email } });
      await fetch(`${base}/api/health?probe=after-${probe}`);

      const { code: closedWith } = await closed;
      expect(Date.now() - eventAt).toBeLessThan(5000);
      expect(closedWith).toBe(code);
      const afterEvent = messages.slice(backlog);
      expect(afterEvent.some((m) => m.msg.includes(`probe=after-${probe}`))).toBe(false);
      expect(afterEvent.some((m) => m.msg.startsWith('E-mail written to the outbox'))).toBe(false);
    },
  );

  it("never shows a reset or invitation link's token in a log line", async () => {
    const { socket, messages } = await connect(wsUrl, ['bearer', t.admin.token]);
    const invited = `invited-${Date.now()}@example.com`;
    await t.request('POST', '/api/users', {
      token: t.admin.token,
      body: { email: invited, role: 'user', send_invite: true },
    });
    await t.request('POST', '/api/users/request-password-reset', { body: { email: t.admin.email } });
    const resetToken = await t.latestTokenFor(t.admin.email);
    const inviteToken = await t.latestTokenFor(invited);
    const logged = await waitFor(() => {
      const lines = messages.filter((m) => m.msg.startsWith('E-mail written to the outbox'));
      return lines.length >= 2 ? lines : undefined;
    });
    expect(JSON.stringify(logged)).toContain('token=[hidden]');
    const everything = JSON.stringify([messages, t.logRing.recent()]);
    expect(everything).not.toContain(resetToken);
    expect(everything).not.toContain(inviteToken);
    socket.close();
  });
});
