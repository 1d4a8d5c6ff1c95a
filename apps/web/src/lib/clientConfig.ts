import { ClientConfig } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api.ts';
import { queryKeys } from './queryKeys.ts';

/** Public settings; the map reads `mapStyleUrl` (null: the bundled offline style). */
export const getClientConfig = (signal?: AbortSignal) =>
  apiRequest('/config', { schema: ClientConfig, signal });

export const clientConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.config,
    queryFn: ({ signal }) => getClientConfig(signal),
    // Fixed for the life of the server process.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useClientConfig = () => useQuery(clientConfigQueryOptions());
