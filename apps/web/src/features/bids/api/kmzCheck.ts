import { endpoints, type KmzCheckResponse, type KmzMapping } from '@linewalker/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** POST /api/v1/bids/kmzCheck: each mapped file checked as the save would (counts; nothing written). */
export const checkKmzs = (kmzs: KmzMapping[], signal?: AbortSignal): Promise<KmzCheckResponse> =>
  apiRequest(endpoints.bids.kmzCheck, { body: { kmzs }, signal });

/** POST /api/v1/bids/kmzSkippedRows: every placemark of `kmzs[index]` the import would skip, as a CSV. */
export const getKmzSkippedRows = (kmzs: KmzMapping[], index: number): Promise<string> =>
  apiRequest(endpoints.bids.kmzSkippedRows, { body: { kmzs, index } });

/**
 * The check of the step's complete mappings, asked again whenever a mapping changes (the caller debounces
 * the mappings); the last answer stays shown while the next one is on its way.
 */
export const useKmzCheck = (kmzs: KmzMapping[]) =>
  useQuery({
    queryKey: queryKeys.bids.kmzCheck(kmzs),
    queryFn: ({ signal }) => checkKmzs(kmzs, signal),
    enabled: kmzs.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
