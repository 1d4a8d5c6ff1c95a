import { type BidWonResponse, endpoints } from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, staleAfter } from '../../../lib/queryKeys.ts';

/** POST /api/v1/bids/{id}/won: the bid's project becomes the customer's. */
export const markBidWon = (id: number): Promise<BidWonResponse> =>
  apiRequest(endpoints.bids.won, { params: { id } });

export function useMarkBidWon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markBidWon,
    onSuccess: () => invalidate(queryClient, staleAfter.bidSaved()),
  });
}
