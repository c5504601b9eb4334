import { PASSWORD_POLICY_MESSAGES } from '@qa/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  AUTH_MESSAGES,
  loginErrorMessage,
  newPasswordError,
  resetRequestErrorMessage,
  safeRedirectPath,
  setPasswordErrorMessage,
} from './auth-messages';

const http = (status: number, detail: string | null = null) =>
  new ApiError(detail ?? 'An error occurred', { status, detail });
const offline = () => new ApiError('Failed to fetch', { status: null });

describe('newPasswordError (token, match, length, character classes)', () => {
  it('needs a token first', () => {
    expect(newPasswordError(null, 'Abcdefg1', 'Abcdefg1')).toBe('Invalid or missing reset token');
    expect(newPasswordError('', 'Abcdefg1', 'Abcdefg1')).toBe('Invalid or missing reset token');
  });
  it('then matching entries', () => {
    expect(newPasswordError('t', 'Abcdefg1', 'Abcdefg2')).toBe('Passwords do not match');
  });
  it('then length, then character classes', () => {
    expect(newPasswordError('t', 'Abc1', 'Abc1')).toBe(PASSWORD_POLICY_MESSAGES.tooShort);
    expect(newPasswordError('t', 'abcdefgh1', 'abcdefgh1')).toBe(PASSWORD_POLICY_MESSAGES.weak);
    expect(newPasswordError('t', 'ABCDEFGH1', 'ABCDEFGH1')).toBe(PASSWORD_POLICY_MESSAGES.weak);
    expect(newPasswordError('t', 'Abcdefghi', 'Abcdefghi')).toBe(PASSWORD_POLICY_MESSAGES.weak);
    expect(newPasswordError('t', 'Abcdefg1', 'Abcdefg1')).toBeNull();
  });
});

describe('loginErrorMessage', () => {
  it('maps the login failure cases', () => {
    expect(loginErrorMessage(http(401, 'Invalid credentials'))).toBe(
      'Incorrect email or password. Please try again.',
    );
    expect(loginErrorMessage(http(429, 'Too many attempts'))).toBe('Too many attempts');
    expect(loginErrorMessage(http(500))).toBe('Login failed');
    expect(loginErrorMessage(offline())).toBe(
      'Cannot connect to server. Please check if the server is running.',
    );
    expect(loginErrorMessage(new Error('Authentication error: Invalid user data received'))).toBe(
      'Authentication error: Invalid user data received',
    );
  });
});

describe('reset and set-password errors', () => {
  it('maps request failures', () => {
    expect(resetRequestErrorMessage(http(500))).toBe('Failed to request password reset');
    expect(resetRequestErrorMessage(http(422, 'Email is required'))).toBe('Email is required');
    expect(resetRequestErrorMessage(offline())).toBe(AUTH_MESSAGES.networkError);
  });
  it('maps set-password failures by detail', () => {
    expect(setPasswordErrorMessage(http(400, 'Reset failed: token expired'))).toBe(
      'Your password reset link has expired. Please request a new one.',
    );
    expect(setPasswordErrorMessage(http(400, 'Invalid token'))).toBe(
      'Invalid password reset link. Please request a new one.',
    );
    expect(setPasswordErrorMessage(http(422, 'Password too weak'))).toBe('Password too weak');
    expect(setPasswordErrorMessage(http(500))).toBe('Failed to set new password');
    expect(setPasswordErrorMessage(offline())).toBe('Network error, please try again later');
  });
});

describe('safeRedirectPath', () => {
  it('follows same-origin paths only', () => {
    expect(safeRedirectPath('/admin/users?x=1')).toBe('/admin/users?x=1');
    expect(safeRedirectPath('https://evil.example')).toBeNull();
    expect(safeRedirectPath('//evil.example')).toBeNull();
    expect(safeRedirectPath(null)).toBeNull();
  });
});
