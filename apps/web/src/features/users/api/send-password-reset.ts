import type { MessageResponse } from '@qa/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The admin Reset Password action uses the public request endpoint. */
export function sendPasswordReset({ email }: { email: string }): Promise<MessageResponse> {
  return api.post<MessageResponse>('/users/request-password-reset', { email });
}

export function useSendPasswordReset() {
  return useMutation({ mutationFn: sendPasswordReset });
}
