import { endpoints, InspectionRow } from '@linewalker/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';
import { INSPECTION_PAGE_SIZE, type InspectionListParams, listQuery } from '../model/listQuery.ts';

const _InspectionList = InspectionRow.array();

/**
 * GET /api/v1/inspections/{projectId}?offset&limit…: one page of the inspections that pass the filters,
 * in the asked order. The table loads the pages it shows, never the whole project.
 */
export const getInspectionPage = (
  projectId: number,
  params: InspectionListParams,
  page: number,
  signal?: AbortSignal,
) =>
  apiRequest(endpoints.inspections.list, {
    params: { id: projectId },
    query: listQuery(params, { offset: page * INSPECTION_PAGE_SIZE, limit: INSPECTION_PAGE_SIZE }),
    signal,
  });

export const inspectionPageQueryOptions = (projectId: number, params: InspectionListParams, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.inspections.list(projectId), params, page],
    queryFn: ({ signal }) => getInspectionPage(projectId, params, page, signal),
  });
