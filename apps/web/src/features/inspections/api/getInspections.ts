import { InspectionRow } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

const InspectionList = InspectionRow.array();

/** GET /api/v1/inspections/{projectId}: every inspection of the project, in line and structure order. */
export const getInspections = (projectId: number, signal?: AbortSignal) =>
  apiRequest(`/inspections/${projectId}`, { schema: InspectionList, signal });

export const inspectionsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.inspections.list(projectId),
    queryFn: ({ signal }) => getInspections(projectId, signal),
  });

export const useInspections = (projectId: number) => useQuery(inspectionsQueryOptions(projectId));
