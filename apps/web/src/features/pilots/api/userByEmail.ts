import { endpoints } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /api/v1/users/byEmail/{email}: the known user the pilot form prefills from, or null. */
export const getUserByEmail = (email: string, signal?: AbortSignal) =>
  apiRequest(endpoints.users.byEmail, { params: { email }, signal });

/** Looked up only for a well-formed address (the form debounces it by 500 ms); a failure is only logged. */
export const useUserByEmail = (email: string | null) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.pilots.byEmail(email ?? ''),
      queryFn: ({ signal }) => getUserByEmail(email ?? '', signal),
      enabled: email !== null,
      staleTime: 30_000,
    }),
  );
