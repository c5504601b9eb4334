import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEml } from './helpers/eml.js';
import { createTestApp, type TestApp, testBackends, uniqueEmail } from './helpers/test-app.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

describe.each(testBackends())('e-mail over SMTP_URL on $name', (backend) => {
  let t: TestApp;
  let server: SMTPServer;
  const received: Received[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    t = await createTestApp(backend, {
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Query Agent <robot@app.test>' },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the reset e-mail to the SMTP server, not to the outbox, and its link works', async () => {
    const user = await t.createUser();
    const response = await t.request('POST', '/api/users/request-password-reset', {
      body: { email: user.email },
    });
    expect(response.statusCode).toBe(200);
    await t.mailer.flush();
    const mail = received.find((message) => message.to.includes(user.email));
    expect(mail?.from).toBe('robot@app.test');
    const parsed = parseEml(mail!.raw);
    expect(parsed.subject).toBe('Reset your Query Agent password');
    expect(parsed.token).toBeTruthy();
    expect(await t.outbox()).toEqual([]);

    const set = await t.request('POST', '/api/users/set-password', {
      body: { token: parsed.token, new_password: 'Smtp-Passw0rd' },
    });
    expect(set.statusCode).toBe(200);
    await expect(t.login(user.email, 'Smtp-Passw0rd')).resolves.toBeTruthy();
  });

  it('delivers invitations', async () => {
    const email = uniqueEmail('smtp-invite');
    await t.request('POST', '/api/users', { token: t.admin.token, body: { email, send_invite: true } });
    await t.mailer.flush();
    const mail = received.find((message) => message.to.includes(email));
    expect(parseEml(mail!.raw).subject).toBe('You are invited to Query Agent');
  });
});
