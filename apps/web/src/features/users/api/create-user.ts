import type { CreateUserRequest, User } from '@qa/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

export function createUser({ email, password, role, send_invite }: CreateUserRequest): Promise<User> {
  return api.post<User>('/users', { email, role, send_invite, ...(password ? { password } : {}) });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
