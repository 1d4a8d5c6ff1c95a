import { ProjectLine } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

const ProjectLines = ProjectLine.array();

/** The project's lines, for the structure panel's Line select (spec 2 §7 'Lines by project'). */
export const getProjectLines = (projectId: number, signal?: AbortSignal) =>
  apiRequest('/structures/lines', { query: { projectId }, schema: ProjectLines, signal });

export const projectLinesQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.structures.lines(projectId),
    queryFn: ({ signal }) => getProjectLines(projectId, signal),
  });

export const useProjectLines = (projectId: number) => useQuery(projectLinesQueryOptions(projectId));
