import type { InspectionRow } from '@linewalker/domain';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { getInspectionPage, inspectionPageQueryOptions } from '../api/getInspections.ts';
import { type InspectionView, toInspectionView } from '../model/inspectionView.ts';
import { INSPECTION_PAGE_SIZE, type InspectionListParams } from '../model/listQuery.ts';

/** Views of a page, built once per answer (a cached page is read again on every new page). */
const pageViews = new WeakMap<readonly InspectionRow[], InspectionView[]>();
function viewsOf(rows: readonly InspectionRow[]): InspectionView[] {
  let views = pageViews.get(rows);
  if (!views) {
    views = rows.map(toInspectionView);
    pageViews.set(rows, views);
  }
  return views;
}

/** Pages kept loading around the rows in view, so a steady scroll rarely meets a loading row. */
const PAGES_AHEAD = 1;

/**
 * The Inspect table's rows as a window over the server's list: `total` positions (from the counts), of
 * which only the pages in view (plus one either side) are asked for. Positions not loaded yet are
 * undefined; the table shows them as loading rows. `rowsBetween` fetches whatever a shift-click range
 * spans that has not been loaded.
 */
export function useInspectionWindow(projectId: number, params: InspectionListParams, total: number | null) {
  const queryClient = useQueryClient();
  const [range, setRange] = useState({ first: 0, last: INSPECTION_PAGE_SIZE - 1 });
  // Before the counts are in, the first page is asked for alongside them rather than after them.
  const pageCount = total === null ? 1 : Math.ceil(total / INSPECTION_PAGE_SIZE);
  const firstPage = Math.max(0, Math.floor(range.first / INSPECTION_PAGE_SIZE) - PAGES_AHEAD);
  const lastPage = Math.min(pageCount - 1, Math.floor(range.last / INSPECTION_PAGE_SIZE) + PAGES_AHEAD);
  const pages: number[] = [];
  for (let p = firstPage; p <= lastPage; p++) pages.push(p);

  const results = useQueries({
    queries: pages.map((page) => ({
      ...inspectionPageQueryOptions(projectId, params, page),
      enabled: !params.none,
    })),
  });

  // Rows of every page in the cache for these params (not only the ones in view), so scrolling back
  // shows what was already loaded. Views are built once per page.
  const loadedKey = results.map((r) => r.dataUpdatedAt).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: loadedKey says when a page arrived.
  const rows = useMemo(() => {
    const out: Array<InspectionView | undefined> = new Array(params.none || total === null ? 0 : total);
    const cached = queryClient.getQueriesData<InspectionRow[]>({
      queryKey: inspectionPageQueryOptions(projectId, params, 0).queryKey.slice(0, -1),
    });
    for (const [key, data] of cached) {
      const page = key.at(-1);
      if (typeof page !== 'number' || !data) continue;
      viewsOf(data).forEach((view, i) => {
        const at = page * INSPECTION_PAGE_SIZE + i;
        if (at < out.length) out[at] = view;
      });
    }
    return out;
  }, [queryClient, projectId, params, total, loadedKey]);

  const onRangeChange = useCallback((first: number, last: number) => {
    setRange((r) => (r.first === first && r.last === last ? r : { first, last }));
  }, []);

  /** Ids of positions from..to (inclusive), loading the pages not in the cache. */
  const rowsBetween = useCallback(
    async (from: number, to: number): Promise<number[]> => {
      const ids: number[] = [];
      const first = Math.floor(from / INSPECTION_PAGE_SIZE);
      const last = Math.floor(to / INSPECTION_PAGE_SIZE);
      for (let page = first; page <= last; page++) {
        const data = await queryClient.fetchQuery({
          ...inspectionPageQueryOptions(projectId, params, page),
          queryFn: ({ signal }) => getInspectionPage(projectId, params, page, signal),
        });
        data.forEach((row, i) => {
          const at = page * INSPECTION_PAGE_SIZE + i;
          if (at >= from && at <= to) ids.push(row.id);
        });
      }
      return ids;
    },
    [queryClient, projectId, params],
  );

  const loading = results.some((r) => r.isFetching);
  const error = results.find((r) => r.isError)?.error ?? null;
  const retry = useCallback(() => {
    for (const r of results) if (r.isError) void r.refetch();
  }, [results]);

  return { rows, onRangeChange, rowsBetween, loading, error, retry, pagesInView: pages.length };
}
