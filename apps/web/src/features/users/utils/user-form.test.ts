import { PASSWORD_POLICY_MESSAGES } from '@qa/contracts';
import { describe, expect, it } from 'vitest';
import { parseBudget, userId, validateUserForm } from './user-form';
import { USER_MESSAGES } from './user-messages';

describe('validateUserForm', () => {
  it('requires an e-mail in a valid format', () => {
    expect(validateUserForm({ email: ' ', password: '' }).email).toBe(USER_MESSAGES.emailRequired);
    expect(validateUserForm({ email: 'not-an-email', password: '' }).email).toBe(USER_MESSAGES.emailInvalid);
    expect(validateUserForm({ email: 'ann@example.com', password: '' })).toEqual({});
  });

  it('accepts a blank password but checks a typed one against the policy', () => {
    expect(validateUserForm({ email: 'ann@example.com', password: 'Short1' }).password).toBe(
      PASSWORD_POLICY_MESSAGES.tooShort,
    );
    expect(validateUserForm({ email: 'ann@example.com', password: 'alllowercase1' }).password).toBe(
      PASSWORD_POLICY_MESSAGES.weak,
    );
    expect(validateUserForm({ email: 'ann@example.com', password: 'Str0ngPass' }).password).toBeUndefined();
  });

  it('checks the budget only when the form has one', () => {
    expect(validateUserForm({ email: 'ann@example.com', password: '', budget: 'lots' }).budget).toBe(
      USER_MESSAGES.budgetInvalid,
    );
    expect(validateUserForm({ email: 'ann@example.com', password: '', budget: '' })).toEqual({});
  });
});

describe('parseBudget', () => {
  it('reads blank as no limit and dollars as a number', () => {
    expect(parseBudget('')).toBeNull();
    expect(parseBudget(' 25 ')).toBe(25);
    expect(parseBudget('$12.50')).toBe(12.5);
  });
  it('rejects negative or non-numeric text', () => {
    expect(parseBudget('-1')).toBeUndefined();
    expect(parseBudget('ten')).toBeUndefined();
  });
});

describe('userId', () => {
  it('accepts id or _id and reports a missing one as null', () => {
    expect(userId({ id: 'u1' })).toBe('u1');
    expect(userId({ _id: 7 })).toBe('7');
    expect(userId({})).toBeNull();
  });
});
