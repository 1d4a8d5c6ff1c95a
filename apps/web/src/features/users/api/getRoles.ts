import { endpoints } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /api/v1/roles: role_name and display_name from the server (spec 3 §6). */
export const getRoles = (signal?: AbortSignal) => apiRequest(endpoints.users.roles, { signal });

export const rolesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.roles,
    queryFn: ({ signal }) => getRoles(signal),
    staleTime: 5 * 60_000,
  });

export const useRoles = () => useQuery(rolesQueryOptions());
