import { type BidWonResponse, BidWonResponse as Schema } from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, staleAfter } from '../../../lib/queryKeys.ts';

/** POST /api/v1/bids/{id}/won: the bid's project becomes the customer's. */
export const markBidWon = (id: number): Promise<BidWonResponse> =>
  apiRequest(`/bids/${id}/won`, { method: 'POST', schema: Schema });

export function useMarkBidWon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markBidWon,
    onSuccess: () => invalidate(queryClient, staleAfter.bidSaved()),
  });
}
