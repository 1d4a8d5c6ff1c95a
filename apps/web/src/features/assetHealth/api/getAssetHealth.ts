import { ASSET_MAP_LIMIT, ASSET_PAGE_SIZE, type AssetState, endpoints } from '@linewalker/domain';
import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { preloadMapStyle } from '../../../components/map/preloadMapStyle.ts';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

export interface AssetHealthParams {
  filter: AssetState;
  /** Staff's company filter; null: every company (a customer always sees its own). */
  companyId: number | null;
}

const filterQuery = (p: AssetHealthParams) => ({
  filter: p.filter,
  ...(p.companyId === null ? {} : { company_id: p.companyId }),
});

/** GET /api/v1/dashboard/structures (spec 3 §7 'Transmission asset line'): structures and summary. */
export const getDashboardStructures = (
  p: AssetHealthParams,
  offset: number,
  limit: number,
  signal?: AbortSignal,
) =>
  apiRequest(endpoints.assetHealth.getStructures, {
    query: { ...filterQuery(p), offset, limit, orderBy: 'max_risk_level', order: 'DESC' },
    signal,
  });

const assetTableOptions = (p: AssetHealthParams) =>
  infiniteQueryOptions({
    queryKey: queryKeys.assetHealth.table(filterQuery(p)),
    queryFn: ({ pageParam, signal }) => getDashboardStructures(p, pageParam, ASSET_PAGE_SIZE, signal),
    initialPageParam: 0,
    getNextPageParam: (last, _all, lastOffset) =>
      lastOffset + ASSET_PAGE_SIZE < last.total ? lastOffset + ASSET_PAGE_SIZE : undefined,
  });

const assetMapOptions = (p: AssetHealthParams) =>
  queryOptions({
    queryKey: queryKeys.assetHealth.map(filterQuery(p)),
    queryFn: ({ signal }) => getDashboardStructures(p, 0, ASSET_MAP_LIMIT, signal),
  });

/** The structures table: 50 at a time, the next page when scrolled past two thirds (spec 3 §9). */
export const useAssetTable = (p: AssetHealthParams) =>
  useInfiniteQuery({ ...assetTableOptions(p), placeholderData: keepPreviousData });

/** The map's preload: offset 0, up to 50,000 structures (spec 3 §7). */
export const useAssetMap = (p: AssetHealthParams) =>
  useQuery({ ...assetMapOptions(p), placeholderData: keepPreviousData });

/** The filter the page opens with: every state, every company the caller may see. */
export const INITIAL_ASSET_PARAMS: AssetHealthParams = { filter: 'all', companyId: null };

/**
 * What the page asks for first, started by the route as the navigation begins (while the page's code
 * still loads): the table's first page, the map's structures and the map's settings, font and shapes.
 * The page's own queries find them in the cache or in flight; failures are left to the page.
 */
export function prefetchAssetHealth(queryClient: QueryClient): void {
  void queryClient.prefetchInfiniteQuery(assetTableOptions(INITIAL_ASSET_PARAMS));
  void queryClient.prefetchQuery(assetMapOptions(INITIAL_ASSET_PARAMS));
  preloadMapStyle(queryClient);
}

/** GET /api/v1/assets/{id}/history: every inspection of the asset, newest first. */
export const useAssetHistory = (assetId: number | null) =>
  useQuery({
    queryKey: queryKeys.assetHealth.history(assetId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(endpoints.assetHealth.getHistory, { params: { assetId: assetId ?? 0 }, signal }),
    enabled: assetId !== null,
  });

/** The staff's company filter: the active customer companies (GET /api/v1/customers). */
export const useCompanies = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.assetHealth.companies(),
    queryFn: ({ signal }) => apiRequest(endpoints.customers.list, { signal }),
    enabled,
  });
