import type { UpdateUserRequest, User } from '@qa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

/** A blank password keeps the current one, so it is only sent when typed. */
export function updateUser({ id, data }: { id: string; data: UpdateUserRequest }): Promise<User> {
  const { password, ...rest } = data;
  return api.put<User>(`/users/${encodeURIComponent(id)}`, { ...rest, ...(password ? { password } : {}) });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
