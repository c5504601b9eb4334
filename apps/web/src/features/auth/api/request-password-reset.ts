import type { MessageResponse, RequestPasswordReset } from '@qa/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function requestPasswordReset({ email }: RequestPasswordReset): Promise<MessageResponse> {
  return api.post<MessageResponse>('/users/request-password-reset', { email });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
