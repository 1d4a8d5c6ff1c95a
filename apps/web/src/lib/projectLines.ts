import { endpoints } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api.ts';
import { queryKeys } from './queryKeys.ts';

/** The project's lines: the header's Line filter, the Assignment filter, the upload Line selects. */
export const getProjectLines = (projectId: number, signal?: AbortSignal) =>
  apiRequest(endpoints.structures.projectLines, { query: { projectId }, signal });

export const projectLinesQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.structures.lines(projectId),
    queryFn: ({ signal }) => getProjectLines(projectId, signal),
  });

export const useProjectLines = (projectId: number) => useQuery(projectLinesQueryOptions(projectId));
