import { emailSchema, passwordPolicyError, type User } from '@qa/contracts';
import { USER_MESSAGES } from './user-messages';

export type UserFormErrors = { email?: string; password?: string; budget?: string };

/** The id of a user row, whichever of `id` / `_id` the server sent. */
export function userId(user: Partial<Pick<User, 'id'>> & { _id?: string | number | null }): string | null {
  const id = user.id ?? user._id;
  return id === undefined || id === null || id === '' ? null : String(id);
}

export function emailError(email: string): string | undefined {
  if (!email.trim()) return USER_MESSAGES.emailRequired;
  if (!emailSchema.safeParse(email).success) return USER_MESSAGES.emailInvalid;
  return undefined;
}

/** A blank password is allowed (invite / keep current); anything typed must meet the password policy. */
export function optionalPasswordError(password: string): string | undefined {
  if (!password) return undefined;
  return passwordPolicyError(password) ?? undefined;
}

/** Parses the monthly budget box: blank means no limit (null); undefined means the text is not valid. */
export function parseBudget(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/^\$/, '');
  if (!trimmed) return null;
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

export function validateUserForm(values: {
  email: string;
  password: string;
  budget?: string;
}): UserFormErrors {
  const errors: UserFormErrors = {};
  const email = emailError(values.email);
  if (email) errors.email = email;
  const password = optionalPasswordError(values.password);
  if (password) errors.password = password;
  if (values.budget !== undefined && parseBudget(values.budget) === undefined)
    errors.budget = USER_MESSAGES.budgetInvalid;
  return errors;
}
