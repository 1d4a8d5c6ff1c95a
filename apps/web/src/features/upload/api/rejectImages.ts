import { IMAGE_BATCH_SIZE, toBatches } from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, staleAfter } from '../../../lib/queryKeys.ts';
import { IgnoredAnswer } from './ignoredAnswer.ts';

/** Rejects photos with a reason (spec 2 §7 'Reject photos'). */
export const rejectImages = (notes: string, imageIds: readonly number[]) =>
  apiRequest('/inspections/images/reject', {
    method: 'POST',
    body: { notes, imageIds },
    schema: IgnoredAnswer,
  });

/** Sends the photos in batches of at most 10,000, then fetches the project's photo views again. */
export function useRejectImages(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ notes, imageIds }: { notes: string; imageIds: readonly number[] }) => {
      for (const batch of toBatches(imageIds, IMAGE_BATCH_SIZE)) await rejectImages(notes, batch);
    },
    onSettled: () => invalidate(queryClient, staleAfter.imagesChanged(projectId)),
  });
}
