import { everyone, loggedIn, type MatrixRow, staffOnly } from '../matrix.ts';

/**
 * Order tracking: everyone logged in reads (a customer its own company's orders: another company's order is
 * 404); staff create orders and update them (customers 403). The webhook is public to the HTTP layer: the
 * signature is the permission, so a request without one is 401 for every caller.
 */
export const ordersRows: Record<string, MatrixRow> = {
  'GET /api/v1/shipment/allOrders': {
    request: () => ({ url: '/api/v1/shipment/allOrders' }),
    expect: loggedIn(200),
  },
  'GET /api/v1/hayden': { request: () => ({ url: '/api/v1/hayden' }), expect: loggedIn(200) },
  'GET /api/v1/hayden/:id': {
    request: (fx) => ({ url: `/api/v1/hayden/${fx.orders.orderId}` }),
    expect: { ...loggedIn(200), customer_other: 404 },
    object: {},
  },
  'GET /api/v1/shipment/assets': {
    request: () => ({ url: '/api/v1/shipment/assets?search=Matrix' }),
    expect: staffOnly(200),
  },
  'POST /api/v1/shipment/orders': {
    request: (fx) => ({
      url: '/api/v1/shipment/orders',
      payload: { asset_id: fx.orders.nextAssetId(), status_address: 'Pole yard, Salina, KS' },
    }),
    expect: staffOnly(201),
    object: {},
  },
  'POST /api/v1/shipment/orders/:id/updates': {
    request: (fx) => ({
      url: `/api/v1/shipment/orders/${fx.orders.orderId}/updates`,
      payload: { pole_order_status_id: 2, status_address: 'Pole yard, Salina, KS' },
    }),
    expect: staffOnly(200),
    object: {},
  },
  'POST /api/v1/shipment/webhook': {
    request: (fx) => ({
      url: '/api/v1/shipment/webhook',
      payload: {
        update_id: 'matrix-unsigned',
        order_id: fx.orders.orderId,
        pole_order_status_id: 4,
        status_address: 'I-70, KS',
      },
    }),
    expect: everyone(401),
  },
};
