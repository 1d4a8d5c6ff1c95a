import { z } from 'zod';
import { PositiveId } from '../common.ts';
import { Text } from '../text.ts';

/** Spec 3 §4 'Order status ids', word for word; any other id (or none) shows 'Unknown'. */
export const ORDER_STATUSES = [
  { id: 1, label: 'waiting for manufacturing' },
  { id: 2, label: 'in manufacturing' },
  { id: 3, label: 'waiting for pickup' },
  { id: 4, label: 'in transit' },
  { id: 5, label: 'delivered' },
] as const;
export const ORDER_STATUS_UNKNOWN = 'Unknown';
export const ORDER_DELIVERED = 5;
/** From this status on the pole has left the yard: the first such update is the order's sent time. */
export const ORDER_SENT_FROM = 4;
export const orderStatusLabel = (id: number | null | undefined): string =>
  ORDER_STATUSES.find((s) => s.id === id)?.label ?? ORDER_STATUS_UNKNOWN;

/** Spec 3 §9: the order map's default view is the US at zoom 3. */
export const ORDER_MAP = { center: [-98.5795, 39.8283] as [number, number], zoom: 3 };
/** The webhook's signature header: `sha256=` and the hex HMAC-SHA256 of the raw body. */
export const ORDER_WEBHOOK_SIGNATURE_HEADER = 'x-linewalker-signature';
/** A webhook update may not claim a time further ahead than this (clock skew). */
export const ORDER_WEBHOOK_FUTURE_MS = 5 * 60_000;

export const OrderStatusId = z.coerce
  .number()
  .int()
  .min(1, 'pole_order_status_id: 1 to 5')
  .max(5, 'pole_order_status_id: 1 to 5');
const Latitude = z.number().finite().min(-90).max(90);
const Longitude = z.number().finite().min(-180).max(180);
const Address = Text()
  .trim()
  .min(1, 'status_address is required')
  .max(200, 'status_address: at most 200 characters');

/** A position is both coordinates or neither. */
const bothOrNeither = (v: { lat?: number | null; lng?: number | null }) =>
  (v.lat == null) === (v.lng == null);
const POSITION_MESSAGE = { message: 'lat and lng: give both or neither', path: ['lat'] };

/** Spec 3 §3 'Asset order', plus the asset it is for and its line. */
export const AssetOrder = z.object({
  id: z.number().int(),
  asset_id: z.number().int().nullable(),
  company_id: z.number().int(),
  line_name: z.string().nullable(),
  pole_location_id: z.string(),
  pole_order_status_id: z.number().int().nullable(),
  pole_order_status: z.string(),
  status_address: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  shipment_created_date: z.string().nullable(),
  sent_time: z.string().nullable(),
});
export type AssetOrderValue = z.infer<typeof AssetOrder>;
export const AssetOrderList = z.array(AssetOrder);

export const OrderListQuery = z.object({ company_id: PositiveId.optional() });

/** One status update of an order: its history, drawn as the shipment's track. */
export const OrderUpdate = z.object({
  id: z.number().int(),
  pole_order_status_id: z.number().int(),
  pole_order_status: z.string(),
  status_address: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  occurred_at: z.string(),
  /** staff: a user of ours; webhook: the carrier or manufacturer. */
  source: z.enum(['staff', 'webhook']),
});
export type OrderUpdateValue = z.infer<typeof OrderUpdate>;

/** GET /hayden/{id}: one order with its history, oldest first. */
export const OrderDetail = AssetOrder.extend({ updates: z.array(OrderUpdate) });
export type OrderDetailValue = z.infer<typeof OrderDetail>;

/** GET /hayden: every visible order's track (its positions, oldest first) for the map. */
export const OrderTrack = z.object({
  id: z.number().int(),
  points: z.array(z.object({ lat: z.number(), lng: z.number(), pole_order_status_id: z.number().int() })),
});
export const OrderTrackList = z.array(OrderTrack);

export const CreateOrder = z
  .object({
    asset_id: PositiveId,
    status_address: Address,
    lat: Latitude.nullish(),
    lng: Longitude.nullish(),
  })
  .strict()
  .refine(bothOrNeither, POSITION_MESSAGE);
export type CreateOrderValue = z.infer<typeof CreateOrder>;

export const UpdateOrderStatus = z
  .object({
    pole_order_status_id: OrderStatusId,
    status_address: Address,
    lat: Latitude.nullish(),
    lng: Longitude.nullish(),
  })
  .strict()
  .refine(bothOrNeither, POSITION_MESSAGE);
export type UpdateOrderStatusValue = z.infer<typeof UpdateOrderStatus>;

/** The carrier's or manufacturer's webhook body (signed; update_id makes a replay change nothing). */
export const OrderWebhookUpdate = z
  .object({
    update_id: Text().trim().min(1, 'update_id is required').max(100, 'update_id: at most 100 characters'),
    order_id: PositiveId,
    pole_order_status_id: OrderStatusId,
    status_address: Address,
    lat: Latitude.nullish(),
    lng: Longitude.nullish(),
    occurred_at: z.iso
      .datetime({ offset: true, message: 'occurred_at: an ISO 8601 date-time with a time zone' })
      .optional(),
  })
  .strict()
  .refine(bothOrNeither, POSITION_MESSAGE);
export type OrderWebhookUpdateValue = z.infer<typeof OrderWebhookUpdate>;
export const OrderWebhookAnswer = z.object({
  order_id: z.number().int(),
  /** false: this update_id was received before; nothing changed. */
  stored: z.boolean(),
});

/** The create-order dialog's asset search (staff). */
export const OrderAssetQuery = z.object({
  search: Text().trim().max(100).optional(),
  company_id: PositiveId.optional(),
});
export const OrderAssetOption = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  line_name: z.string(),
  struct_num: z.string(),
  health_risk: z.number().int(),
  /** An order not yet delivered exists for it (a second one is refused). */
  open_order_id: z.number().int().nullable(),
});
export const OrderAssetOptionList = z.array(OrderAssetOption);
