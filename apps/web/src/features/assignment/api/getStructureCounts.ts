import { ProjectStats } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { assignmentKeys } from './queryKeys.ts';

/** The numbers behind the Overall, Acquisition and Inspected stat groups (spec 1 §7 'Project stats'). */
export const getStructureCounts = (projectId: number, signal?: AbortSignal) =>
  apiRequest(`/structures/counts/${projectId}`, { schema: ProjectStats, signal });

export const structureCountsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: assignmentKeys.counts(projectId),
    queryFn: ({ signal }) => getStructureCounts(projectId, signal),
  });

export const useStructureCounts = (projectId: number) => useQuery(structureCountsQueryOptions(projectId));
