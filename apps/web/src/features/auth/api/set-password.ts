import type { MessageResponse, SetPasswordRequest } from '@qa/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function setPassword({ token, new_password }: SetPasswordRequest): Promise<MessageResponse> {
  return api.post<MessageResponse>('/users/set-password', { token, new_password });
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
