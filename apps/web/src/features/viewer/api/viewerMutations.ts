import { type CreateAnnotationBody, CreateAnnotationResponse, endpoints } from '@linewalker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, queryKeys } from '../../../lib/queryKeys.ts';

/**
 * A review action changes the viewer's inspection and photos, its history, and every list of the project's
 * inspections and photos (counts, risk, reject counts).
 */
function useReviewInvalidation(inspectionId: number, projectId: number) {
  const queryClient = useQueryClient();
  return () =>
    invalidate(queryClient, [
      queryKeys.viewer.inspection(inspectionId),
      queryKeys.viewer.images(inspectionId),
      queryKeys.viewer.history(inspectionId),
      queryKeys.inspections.project(projectId),
      queryKeys.uploads.project(projectId),
      queryKeys.structures.project(projectId),
      queryKeys.projects.detail(projectId),
    ]);
}

export function useReviewMutations(inspectionId: number, projectId: number) {
  const refresh = useReviewInvalidation(inspectionId, projectId);
  const queryClient = useQueryClient();
  const params = { id: inspectionId };

  return {
    reject: useMutation({
      mutationFn: (v: { imageIds: number[]; notes: string }) =>
        apiRequest(endpoints.upload.rejectImages, { body: v }),
      onSuccess: refresh,
    }),
    unreject: useMutation({
      // One call per photo (spec 2 §7).
      mutationFn: async (imageIds: number[]) => {
        for (const id of imageIds) await apiRequest(endpoints.upload.unrejectImage, { params: { id } });
      },
      onSuccess: refresh,
    }),
    requestReshoot: useMutation({
      mutationFn: (v: { reason: string; pole: string; line: string; component: number | null }) =>
        apiRequest(endpoints.viewer.requestReshoot, { params, body: v }),
      onSuccess: refresh,
    }),
    withdrawReshoot: useMutation({
      mutationFn: () => apiRequest(endpoints.viewer.withdrawReshoot, { params }),
      onSuccess: refresh,
    }),
    escalate: useMutation({
      mutationFn: async () => {
        const answer = await apiRequest(endpoints.viewer.escalate, { params });
        if (!answer.success) throw new Error('not confirmed');
        return answer;
      },
      onSuccess: refresh,
    }),
    createAnnotation: useMutation({
      mutationFn: async (body: CreateAnnotationBody) =>
        // Without model_id the answer is the annotation (with one, an AI patch: usePhotoPatches).
        CreateAnnotationResponse.parse(await apiRequest(endpoints.annotations.create, { body })),
      onSuccess: (_, body) => {
        void invalidate(queryClient, [queryKeys.viewer.annotations(body.image_id)]);
        void refresh();
      },
    }),
    deleteAnnotation: useMutation({
      mutationFn: (v: { id: number; imageId: number }) =>
        apiRequest(endpoints.annotations.deleteAnnotation, { params: { id: v.id } }),
      onSuccess: (_, v) => {
        void invalidate(queryClient, [queryKeys.viewer.annotations(v.imageId)]);
        void refresh();
      },
    }),
    updateNote: useMutation({
      mutationFn: (v: { imageId: number; imageNote: string }) =>
        apiRequest(endpoints.annotations.putUpdateNote, {
          query: { imageId: v.imageId },
          body: { imageNote: v.imageNote },
        }),
      onSuccess: refresh,
    }),
  };
}

/** Add New Component / Add New Deficiency: the categories are reloaded after (spec 2 §7). */
export function useAddCategory() {
  const queryClient = useQueryClient();
  const reload = () => invalidate(queryClient, [queryKeys.categories]);
  return {
    addComponent: useMutation({
      mutationFn: (newComponent: string) =>
        apiRequest(endpoints.annotations.postAddComponent, { body: { newComponent } }),
      onSuccess: reload,
    }),
    addDeficiency: useMutation({
      mutationFn: (v: { newDeficiency: string; categoryId: number }) =>
        apiRequest(endpoints.annotations.postAddDeficiency, { body: v }),
      onSuccess: reload,
    }),
  };
}

/** imageViewed / imageZoomed: fire and forget; the photo list learns first_viewed on its next load. */
export function markImage(what: 'imageViewed' | 'imageZoomed', imageId: number): void {
  apiRequest(endpoints.viewer[what], { body: { imageId } }).catch(() => undefined);
}
