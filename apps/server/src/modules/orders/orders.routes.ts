import { endpoints } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import * as service from './orders.service.ts';

const tags = ['Orders'];
const READ =
  "Everyone logged in: a customer sees its own company's orders only, read-only (company_id is ignored); " +
  'staff see every company, or the one company_id names.';
const STAFF = 'Staff (every role but Customer); customers 403.';

/** Order tracking (spec 3 §2 'Assets', §3 'Asset order'): the list, the tracks, one order, and staff's writes. */
export async function ordersRoutes(app: App): Promise<void> {
  const api = endpoints.orders;
  const db = app.deps.database.db;

  app.route({
    ...endpointRoute(api.allOrders, {
      tags,
      summary: 'The pole orders (Order Tracking)',
      description:
        `${READ} Each order (spec 3 §3 'Asset order'): pole_location_id (the structure), its status ` +
        "(pole_order_status_id 1–5 and its text; 'Unknown' for any other), status_address, lat/lng of its " +
        'current position (null before one is known), shipment_created_date and sent_time (the first update ' +
        'in transit or later), ISO 8601 UTC. Newest first.',
    }),
    config: { access: 'order.read' },
    handler: (req) => service.listOrders(db, actorOf(req), req.query.company_id),
  });

  app.route({
    ...endpointRoute(api.orderTracks, {
      tags,
      summary: "The orders' shipment tracks",
      description:
        `${READ} For each order with a known position: its positions (lat, lng and the status at each), ` +
        'oldest first, as its status updates brought them: the track the order map draws.',
    }),
    config: { access: 'order.read' },
    handler: (req) => service.listTracks(db, actorOf(req), req.query.company_id),
  });

  app.route({
    ...endpointRoute(api.orderTrack, {
      tags,
      summary: 'One order with its history',
      description:
        `${READ} The order and every status update (status, address, position, when, and whether staff or ` +
        "the carrier's webhook sent it), oldest first. An order of another company, or none, 404.",
    }),
    config: { access: 'order.read' },
    handler: (req) => service.getOrder(db, actorOf(req), req.params.id),
  });

  app.route({
    ...endpointRoute(api.assetOptions, {
      tags,
      summary: 'Find an asset to order a replacement for',
      description:
        `${STAFF} Up to 20 assets whose line or structure name contains search (any case), the worst health ` +
        'first, each with the id of its open (not delivered) order, if any.',
    }),
    config: { access: 'order.manage' },
    handler: (req) => service.searchAssets(db, actorOf(req), req.query.search, req.query.company_id),
  });

  app.route({
    ...endpointRoute(api.create, {
      tags,
      summary: 'Order a replacement pole for an asset',
      description:
        `${STAFF} Creates the order 'waiting for manufacturing' at status_address (lat and lng: both or ` +
        'neither) with its first history entry. An asset that does not exist 404; an asset that already has ' +
        'an order not yet delivered 409 order_open, with nothing written.',
    }),
    config: { access: 'order.manage' },
    handler: async (req, reply) =>
      reply.code(201).send(await service.createOrder(db, actorOf(req), req.body, new Date())),
  });

  app.route({
    ...endpointRoute(api.updateStatus, {
      tags,
      summary: "Update an order's status",
      description:
        `${STAFF} Adds a status update (pole_order_status_id 1–5, status_address, lat and lng both or neither; ` +
        'a delivered pole without them is placed at its structure) to the history and answers the order ' +
        'with its history. Any status may follow any other (a correction); two updates at once are both ' +
        'kept, the later one current. An order that does not exist 404.',
    }),
    config: { access: 'order.manage' },
    handler: (req) => service.updateOrderStatus(db, actorOf(req), req.params.id, req.body, new Date()),
  });
}
