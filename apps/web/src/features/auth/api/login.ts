import { endpoints, type LoginRequest, type LoginResponse } from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { replaceSession } from '../../../lib/session.ts';
import { clearLoggingOut } from '../logoutIntent.ts';

export const login = (body: LoginRequest): Promise<LoginResponse> =>
  apiRequest(endpoints.auth.login, { body });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ session }) => {
      clearLoggingOut();
      replaceSession(queryClient, session);
    },
  });
}
