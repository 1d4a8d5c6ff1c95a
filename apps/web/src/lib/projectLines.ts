import { ProjectLine } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api.ts';
import { queryKeys } from './queryKeys.ts';

const ProjectLines = ProjectLine.array();

/** GET /structures/lines?projectId: the project's lines (header filter, upload Line select). */
export const getProjectLines = (projectId: number, signal?: AbortSignal) =>
  apiRequest('/structures/lines', { query: { projectId }, schema: ProjectLines, signal });

export const projectLinesQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.structures.lines(projectId),
    queryFn: ({ signal }) => getProjectLines(projectId, signal),
  });

export const useProjectLines = (projectId: number) => useQuery(projectLinesQueryOptions(projectId));
