import { endpoints } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /api/v1/pilots/project/{id}: every pilot with distance and scheduling status on the project. */
export const getProjectPilots = (projectId: number, signal?: AbortSignal) =>
  apiRequest(endpoints.pilots.project, { params: { id: projectId }, signal });

export const projectPilotsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.pilots.project(projectId),
    queryFn: ({ signal }) => getProjectPilots(projectId, signal),
  });

export const useProjectPilots = (projectId: number) => useQuery(projectPilotsQueryOptions(projectId));
