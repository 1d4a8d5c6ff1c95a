import { endpoints, IMAGE_BATCH_SIZE, toBatches } from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, staleAfter } from '../../../lib/queryKeys.ts';

/** Puts photos on a structure (spec 2 §7 'Reassign images'). */
export const reassignImages = (projectId: number, newStructureId: number, imageIds: readonly number[]) =>
  apiRequest(endpoints.upload.reassignImages, {
    query: { newStructureId, projectId },
    body: { imageIds: [...imageIds] },
  });

/**
 * Sends the photos in batches of at most 10,000 (spec 2 §7), one after another; whatever happened,
 * the project's photo views are fetched again (batches already sent did change the server).
 */
export function useReassignImages(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ structureId, imageIds }: { structureId: number; imageIds: readonly number[] }) => {
      let count = 0;
      for (const batch of toBatches(imageIds, IMAGE_BATCH_SIZE)) {
        count += (await reassignImages(projectId, structureId, batch)).count;
      }
      return count;
    },
    onSettled: () => invalidate(queryClient, staleAfter.imagesChanged(projectId)),
  });
}
