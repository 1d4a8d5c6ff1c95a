import { endpoints, type StepClipBody } from '@linewalker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, queryKeys } from '../../../lib/queryKeys.ts';

/** GET /annotations/imageIdentifiers: the shot identifiers (reference data). */
export const useImageIdentifiers = () =>
  useQuery({
    queryKey: queryKeys.imageIdentifiers,
    queryFn: ({ signal }) => apiRequest(endpoints.imageInfo.getImageIdentifiers, { signal }),
    staleTime: 5 * 60_000,
  });

/** GET /annotations/imageToIdentifiers?inspectionId: the identifiers of the inspection's photos. */
export const useImageToIdentifiers = (inspectionId: number) =>
  useQuery({
    queryKey: queryKeys.viewer.shotIdentifiers(inspectionId),
    queryFn: ({ signal }) =>
      apiRequest(endpoints.imageInfo.getImageToIdentifiers, { query: { inspectionId }, signal }),
  });

/** PUT /annotations/updateIdentifier?imageId&identifierId (-1: none). */
export function useUpdateIdentifier(inspectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { imageId: number; identifierId: number }) =>
      apiRequest(endpoints.imageInfo.putUpdateIdentifier, {
        query: { imageId: v.imageId, identifierId: v.identifierId },
      }),
    onSuccess: () =>
      invalidate(queryClient, [
        queryKeys.viewer.shotIdentifiers(inspectionId),
        queryKeys.viewer.history(inspectionId),
      ]),
  });
}

/** PUT /inspections/images/stepclip/{id}: the step-clip AI info panel's Save. */
export function useSaveStepClip(inspectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { imageId: number; angles: StepClipBody }) =>
      apiRequest(endpoints.imageInfo.putStepclipById, { params: { id: v.imageId }, body: v.angles }),
    onSuccess: () =>
      invalidate(queryClient, [
        queryKeys.viewer.images(inspectionId),
        queryKeys.viewer.history(inspectionId),
      ]),
  });
}
