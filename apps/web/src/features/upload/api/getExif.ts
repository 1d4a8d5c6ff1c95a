import { endpoints } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** A stored photo's EXIF entries, verified md5 and size (spec 2 §7 'Get EXIF'). */
export const getExif = (imageId: number, signal?: AbortSignal) =>
  apiRequest(endpoints.uploadImages.exifOf, { query: { imageId }, signal });

export const exifQueryOptions = (imageId: number) =>
  queryOptions({
    queryKey: queryKeys.images.exif(imageId),
    queryFn: ({ signal }) => getExif(imageId, signal),
    // A stored original never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useExif = (imageId: number | null) =>
  useQuery({ ...exifQueryOptions(imageId ?? 0), enabled: imageId !== null });
