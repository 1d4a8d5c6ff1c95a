import {
  ImageIdentifiersResponse,
  ImageToIdentifiersResponse,
  type StepClipBody,
  StepClipResponse,
  UpdateIdentifierResponse,
} from '@linewalker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, queryKeys } from '../../../lib/queryKeys.ts';

/** GET /annotations/imageIdentifiers: the shot identifiers (reference data). */
export const useImageIdentifiers = () =>
  useQuery({
    queryKey: queryKeys.imageIdentifiers,
    queryFn: ({ signal }) =>
      apiRequest('/annotations/imageIdentifiers', { schema: ImageIdentifiersResponse, signal }),
    staleTime: 5 * 60_000,
  });

/** GET /annotations/imageToIdentifiers?inspectionId: the identifiers of the inspection's photos. */
export const useImageToIdentifiers = (inspectionId: number) =>
  useQuery({
    queryKey: queryKeys.viewer.shotIdentifiers(inspectionId),
    queryFn: ({ signal }) =>
      apiRequest('/annotations/imageToIdentifiers', {
        query: { inspectionId },
        schema: ImageToIdentifiersResponse,
        signal,
      }),
  });

/** PUT /annotations/updateIdentifier?imageId&identifierId (-1: none). */
export function useUpdateIdentifier(inspectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { imageId: number; identifierId: number }) =>
      apiRequest('/annotations/updateIdentifier', {
        method: 'PUT',
        query: { imageId: v.imageId, identifierId: v.identifierId },
        schema: UpdateIdentifierResponse,
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
      apiRequest(`/inspections/images/stepclip/${v.imageId}`, {
        method: 'PUT',
        body: v.angles,
        schema: StepClipResponse,
      }),
    onSuccess: () =>
      invalidate(queryClient, [
        queryKeys.viewer.images(inspectionId),
        queryKeys.viewer.history(inspectionId),
      ]),
  });
}
