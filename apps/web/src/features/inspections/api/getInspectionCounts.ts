import { InspectionCounts } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** The route answers a one-row list (spec 2 §7: 'rows with all_count, pending, completed, rejected'). */
const CountRows = InspectionCounts.array();

/** GET /api/v1/inspections/counts/{projectId}: the counts of the filter buttons. */
export async function getInspectionCounts(
  projectId: number,
  signal?: AbortSignal,
): Promise<InspectionCounts> {
  const rows = await apiRequest(`/inspections/counts/${projectId}`, { schema: CountRows, signal });
  return rows[0] ?? { all_count: 0, pending: 0, completed: 0, rejected: 0 };
}

export const inspectionCountsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: queryKeys.inspections.counts(projectId),
    queryFn: ({ signal }) => getInspectionCounts(projectId, signal),
  });

export const useInspectionCounts = (projectId: number) => useQuery(inspectionCountsQueryOptions(projectId));
