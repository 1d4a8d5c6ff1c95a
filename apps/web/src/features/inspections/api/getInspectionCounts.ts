import { endpoints, InspectionCounts } from '@linewalker/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { countsKey, filterQuery, type InspectionListParams } from '../model/listQuery.ts';

/** The route answers a one-row list (spec 2 §7: 'rows with all_count, pending, completed, rejected'). */
const _CountRows = InspectionCounts.array();

export const NO_COUNTS: InspectionCounts = { all_count: 0, pending: 0, completed: 0, rejected: 0 };

/**
 * GET /api/v1/inspections/counts/{projectId}: the counts of the filter buttons, of the whole project or,
 * given the list's filters, of the rows they let through.
 */
export async function getInspectionCounts(
  projectId: number,
  params: InspectionListParams | null,
  signal?: AbortSignal,
): Promise<InspectionCounts> {
  const rows = await apiRequest(endpoints.inspections.counts, {
    params: { id: projectId },
    query: params ? filterQuery(params) : undefined,
    signal,
  });
  return rows[0] ?? NO_COUNTS;
}

export const inspectionCountsQueryOptions = (projectId: number, params: InspectionListParams | null = null) =>
  queryOptions({
    queryKey: [...queryKeys.inspections.counts(projectId), params ? countsKey(params) : 'project'],
    queryFn: ({ signal }) => getInspectionCounts(projectId, params, signal),
    // While new filters are counted, the buttons keep the last counts rather than flashing empty.
    placeholderData: keepPreviousData,
  });

export const useInspectionCounts = (projectId: number, params: InspectionListParams | null = null) =>
  useQuery(inspectionCountsQueryOptions(projectId, params));
