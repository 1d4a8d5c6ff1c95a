import {
  DELIVERY_PAGE_SIZE,
  DELIVERY_WINDOW_ROWS,
  type DeliveryFilter,
  type DeliveryStructureOrder,
  endpoints,
} from '@linewalker/domain';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

export type StructureSortColumn = DeliveryStructureOrder;

export interface DeliveryTableParams {
  lineIds: readonly number[];
  q: string;
  delivery: DeliveryFilter;
  orderBy: StructureSortColumn;
  order: 'ASC' | 'DESC';
}

/** The query string the table and the counts share: lines comma-separated, no empty values. */
export function filterQuery(p: Pick<DeliveryTableParams, 'lineIds' | 'q'>): { lineId?: string; q?: string } {
  const query: { lineId?: string; q?: string } = {};
  if (p.lineIds.length) query.lineId = p.lineIds.join(',');
  if (p.q) query.q = p.q;
  return query;
}

/** One page of the archive table (spec 2 §7 'Filtered structures', with the delivery filter). */
export const getDeliveryStructures = (
  projectId: number,
  p: DeliveryTableParams,
  offset: number,
  signal?: AbortSignal,
) =>
  apiRequest(endpoints.delivery.structures, {
    query: {
      projectId,
      limit: DELIVERY_PAGE_SIZE,
      offset,
      orderBy: p.orderBy,
      order: p.order,
      delivery: p.delivery,
      ...filterQuery(p),
    },
    signal,
  });

/** Pages kept at once: about 500 rows (spec 2 §4), earlier ones dropped and fetched again on the way back. */
export const MAX_PAGES = Math.ceil(DELIVERY_WINDOW_ROWS / DELIVERY_PAGE_SIZE);

/**
 * The archive table as a window of pages: the next page when scrolled past two thirds, the previous one
 * when scrolled back to the top of the window; TanStack Query drops the farthest page past `MAX_PAGES`.
 */
export function useDeliveryStructures(projectId: number, p: DeliveryTableParams) {
  const params = { ...filterQuery(p), delivery: p.delivery, orderBy: p.orderBy, order: p.order };
  return useInfiniteQuery({
    queryKey: queryKeys.delivery.structures(projectId, params),
    queryFn: ({ pageParam, signal }) => getDeliveryStructures(projectId, p, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, _all, lastOffset) =>
      lastOffset + DELIVERY_PAGE_SIZE < last.total ? lastOffset + DELIVERY_PAGE_SIZE : undefined,
    getPreviousPageParam: (_first, _all, firstOffset) =>
      firstOffset > 0 ? Math.max(0, firstOffset - DELIVERY_PAGE_SIZE) : undefined,
    maxPages: MAX_PAGES,
    placeholderData: keepPreviousData,
  });
}
