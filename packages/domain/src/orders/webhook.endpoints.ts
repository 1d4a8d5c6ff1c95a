import { OrderWebhookAnswer, OrderWebhookUpdate } from '../api/orders.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** The orderWebhook calls (the server's orderWebhook routes and the web's calls to them). */
export const orderWebhookEndpoints = {
  webhook: defineEndpoint({
    method: 'POST',
    path: '/shipment/webhook',
    body: OrderWebhookUpdate,
    response: OrderWebhookAnswer,
  }),
};
