import { type BidListItem, endpoints } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /api/v1/bids: every bid, newest first. */
export const getBids = (signal?: AbortSignal): Promise<BidListItem[]> =>
  apiRequest(endpoints.bids.list, { signal });

/** The list; refetched every 2 s while a bid's project is still importing its structures. */
export const useBids = () =>
  useQuery({
    ...queryOptions({ queryKey: queryKeys.bids.list(), queryFn: ({ signal }) => getBids(signal) }),
    refetchInterval: (query) => (query.state.data?.some((b) => b.importing) ? 2_000 : false),
  });
