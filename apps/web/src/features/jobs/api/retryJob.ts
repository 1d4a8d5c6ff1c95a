import { endpoints } from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** POST /api/v1/admin/jobs/{id}/retry: a failed job runs again with fresh attempts. */
export const retryJob = (id: number) => apiRequest(endpoints.jobs.retry, { params: { id } });

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.jobs.all }),
  });
}
