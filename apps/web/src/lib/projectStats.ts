import { endpoints, type ProjectStats } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api.ts';
import { queryKeys } from './queryKeys.ts';

/** GET /api/v1/structures/counts/{id} (spec 1 §7 'Project stats'). */
export const getProjectStats = (projectId: number, signal?: AbortSignal): Promise<ProjectStats> =>
  apiRequest(endpoints.structures.counts, { params: { id: projectId }, signal });

export const projectStatsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.structures.stats(projectId),
    queryFn: ({ signal }) => getProjectStats(projectId, signal),
  });

export const useProjectStats = (projectId: number) => useQuery(projectStatsQueryOptions(projectId));
