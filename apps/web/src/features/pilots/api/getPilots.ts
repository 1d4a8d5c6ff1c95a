import { endpoints } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /api/v1/pilots: every current pilot and the pilot stats. */
export const getPilots = (signal?: AbortSignal) => apiRequest(endpoints.pilots.directory, { signal });

export const pilotsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.pilots.directory(), queryFn: ({ signal }) => getPilots(signal) });

export const usePilots = () => useQuery(pilotsQueryOptions());
