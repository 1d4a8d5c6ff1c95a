import { Ok, type ResetPasswordRequest } from '@linewalker/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export const resetPassword = (body: ResetPasswordRequest) =>
  apiRequest('/users/reset-password', { method: 'POST', body, schema: Ok });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
