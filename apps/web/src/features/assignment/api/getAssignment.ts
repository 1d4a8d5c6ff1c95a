import { AssignmentData } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** Crew groups, every structure of the project and the personnel not yet in a crew (spec 1 §7 'Crew data'). */
export async function getAssignment(projectId: number, signal?: AbortSignal) {
  const start = performance.now();
  const data = await apiRequest(`/assignment/${projectId}`, { schema: AssignmentData, signal });
  // Read by the performance checks of 50,000-structure projects (request, download and validation).
  performance.measure('assignment:load', { start });
  return data;
}

export const assignmentQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.crews.assignment(projectId),
    queryFn: ({ signal }) => getAssignment(projectId, signal),
  });

export const useAssignment = (projectId: number) => useQuery(assignmentQueryOptions(projectId));
