import { endpoints } from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { apiRequest } from '../../../lib/api.ts';
import { replaceSession } from '../../../lib/session.ts';
import { markLoggingOut } from '../logoutIntent.ts';

export const logout = () => apiRequest(endpoints.auth.logout);

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    // Clear locally even when the call fails (e.g. the session had already expired).
    onSettled: () => {
      markLoggingOut();
      replaceSession(queryClient, null);
      // Public pages have no login guard to do this.
      navigate(paths.login.getHref(), { replace: true });
    },
  });
}
