import { endpoints, IMAGE_BATCH_SIZE, toBatches } from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, staleAfter } from '../../../lib/queryKeys.ts';

/** Rejects photos with a reason (spec 2 §7 'Reject photos'). */
export const rejectImages = (notes: string, imageIds: readonly number[]) =>
  apiRequest(endpoints.upload.rejectImages, { body: { notes, imageIds: [...imageIds] } });

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
