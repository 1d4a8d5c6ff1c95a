import { endpoints, type ForgotPasswordRequest } from '@linewalker/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export const forgotPassword = (body: ForgotPasswordRequest) =>
  apiRequest(endpoints.auth.forgotPassword, { body });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
