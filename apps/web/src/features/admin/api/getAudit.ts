import { endpoints, type PageQuery } from '@linewalker/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

export const getAudit = (page: PageQuery, signal?: AbortSignal) =>
  apiRequest(endpoints.admin.audit, { query: page, signal });

export const auditQueryOptions = (page: PageQuery) =>
  queryOptions({
    queryKey: queryKeys.admin.audit(page),
    queryFn: ({ signal }) => getAudit(page, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useAudit = (page: PageQuery) => useQuery(auditQueryOptions(page));
