/** A tiny reader for the outbox's .eml files (mailparser does not install here): headers, decoded text, link. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface OutboxMessage {
  file: string;
  to: string;
  subject: string;
  /** The message with quoted-printable soft breaks and escapes undone. */
  body: string;
  /** The set-password token of the message's /reset-password link, if any. */
  token: string | null;
}

export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function header(raw: string, name: string): string {
  const headerBlock = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = headerBlock.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded);
  return match?.[1]?.trim() ?? '';
}

export function parseEml(raw: string, file = ''): OutboxMessage {
  const body = decodeQuotedPrintable(raw);
  const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1] ?? null;
  return { file, to: header(raw, 'To'), subject: header(raw, 'Subject'), body, token };
}

export async function readOutbox(outboxDir: string): Promise<OutboxMessage[]> {
  let files: string[];
  try {
    files = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (name) => parseEml(await readFile(path.join(outboxDir, name), 'utf8'), name)),
  );
}
