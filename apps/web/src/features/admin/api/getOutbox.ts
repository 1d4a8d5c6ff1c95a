import { endpoints, type PageQuery } from '@linewalker/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

export const getOutbox = (page: PageQuery, signal?: AbortSignal) =>
  apiRequest(endpoints.admin.outbox, { query: page, signal });

export const outboxQueryOptions = (page: PageQuery) =>
  queryOptions({
    queryKey: queryKeys.admin.outbox(page),
    queryFn: ({ signal }) => getOutbox(page, signal),
    // New mail keeps arriving; an admin watching for a reset link should not have to reload.
    staleTime: 0,
    refetchInterval: 10_000,
    placeholderData: keepPreviousData,
  });

export const useOutbox = (page: PageQuery) => useQuery(outboxQueryOptions(page));
