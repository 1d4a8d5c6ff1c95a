import { endpoints } from '@linewalker/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /api/v1/customers/nameInUse/{name}: true when another company has the name (any case). */
export const getNameInUse = (name: string, id: number | null, signal?: AbortSignal): Promise<boolean> =>
  apiRequest(endpoints.customers.nameInUse, { params: { name }, query: { id: id ?? undefined }, signal });

export const nameInUseQueryOptions = (name: string, id: number | null) =>
  queryOptions({
    queryKey: queryKeys.customers.nameInUse(name.trim().toLowerCase(), id),
    queryFn: ({ signal }) => getNameInUse(name.trim(), id, signal),
    staleTime: 0,
    retry: false,
  });
