import { type ForgotPasswordRequest, Ok } from '@linewalker/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export const forgotPassword = (body: ForgotPasswordRequest) =>
  apiRequest('/users/forgot-password', { method: 'POST', body, schema: Ok });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
