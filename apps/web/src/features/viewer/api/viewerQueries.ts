import { endpoints } from '@linewalker/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /review/inspections/{id}: the inspection as the viewer shows it. */
export const useViewerInspection = (inspectionId: number) =>
  useQuery({
    queryKey: queryKeys.viewer.inspection(inspectionId),
    queryFn: ({ signal }) =>
      apiRequest(endpoints.viewer.inspection, { params: { id: inspectionId }, signal }),
  });

/** GET /inspections/images/{id}: every photo of the inspection, rejected ones included. */
export const useInspectionImages = (inspectionId: number) =>
  useQuery({
    queryKey: queryKeys.viewer.images(inspectionId),
    queryFn: ({ signal }) => apiRequest(endpoints.viewer.images, { params: { id: inspectionId }, signal }),
  });

/** GET /inspections/getImageAnnotations/{id} */
export const useImageAnnotations = (imageId: number | null) =>
  useQuery({
    queryKey: queryKeys.viewer.annotations(imageId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(endpoints.annotations.imageAnnotations, { params: { id: imageId ?? 0 }, signal }),
    enabled: imageId !== null,
    placeholderData: keepPreviousData,
  });

/** GET /annotations/categories */
export const useCategories = () =>
  useQuery({
    queryKey: queryKeys.categories,
    queryFn: ({ signal }) => apiRequest(endpoints.annotations.getCategories, { signal }),
    staleTime: 5 * 60_000,
  });

/** GET /review/inspections/{id}/history (staff). */
export const useReviewHistory = (inspectionId: number, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.viewer.history(inspectionId),
    queryFn: ({ signal }) => apiRequest(endpoints.viewer.history, { params: { id: inspectionId }, signal }),
    enabled,
  });

/** The URL of a photo in a size: the session cookie authorises it, so an <img> can load it. */
export const imageUrl = (imageId: number, size: 'THUMBNAIL_IMG' | 'MEDIUM_IMG' | 'FULL_IMG') =>
  `/api/v1/image/${imageId}?size=${size}`;
