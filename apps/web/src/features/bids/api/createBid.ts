import { type BidCreateInput, type BidCreateResponse, endpoints } from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, staleAfter } from '../../../lib/queryKeys.ts';

/** POST /api/v1/bids: the bid, its project and the mapped KMZ files (spec 3 §7 'Save project … kmzs'). */
export const createBid = (body: BidCreateInput): Promise<BidCreateResponse> =>
  apiRequest(endpoints.bids.create, { body });

export function useCreateBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBid,
    onSuccess: () => invalidate(queryClient, staleAfter.bidSaved()),
  });
}
