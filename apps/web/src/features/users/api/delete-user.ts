import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

export function deleteUser({ id }: { id: string }): Promise<void> {
  return api.delete<void>(`/users/${encodeURIComponent(id)}`);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
