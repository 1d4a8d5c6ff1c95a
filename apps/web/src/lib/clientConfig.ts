import { type ClientConfig, endpoints } from '@linewalker/domain';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api.ts';
import { queryKeys } from './queryKeys.ts';

/** Public settings; the maps read `basemaps` (Streets and Satellite, and whether the server reached them). */
export const getClientConfig = (signal?: AbortSignal) =>
  apiRequest(endpoints.clientConfig.basemapsForClient, { signal });

export const clientConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.config,
    queryFn: ({ signal }) => getClientConfig(signal),
    // Settings are fixed for the life of the server process; whether the basemaps are reachable is asked
    // again now and then (the server keeps its probe's answer for MAP_PROBE_INTERVAL_SECONDS).
    staleTime: 5 * 60_000,
  });

export const useClientConfig = () => useQuery(clientConfigQueryOptions());

const NO_BASEMAPS: ClientConfig['basemaps'] = { streets: null, satellite: null };

/** A map's basemaps from the config query: undefined while it loads; none (Offline only) when it failed. */
export const basemapsOf = (config: UseQueryResult<ClientConfig>): ClientConfig['basemaps'] | undefined =>
  config.isPending ? undefined : (config.data?.basemaps ?? NO_BASEMAPS);
