import { endpoints } from '@linewalker/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /api/v1/jobs/{id}: a bid's import job, asked again every 2 s until it has finished. */
export const useImportJob = (jobId: number) =>
  useQuery({
    queryKey: queryKeys.bids.importJob(jobId),
    queryFn: ({ signal }) => apiRequest(endpoints.jobs.status, { params: { id: jobId }, signal }),
    // Only its owner (and a super admin) may read a job: another user sees 'Importing…' without a figure.
    retry: false,
    refetchInterval: (q) =>
      q.state.status === 'error' ||
      (q.state.data && ['succeeded', 'failed', 'cancelled'].includes(q.state.data.state))
        ? false
        : 2_000,
  });
