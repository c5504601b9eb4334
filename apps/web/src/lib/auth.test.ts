import { describe, expect, it } from 'vitest';
import { toAuthUser } from './auth';

describe('toAuthUser', () => {
  it('accepts id or _id', () => {
    expect(toAuthUser({ id: 'u1', email: 'a@b.co', role: 'admin' })).toEqual({
      id: 'u1',
      email: 'a@b.co',
      role: 'admin',
    });
    expect(toAuthUser({ _id: 5, email: 'a@b.co', role: 'user' })).toEqual({
      id: '5',
      email: 'a@b.co',
      role: 'user',
    });
  });
  it('rejects a user without an id', () => {
    expect(toAuthUser({ email: 'a@b.co', role: 'admin' })).toBeNull();
    expect(toAuthUser({ id: '', email: 'a@b.co' })).toBeNull();
    expect(toAuthUser(null)).toBeNull();
  });
  it('treats any role but admin as user', () => {
    expect(toAuthUser({ id: 'x', email: 'a@b.co', role: 'superuser' })?.role).toBe('user');
  });
});
