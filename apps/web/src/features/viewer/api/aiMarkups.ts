import {
  type AiAcceptBody,
  AiAcceptResponse,
  AiMarkupList,
  AiOk,
  type AiReviewAllBody,
  AiReviewAllResponse,
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
      apiRequest('/ai/markups', { query: { imageId: imageId ?? 0 }, schema: AiMarkupList, signal }),
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
        apiRequest(`/ai/markups/${id}/accept`, { method: 'POST', body, schema: AiAcceptResponse }),
      onSuccess: refresh,
    }),
    dismiss: useMutation({
      mutationFn: (id: number) => apiRequest(`/ai/markups/${id}/dismiss`, { method: 'POST', schema: AiOk }),
      onSuccess: refresh,
    }),
    reviewAll: useMutation({
      mutationFn: (body: Omit<AiReviewAllBody, 'risk_level'> & { risk_level?: number }) =>
        apiRequest('/ai/markups/reviewAll', { method: 'POST', body, schema: AiReviewAllResponse }),
      onSuccess: refresh,
    }),
  };
}
