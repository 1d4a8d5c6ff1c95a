import { endpoints, type ResetPasswordRequest } from '@linewalker/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export const resetPassword = (body: ResetPasswordRequest) =>
  apiRequest(endpoints.auth.resetPassword, { body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
