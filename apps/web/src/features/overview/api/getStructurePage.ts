import {
  type EndpointQuery,
  endpoints,
  type OverviewRiskKey,
  STRUCTURE_PAGE_SIZE,
  type StructureOrderBy,
  type TableOrder,
} from '@linewalker/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import type { ProjectFilters } from '../../../lib/projectFilters.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

export interface StructurePageRequest {
  filters: ProjectFilters;
  risk: OverviewRiskKey | null;
  page: number;
  orderBy: StructureOrderBy;
  order: TableOrder;
}

export type StructurePageQuery = EndpointQuery<typeof endpoints.overview.listStructures>;

/** The query as sent: the header's filters, the risk button, the page and the sort. */
export function pageParams(projectId: number, r: StructurePageRequest): StructurePageQuery {
  const params: StructurePageQuery = {
    projectId,
    limit: STRUCTURE_PAGE_SIZE,
    offset: (r.page - 1) * STRUCTURE_PAGE_SIZE,
    orderBy: r.orderBy,
    order: r.order,
  };
  if (r.filters.lineIds.length) params.lineId = [...r.filters.lineIds];
  if (r.filters.q) params.q = r.filters.q;
  if (r.risk) params.risk = r.risk;
  return params;
}

/** GET /structures: one page of the overview table. */
export const getStructurePage = (params: StructurePageQuery, signal?: AbortSignal) =>
  apiRequest(endpoints.overview.listStructures, { query: params, signal });

export const structurePageQueryOptions = (projectId: number, r: StructurePageRequest) => {
  const params = pageParams(projectId, r);
  return queryOptions({
    queryKey: queryKeys.structures.page(projectId, params),
    queryFn: ({ signal }) => getStructurePage(params, signal),
    // The old page stays on screen while the next one loads: no jump to an empty table.
    placeholderData: keepPreviousData,
  });
};

export const useStructurePage = (projectId: number, r: StructurePageRequest) =>
  useQuery(structurePageQueryOptions(projectId, r));

/** One structure (the map's click), with everything its table row has. */
export const useStructure = (projectId: number, structureId: number | null) =>
  useQuery({
    queryKey: queryKeys.structures.page(projectId, { structureId: structureId ?? 0 }),
    queryFn: ({ signal }) =>
      getStructurePage({ projectId, structureId: structureId ?? 0, limit: 1 }, signal).then(
        (page) => page.structures[0] ?? null,
      ),
    enabled: structureId !== null,
  });
