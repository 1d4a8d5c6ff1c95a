import { Ok, type ResendResetRequest } from '@linewalker/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export const resendResetPassword = (body: ResendResetRequest) =>
  apiRequest('/users/resend-reset-password', { method: 'POST', body, schema: Ok });

export const useResendResetPassword = () => useMutation({ mutationFn: resendResetPassword });
