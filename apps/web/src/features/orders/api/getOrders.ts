import { endpoints } from '@linewalker/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/queryKeys.ts';

/** GET /api/v1/shipment/allOrders: the orders the caller may see (a customer its company's). */
export const getOrders = (signal?: AbortSignal) => apiRequest(endpoints.orders.allOrders, { signal });
export const useOrders = () =>
  useQuery(queryOptions({ queryKey: queryKeys.orders.list(), queryFn: ({ signal }) => getOrders(signal) }));

/** GET /api/v1/hayden: each order's positions, oldest first (the tracks on the map). */
export const getOrderTracks = (signal?: AbortSignal) => apiRequest(endpoints.orders.orderTracks, { signal });
export const useOrderTracks = () =>
  useQuery(
    queryOptions({ queryKey: queryKeys.orders.tracks(), queryFn: ({ signal }) => getOrderTracks(signal) }),
  );

/** GET /api/v1/hayden/{id}: one order with its history. */
export const getOrder = (id: number, signal?: AbortSignal) =>
  apiRequest(endpoints.orders.orderTrack, { params: { id }, signal });
export const useOrder = (id: number | null) =>
  useQuery({
    queryKey: queryKeys.orders.detail(id ?? 0),
    queryFn: ({ signal }) => getOrder(id as number, signal),
    enabled: id !== null,
  });
