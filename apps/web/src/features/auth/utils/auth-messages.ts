/** Validation and error texts of the public screens, and the rules that pick them. */
import { passwordPolicyError } from '@qa/contracts';
import { ApiError } from '../../../lib/api-client';

export const AUTH_MESSAGES = {
  missingCredentials: 'Please enter both email and password',
  badCredentials: 'Incorrect email or password. Please try again.',
  loginFailed: 'Login failed',
  cannotConnect: 'Cannot connect to server. Please check if the server is running.',
  redirectNotice: "You'll be redirected after login",
  emailRequired: 'Email is required',
  resetRequestFailed: 'Failed to request password reset',
  networkError: 'Network error, please try again later',
  resetEmailSent: 'Password reset email has been sent. Please check your inbox.',
  missingToken: 'Invalid or missing reset token',
  passwordsDoNotMatch: 'Passwords do not match',
  linkExpired: 'Your password reset link has expired. Please request a new one.',
  linkInvalid: 'Invalid password reset link. Please request a new one.',
  setPasswordFailed: 'Failed to set new password',
  passwordUpdated: 'Password has been successfully updated! Redirecting to login...',
} as const;

export const REDIRECT_AFTER_PASSWORD_SET_MS = 3000;

export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return AUTH_MESSAGES.cannotConnect;
    if (error.status === 401) return AUTH_MESSAGES.badCredentials;
    return error.detail ?? AUTH_MESSAGES.loginFailed;
  }
  // e.g. 'Authentication error: Invalid user data received'
  if (error instanceof Error && error.message) return error.message;
  return AUTH_MESSAGES.loginFailed;
}

export function resetRequestErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.isNetworkError) return AUTH_MESSAGES.networkError;
  return (error instanceof ApiError && error.detail) || AUTH_MESSAGES.resetRequestFailed;
}

export function setPasswordErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.isNetworkError) return AUTH_MESSAGES.networkError;
  const detail = error instanceof ApiError ? error.detail : null;
  if (!detail) return AUTH_MESSAGES.setPasswordFailed;
  const lower = detail.toLowerCase();
  if (lower.includes('token expired')) return AUTH_MESSAGES.linkExpired;
  if (lower.includes('invalid token')) return AUTH_MESSAGES.linkInvalid;
  return detail;
}

/** The new password checks, in this order: token, match, length, character classes. */
export function newPasswordError(token: string | null, password: string, confirm: string): string | null {
  if (!token) return AUTH_MESSAGES.missingToken;
  if (password !== confirm) return AUTH_MESSAGES.passwordsDoNotMatch;
  return passwordPolicyError(password);
}

/** Only same-origin paths are followed after login, so a crafted link cannot send users elsewhere. */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
