import { endpoints } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api.ts';
import { queryKeys } from './queryKeys.ts';

/** GET /inspections/uploadStats?projectId: image and structure counts of the project header. */
export const getUploadStats = (projectId: number, signal?: AbortSignal) =>
  apiRequest(endpoints.upload.stats, { query: { projectId }, signal });

export const uploadStatsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.structures.uploadStats(projectId),
    queryFn: ({ signal }) => getUploadStats(projectId, signal),
  });

export const useUploadStats = (projectId: number) => useQuery(uploadStatsQueryOptions(projectId));
