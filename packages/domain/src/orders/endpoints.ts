import {
  AssetOrderList,
  CreateOrder,
  OrderAssetOptionList,
  OrderAssetQuery,
  OrderDetail,
  OrderListQuery,
  OrderTrackList,
  UpdateOrderStatus,
} from '../api/orders.ts';
import { IdParam } from '../common.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** The orders calls (the server's orders routes and the web's calls to them). */
export const ordersEndpoints = {
  allOrders: defineEndpoint({
    method: 'GET',
    path: '/shipment/allOrders',
    query: OrderListQuery,
    response: AssetOrderList,
  }),
  orderTracks: defineEndpoint({
    method: 'GET',
    path: '/hayden',
    query: OrderListQuery,
    response: OrderTrackList,
  }),
  orderTrack: defineEndpoint({
    method: 'GET',
    path: '/hayden/:id',
    params: IdParam,
    response: OrderDetail,
  }),
  assetOptions: defineEndpoint({
    method: 'GET',
    path: '/shipment/assets',
    query: OrderAssetQuery,
    response: OrderAssetOptionList,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/shipment/orders',
    body: CreateOrder,
    response: OrderDetail,
    status: 201,
  }),
  updateStatus: defineEndpoint({
    method: 'POST',
    path: '/shipment/orders/:id/updates',
    params: IdParam,
    body: UpdateOrderStatus,
    response: OrderDetail,
  }),
};
