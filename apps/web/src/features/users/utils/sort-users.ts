import type { User } from '@qa/contracts';

export type UserSortKey = 'email' | 'role' | 'created_at' | 'last_login';
export type SortDirection = 'asc' | 'desc';
export type UserSort = { key: UserSortKey; direction: SortDirection };

type Sortable = Pick<User, 'email' | 'role' | 'created_at' | 'last_login'>;

function time(value: string | null | undefined): number {
  if (!value) return Number.NEGATIVE_INFINITY;
  const t = Date.parse(value);
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
}

function compareEmail(a: Sortable, b: Sortable): number {
  return a.email.localeCompare(b.email, 'en', { sensitivity: 'base' });
}

function compareBy(key: UserSortKey, a: Sortable, b: Sortable): number {
  switch (key) {
    case 'email':
      return compareEmail(a, b);
    case 'role':
      return a.role.localeCompare(b.role);
    case 'created_at':
    case 'last_login': {
      const x = time(a[key]);
      const y = time(b[key]);
      return x === y ? 0 : x < y ? -1 : 1;
    }
  }
}

/**
 * Sorts a copy of the list by one column in either direction; equal values are always broken by e-mail
 * (A to Z) so the order is stable and predictable. Users who never logged in count as the oldest.
 */
export function sortUsers<T extends Sortable>(users: readonly T[], { key, direction }: UserSort): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...users].sort((a, b) => compareBy(key, a, b) * sign || compareEmail(a, b));
}

/** Case-insensitive e-mail search. */
export function filterUsersByEmail<T extends Pick<User, 'email'>>(users: readonly T[], search: string): T[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...users];
  return users.filter((user) => user.email.toLowerCase().includes(needle));
}

/** The next sort after a header click: the same column flips direction, a new column starts ascending. */
export function nextSort(current: UserSort, key: UserSortKey): UserSort {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: 'asc' };
}
