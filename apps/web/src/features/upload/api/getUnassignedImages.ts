import { endpoints } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { thumbnailRefetchInterval } from '../tab/model/thumbnails.ts';

/** The project's photos on no structure (spec 2 §7 'Unassigned images'). */
export const getUnassignedImages = (projectId: number, signal?: AbortSignal) =>
  apiRequest(endpoints.upload.unassignedImages, { query: { projectId }, signal });

export const unassignedImagesQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.uploads.unassigned(projectId),
    queryFn: ({ signal }) => getUnassignedImages(projectId, signal),
    // Fetched again while a new photo's thumbnail is being made.
    refetchInterval: (query) => thumbnailRefetchInterval(query.state.data),
  });

export const useUnassignedImages = (projectId: number, enabled = true) =>
  useQuery({ ...unassignedImagesQueryOptions(projectId), enabled });
