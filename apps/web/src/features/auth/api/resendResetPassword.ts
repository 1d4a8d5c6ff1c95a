import { endpoints, type ResendResetRequest } from '@linewalker/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export const resendResetPassword = (body: ResendResetRequest) =>
  apiRequest(endpoints.auth.resendResetPassword, { body });

export const useResendResetPassword = () => useMutation({ mutationFn: resendResetPassword });
