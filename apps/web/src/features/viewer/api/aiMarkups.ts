import {
  type AiAcceptBody,
  type AiReviewAllBody,
  CreateAiPatchResponse,
  endpoints,
} from '@linewalker/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, queryKeys } from '../../../lib/queryKeys.ts';

const markupsKey = (imageId: number) => [...queryKeys.viewer.all, 'aiMarkups', imageId] as const;

/** GET /ai/markups?imageId=: every model's markups of the photo, best score first. */
export const useImageMarkups = (imageId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: markupsKey(imageId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(endpoints.aiMarkups.getMarkups, { query: { imageId: imageId ?? 0 }, signal }),
    enabled: enabled && imageId !== null,
    placeholderData: keepPreviousData,
  });

/**
 * Accept (it becomes an annotation) or dismiss one markup, or all of a photo's above the slider. Each
 * changes the photo's markups and annotations and the Inspect tab's AI counts.
 */
export function useMarkupReview(imageId: number | null, projectId: number) {
  const queryClient = useQueryClient();
  const refresh = () =>
    imageId === null
      ? undefined
      : invalidate(queryClient, [
          markupsKey(imageId),
          queryKeys.viewer.annotations(imageId),
          queryKeys.inspections.project(projectId),
        ]);
  return {
    accept: useMutation({
      mutationFn: ({ id, ...body }: AiAcceptBody & { id: number }) =>
        apiRequest(endpoints.aiMarkups.postAccept, { params: { id }, body }),
      onSuccess: refresh,
    }),
    dismiss: useMutation({
      mutationFn: (id: number) => apiRequest(endpoints.aiMarkups.postDismiss, { params: { id } }),
      onSuccess: refresh,
    }),
    reviewAll: useMutation({
      mutationFn: (body: Omit<AiReviewAllBody, 'risk_level'> & { risk_level?: number }) =>
        apiRequest(endpoints.aiMarkups.postReviewAll, { body }),
      onSuccess: refresh,
    }),
  };
}

/** GET /ai/models: the AI mode's model choice (spec 2 §7 'AI: all models'). */
export const useAiModelChoices = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.ai.models(),
    queryFn: ({ signal }) => apiRequest(endpoints.ai.models, { signal }),
    enabled,
    staleTime: 60_000,
  });

/** A shape drawn in AI mode, in the photo's pixels, with its note. */
export interface NewAiPatch {
  modelId: number;
  shape:
    | { rectangle: { x: number; y: number; width: number; height: number } }
    | { polygon: Array<[number, number]> };
  text: string | null;
  imageWidth: number;
  imageHeight: number;
}

/**
 * Insert AI patch (POST /annotations with model_id, spec 2 §7) and Delete AI patch (POST /ai/deletePatch/{id}):
 * each changes the photo's AI view and the model's counts.
 */
export function usePhotoPatches(imageId: number | null) {
  const queryClient = useQueryClient();
  const refresh = () =>
    imageId === null ? undefined : invalidate(queryClient, [markupsKey(imageId), queryKeys.ai.all]);
  return {
    create: useMutation({
      mutationFn: async (p: NewAiPatch) =>
        // With model_id the answer is the AI patch.
        CreateAiPatchResponse.parse(
          await apiRequest(endpoints.annotations.create, {
            body: {
              image_id: imageId,
              model_id: p.modelId,
              ...p.shape,
              text: p.text,
              image_width: p.imageWidth,
              image_height: p.imageHeight,
            },
          }),
        ),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => apiRequest(endpoints.ai.deletePatch, { params: { id } }),
      onSuccess: refresh,
    }),
  };
}
