import { endpoints, type UserListQuery } from '@linewalker/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /api/v1/users: one page of users, searched and sorted by the server. */
export const getUsers = (query: UserListQuery, signal?: AbortSignal) =>
  apiRequest(endpoints.users.list, { query, signal });

export const usersQueryOptions = (query: UserListQuery) =>
  queryOptions({
    queryKey: queryKeys.users.list(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    // Typing in the search box keeps the last page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export const useUsers = (query: UserListQuery) => useQuery(usersQueryOptions(query));
