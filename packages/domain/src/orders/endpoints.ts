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
  getAllOrders: defineEndpoint({
    method: 'GET',
    path: '/shipment/allOrders',
    query: OrderListQuery,
    response: AssetOrderList,
  }),
  getHayden: defineEndpoint({
    method: 'GET',
    path: '/hayden',
    query: OrderListQuery,
    response: OrderTrackList,
  }),
  getHaydenById: defineEndpoint({
    method: 'GET',
    path: '/hayden/:id',
    params: IdParam,
    response: OrderDetail,
  }),
  getAssets: defineEndpoint({
    method: 'GET',
    path: '/shipment/assets',
    query: OrderAssetQuery,
    response: OrderAssetOptionList,
  }),
  postOrders: defineEndpoint({
    method: 'POST',
    path: '/shipment/orders',
    body: CreateOrder,
    response: OrderDetail,
    status: 201,
  }),
  postUpdates: defineEndpoint({
    method: 'POST',
    path: '/shipment/orders/:id/updates',
    params: IdParam,
    body: UpdateOrderStatus,
    response: OrderDetail,
  }),
};
