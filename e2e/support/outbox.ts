/** Reads the embedded outbox (DATA_DIR/outbox/*.eml) that the server writes when no SMTP_URL is set. */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E_DATA_DIR } from './env';

/** Undoes quoted-printable soft line breaks and =XX escapes, enough to read a URL out of a message. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

async function newestMessageTo(email: string): Promise<string | null> {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
  const files = await Promise.all(
    names.map(async (name) => ({
      file: path.join(dir, name),
      mtime: (await stat(path.join(dir, name))).mtimeMs,
    })),
  );
  files.sort((a, b) => b.mtime - a.mtime || b.file.localeCompare(a.file));
  for (const { file } of files) {
    const raw = decodeQuotedPrintable(await readFile(file, 'utf8'));
    if (raw.toLowerCase().includes(email.toLowerCase())) return raw;
  }
  return null;
}

/** Waits for the newest message to `email` and returns its /reset-password link as a path plus query. */
export async function readResetLink(email: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const message = await newestMessageTo(email);
        const match = message?.match(/https?:\/\/[^\s"'<>]+\/reset-password\?token=[^\s"'<>]+/);
        link = match ? match[0] : null;
        return link;
      },
      { message: `a reset e-mail to ${email} in the outbox`, timeout: 10_000 },
    )
    .not.toBeNull();
  const url = new URL(link as unknown as string);
  return `${url.pathname}${url.search}`;
}
