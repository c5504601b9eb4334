/**
 * First start: when the database has no users, create the protected admin (undeletable) from ADMIN_EMAIL /
 * ADMIN_PASSWORD, or admin@example.com with a random password that is printed once, plainly, on the console.
 */
import { randomBytes } from 'node:crypto';
import { passwordPolicyError } from '@qa/contracts';
import type { AppDb } from '../../db/database.js';
import type { Logger } from '../../lib/logger.js';
import { hashPassword } from '../../lib/passwords.js';
import * as queries from './users.queries.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

export interface BootstrapResult {
  created: boolean;
  email?: string;
  /** Only when it was generated; the caller prints it once. */
  generatedPassword?: string;
}

/** 18 random bytes in base64url, plus a guaranteed upper, lower and digit for the password policy. */
export function generatePassword(): string {
  for (;;) {
    const candidate = randomBytes(18).toString('base64url');
    if (!passwordPolicyError(candidate)) return candidate;
  }
}

export async function ensureFirstAdmin({
  db,
  logger,
  adminEmail,
  adminPassword,
}: {
  db: AppDb;
  logger: Logger;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
}): Promise<BootstrapResult> {
  if ((await queries.countUsers({ db })) > 0) return { created: false };
  const email = (adminEmail ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
  const generatedPassword = adminPassword ? undefined : generatePassword();
  const password = adminPassword ?? generatedPassword!;
  const row = await queries.insertUser({
    db,
    user: { email, role: 'admin', is_protected: true, password_hash: await hashPassword(password) },
  });
  logger.info(
    { user_id: row.id, email, generated_password: Boolean(generatedPassword) },
    'Created the first admin',
  );
  return { created: true, email, ...(generatedPassword ? { generatedPassword } : {}) };
}

export function firstAdminBanner(email: string, password: string, url: string): string {
  const lines = [
    'First start: an admin account was created.',
    '',
    `  URL:       ${url}`,
    `  E-mail:    ${email}`,
    `  Password:  ${password}`,
    '',
    'This password is shown only once. Sign in and keep it safe, or set',
    'ADMIN_EMAIL and ADMIN_PASSWORD before the first start next time.',
  ];
  const width = Math.max(...lines.map((line) => line.length)) + 4;
  const rule = '='.repeat(width);
  return `\n${rule}\n${lines.map((line) => `  ${line}`).join('\n')}\n${rule}\n\n`;
}
