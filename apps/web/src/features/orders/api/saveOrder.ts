import { type CreateOrderValue, endpoints, type UpdateOrderStatusValue } from '@linewalker/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { invalidate, queryKeys, staleAfter } from '../../../lib/queryKeys.ts';

/** GET /api/v1/shipment/assets: assets to order a replacement for (staff). */
export const useOrderAssets = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.orders.assets(search),
    queryFn: ({ signal }) => apiRequest(endpoints.orders.assetOptions, { query: { search }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });

/** POST /api/v1/shipment/orders. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOrderValue) => apiRequest(endpoints.orders.create, { body }),
    onSuccess: () => invalidate(queryClient, staleAfter.orderSaved()),
  });
}

/** POST /api/v1/shipment/orders/{id}/updates. */
export function useUpdateOrder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOrderStatusValue) =>
      apiRequest(endpoints.orders.updateStatus, { params: { id }, body }),
    onSuccess: () => invalidate(queryClient, staleAfter.orderSaved()),
  });
}
