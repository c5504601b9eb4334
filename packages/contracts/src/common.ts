import { z } from 'zod';

/** Every error the API returns has this body (clients show `detail`). */
export const errorResponseSchema = z.object({ detail: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const PASSWORD_MIN_LENGTH = 8;

/** The password policy (8+ characters, upper, lower and digit), shared by the web form and the server. */
export const PASSWORD_POLICY_MESSAGES = {
  tooShort: 'Password must be at least 8 characters long',
  weak: 'Password must contain at least one uppercase letter, one lowercase letter, and one number',
} as const;

export function passwordPolicyError(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_POLICY_MESSAGES.tooShort;
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password) || !/[0-9]/.test(password)) {
    return PASSWORD_POLICY_MESSAGES.weak;
  }
  return null;
}

export const passwordSchema = z.string().superRefine((value, ctx) => {
  const problem = passwordPolicyError(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** E-mails are unique case-insensitively: trimmed and lower-cased everywhere. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid e-mail address' }));

export const roleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof roleSchema>;
