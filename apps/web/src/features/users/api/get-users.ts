import type { User } from '@qa/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const usersQueryKey = ['users'] as const;

export function getUsers(): Promise<User[]> {
  return api
    .get<User[] | { users: User[] }>('/users')
    .then((body) => (Array.isArray(body) ? body : body.users));
}

export function useUsers() {
  return useQuery({ queryKey: usersQueryKey, queryFn: getUsers });
}
