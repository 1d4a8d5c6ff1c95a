import { endpoints } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { thumbnailRefetchInterval } from '../tab/model/thumbnails.ts';

/** A structure with its photos, for its expanded table row (spec 2 §7 "Structure's images"). */
export const getStructureImages = (projectId: number, structureId: number, signal?: AbortSignal) =>
  apiRequest(endpoints.upload.structureWithImages, { query: { structureId, projectId }, signal });

export const structureImagesQueryOptions = (projectId: number, structureId: number) =>
  queryOptions({
    queryKey: queryKeys.uploads.structureImages(projectId, structureId),
    queryFn: ({ signal }) => getStructureImages(projectId, structureId, signal),
    // Fetched again while a new photo's thumbnail is being made.
    refetchInterval: (query) => thumbnailRefetchInterval(query.state.data?.images),
  });

export const useStructureImages = (projectId: number, structureId: number, enabled = true) =>
  useQuery({ ...structureImagesQueryOptions(projectId, structureId), enabled });
