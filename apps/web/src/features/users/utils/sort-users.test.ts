import { describe, expect, it } from 'vitest';
import { filterUsersByEmail, nextSort, sortUsers } from './sort-users';

const users = [
  { email: 'carol@example.com', role: 'user', created_at: '2025-01-02T10:00:00Z', last_login: null },
  {
    email: 'alice@example.com',
    role: 'admin',
    created_at: '2025-01-03T10:00:00Z',
    last_login: '2025-02-01T09:00:00Z',
  },
  {
    email: 'bob@example.com',
    role: 'user',
    created_at: '2025-01-02T10:00:00Z',
    last_login: '2025-02-03T09:00:00Z',
  },
  { email: 'Dave@example.com', role: 'admin', created_at: '2025-01-01T10:00:00Z', last_login: null },
] as const;

const emails = (list: readonly { email: string }[]) => list.map((u) => u.email);

describe('sortUsers', () => {
  it('sorts by e-mail ignoring case, both ways', () => {
    expect(emails(sortUsers(users, { key: 'email', direction: 'asc' }))).toEqual([
      'alice@example.com',
      'bob@example.com',
      'carol@example.com',
      'Dave@example.com',
    ]);
    expect(emails(sortUsers(users, { key: 'email', direction: 'desc' }))[0]).toBe('Dave@example.com');
  });

  it('breaks role ties by e-mail, A to Z, in either direction', () => {
    expect(emails(sortUsers(users, { key: 'role', direction: 'asc' }))).toEqual([
      'alice@example.com',
      'Dave@example.com',
      'bob@example.com',
      'carol@example.com',
    ]);
    expect(emails(sortUsers(users, { key: 'role', direction: 'desc' }))).toEqual([
      'bob@example.com',
      'carol@example.com',
      'alice@example.com',
      'Dave@example.com',
    ]);
  });

  it('sorts by creation date with ties by e-mail', () => {
    expect(emails(sortUsers(users, { key: 'created_at', direction: 'asc' }))).toEqual([
      'Dave@example.com',
      'bob@example.com',
      'carol@example.com',
      'alice@example.com',
    ]);
  });

  it('treats never-logged-in users as the oldest last login', () => {
    expect(emails(sortUsers(users, { key: 'last_login', direction: 'desc' }))).toEqual([
      'bob@example.com',
      'alice@example.com',
      'carol@example.com',
      'Dave@example.com',
    ]);
  });

  it('does not modify the list it was given', () => {
    const before = emails(users);
    sortUsers(users, { key: 'email', direction: 'desc' });
    expect(emails(users)).toEqual(before);
  });
});

describe('nextSort', () => {
  it('flips the direction on the same column and starts a new column ascending', () => {
    expect(nextSort({ key: 'email', direction: 'asc' }, 'email')).toEqual({
      key: 'email',
      direction: 'desc',
    });
    expect(nextSort({ key: 'email', direction: 'desc' }, 'email')).toEqual({
      key: 'email',
      direction: 'asc',
    });
    expect(nextSort({ key: 'email', direction: 'desc' }, 'role')).toEqual({ key: 'role', direction: 'asc' });
  });
});

describe('filterUsersByEmail', () => {
  it('matches part of an e-mail regardless of case', () => {
    expect(emails(filterUsersByEmail(users, '  DAVE '))).toEqual(['Dave@example.com']);
    expect(filterUsersByEmail(users, '')).toHaveLength(4);
    expect(filterUsersByEmail(users, 'nobody')).toHaveLength(0);
  });
});
