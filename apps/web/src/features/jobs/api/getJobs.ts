import { type AdminJobsQuery, endpoints } from '@linewalker/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { jobFiltersFrom } from './jobFilters.ts';

export const getJobs = (query: AdminJobsQuery, signal?: AbortSignal) =>
  apiRequest(endpoints.jobs.list, { query, signal });

export const jobsQueryOptions = (query: AdminJobsQuery) =>
  queryOptions({
    queryKey: queryKeys.admin.jobs.list(query),
    queryFn: ({ signal }) => getJobs(query, signal),
    staleTime: 0,
    // Running jobs move; the progress bars follow without a reload.
    refetchInterval: 3_000,
    placeholderData: keepPreviousData,
  });

/** One page of jobs, filtered by the `?state=` and `?name=` of the address. */
export function useJobs(page: { limit: number; offset: number }) {
  const [searchParams] = useSearchParams();
  return useQuery(jobsQueryOptions({ ...page, ...jobFiltersFrom(searchParams) }));
}
