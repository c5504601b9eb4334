/**
 * Outgoing e-mail. With SMTP_URL, messages go through nodemailer's SMTP transport. Without it, an embedded outbox
 * writes each message as a real RFC 822 file, DATA_DIR/outbox/<timestamp>-<id>.eml, and logs its link, so the
 * invite and reset flows work on a fresh machine with no mail server.
 *
 * Sending happens in the background (a slow or failing mail server must neither slow a request down nor reveal
 * whether an account exists); failures are logged. flush() waits for sends in flight (tests, shutdown).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from './logger.js';
import { maskSecrets } from './mask-secrets.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link in the message; the outbox logs it so it can be followed without a mail client. */
  link?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** Queues a message; resolves at once. */
  send(message: MailMessage): void;
  /** Waits until every queued message has been delivered or has failed. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export const OUTBOX_DIR = 'outbox';

export interface CreateMailerOptions {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  logger: Logger;
}

export function createMailer({ smtpUrl, from, dataDir, logger }: CreateMailerOptions): Mailer {
  const log = logger.child({ component: 'mailer' });
  const pending = new Set<Promise<void>>();
  const outboxDir = path.join(dataDir, OUTBOX_DIR);

  const transporter: Transporter = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  async function deliver(message: MailMessage): Promise<void> {
    const envelope = {
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    };
    if (smtpUrl) {
      const info = await transporter.sendMail(envelope);
      log.info(
        { to: message.to, subject: message.subject, message_id: info.messageId },
        'E-mail sent over SMTP',
      );
      return;
    }
    const info = await transporter.sendMail(envelope);
    await mkdir(outboxDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('.', '');
    const file = path.join(outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, info.message as Buffer, { mode: 0o600 });
    // The link's token is a password: it stays in the outbox file (mode 0600), readable by whoever runs the
    // server, and never reaches the log, which admins read live in the browser.
    log.info(
      {
        to: message.to,
        subject: message.subject,
        file,
        ...(message.link ? { link: maskSecrets(message.link) } : {}),
      },
      `E-mail written to the outbox (no SMTP_URL): ${message.subject} -> ${message.to}`,
    );
  }

  return {
    kind: smtpUrl ? 'smtp' : 'outbox',
    send(message) {
      const task = deliver(message)
        .catch((error: unknown) => {
          log.error({ err: error, to: message.to, subject: message.subject }, 'Sending e-mail failed');
        })
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async flush() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await this.flush();
      transporter.close();
    },
  };
}
