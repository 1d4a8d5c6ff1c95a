import { type EndpointQuery, endpoints } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import type { ProjectFilters } from '../../../lib/projectFilters.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** The query of the header's filters ('lineId=1,2', q). */
export function filterParams(
  projectId: number,
  filters: ProjectFilters,
): EndpointQuery<typeof endpoints.overview.overviewMap> {
  const params: EndpointQuery<typeof endpoints.overview.overviewMap> = { projectId };
  if (filters.lineIds.length) params.lineId = [...filters.lineIds];
  if (filters.q) params.q = filters.q;
  return params;
}

/** GET /structures/overview: every structure's position and risk (columns) and the count per risk. */
export const overviewMapQueryOptions = (projectId: number, filters: ProjectFilters) =>
  queryOptions({
    queryKey: queryKeys.structures.overviewMap(projectId, filters),
    queryFn: ({ signal }) =>
      apiRequest(endpoints.overview.overviewMap, { query: filterParams(projectId, filters), signal }),
  });

export const useOverviewMap = (projectId: number, filters: ProjectFilters) =>
  useQuery(overviewMapQueryOptions(projectId, filters));
