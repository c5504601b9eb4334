import { z } from 'zod';

/** Every error the API returns has this body (clients show `detail`). */
export const errorResponseSchema = z.object({ detail: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/**
 * Text the database can store. PostgreSQL text cannot hold NUL (U+0000), and a lone UTF-16 surrogate is not a
 * character at all (JSON can carry one as \ud800; jsonb refuses it, text turns it into U+FFFD). Such input is
 * refused at the edge with 422 rather than failing, or being changed, on its way into the database.
 */
export const UNSTORABLE_TEXT_MESSAGE = 'must not contain NUL characters (\\u0000) or unpaired surrogates';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** A string the database can store: every request schema's strings are made with it. */
export function storableText() {
  return z.string().refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE });
}

export const PASSWORD_MIN_LENGTH = 8;
/** Longer passwords are refused before hashing (a 100,000-character one was accepted). */
export const PASSWORD_MAX_LENGTH = 256;

/** The password policy (8+ characters, upper, lower and digit), shared by the web form and the server. */
export const PASSWORD_POLICY_MESSAGES = {
  tooShort: 'Password must be at least 8 characters long',
  tooLong: 'Password must be at most 256 characters long',
  weak: 'Password must contain at least one uppercase letter, one lowercase letter, and one number',
} as const;

export function passwordPolicyError(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_POLICY_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_POLICY_MESSAGES.tooLong;
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password) || !/[0-9]/.test(password)) {
    return PASSWORD_POLICY_MESSAGES.weak;
  }
  return null;
}

export const passwordSchema = storableText().superRefine((value, ctx) => {
  const problem = passwordPolicyError(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** E-mails are unique case-insensitively: trimmed and lower-cased everywhere. */
export const emailSchema = storableText()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid e-mail address' }));

export const roleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof roleSchema>;
