import {
  type CreateOrderValue,
  ORDER_DELIVERED,
  ORDER_SENT_FROM,
  ORDER_WEBHOOK_FUTURE_MS,
  type OrderDetailValue,
  type OrderWebhookUpdateValue,
  type UpdateOrderStatusValue,
} from '@linewalker/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { Actor, AnonymousCaller } from '../../platform/auth/actor.ts';
import { authorize, companyScope } from '../../platform/auth/policy.ts';
import { requireFound } from '../../platform/auth/require.ts';
import type { Db } from '../../platform/db/client.ts';
import { databaseErrorCode } from '../../platform/db/pgErrors.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import * as repo from './orders.repository.ts';

const ASSET_SEARCH_LIMIT = 20;
const openOrderExists = () => conflict('This asset already has an order that is not delivered', 'order_open');

/** The caller's company, or for staff the company they filter on (null: every company). */
function scopeOf(actor: Actor, companyFilter: number | undefined): number | null {
  return companyScope(actor) ?? companyFilter ?? null;
}

export function listOrders(db: Db, actor: Actor, companyFilter?: number) {
  authorize(actor, 'order.read');
  return repo.listOrders(db, scopeOf(actor, companyFilter));
}

/** Each order's positions, oldest first: the tracks the map draws. */
export async function listTracks(db: Db, actor: Actor, companyFilter?: number) {
  authorize(actor, 'order.read');
  const points = await repo.listTrackPoints(db, scopeOf(actor, companyFilter));
  const tracks = new Map<number, { id: number; points: Omit<(typeof points)[number], 'order_id'>[] }>();
  for (const { order_id, ...point } of points) {
    const track = tracks.get(order_id) ?? { id: order_id, points: [] };
    track.points.push(point);
    tracks.set(order_id, track);
  }
  return [...tracks.values()];
}

async function detail(db: Db, id: number): Promise<OrderDetailValue> {
  const order = await repo.findOrder(db, id);
  if (!order) throw notFound('Order');
  return { ...order, updates: await repo.listUpdates(db, id) };
}

export async function getOrder(db: Db, actor: Actor, id: number) {
  requireFound(actor, 'order.read', 'Order', await repo.findOrder(db, id));
  return detail(db, id);
}

export function searchAssets(db: Db, actor: Actor, search: string | undefined, companyFilter?: number) {
  authorize(actor, 'order.manage');
  return repo.searchAssets(db, search ?? '', scopeOf(actor, companyFilter), ASSET_SEARCH_LIMIT);
}

/** A delivered pole without coordinates is at its structure. */
function positionOf(
  input: { lat?: number | null; lng?: number | null },
  statusId: number,
  asset: { lat: number; lng: number } | null,
) {
  if (input.lat != null && input.lng != null) return { lat: input.lat, lng: input.lng };
  if (statusId === ORDER_DELIVERED && asset) return { lat: asset.lat, lng: asset.lng };
  return { lat: null, lng: null };
}

/** Staff order a replacement for an asset: one order not yet delivered per asset (a second 409). */
export async function createOrder(db: Db, actor: Actor, input: CreateOrderValue, now: Date) {
  const userId = actor.userId;
  const id = await withTransaction(db, async (tx) => {
    const asset = requireFound(actor, 'order.manage', 'Asset', await repo.findAsset(tx, input.asset_id));
    const { lat, lng } = positionOf(input, 1, null);
    const orderId = await repo.insertOrder(tx, {
      asset,
      statusAddress: input.status_address,
      lat,
      lng,
      at: now,
      userId,
    });
    if (orderId === null) throw openOrderExists();
    await repo.insertUpdate(tx, {
      orderId,
      statusId: 1,
      statusAddress: input.status_address,
      lat,
      lng,
      occurredAt: now,
      source: 'staff',
      externalId: null,
      userId,
    });
    await writeAudit(tx, actor, {
      action: 'order.create',
      objectType: 'asset_order',
      objectId: orderId,
      details: { asset_id: asset.id },
    });
    return orderId;
  });
  return detail(db, id);
}

/**
 * Adds one update to the order's history under the order's row lock (two updates at once are both kept, one
 * after the other) and keeps its current state. Moving a delivered order back to open while the asset has
 * another open order is refused (409).
 */
async function addUpdate(
  db: Db,
  orderId: number,
  update: Omit<repo.NewUpdate, 'orderId' | 'lat' | 'lng'> & { lat?: number | null; lng?: number | null },
  guard: (order: NonNullable<Awaited<ReturnType<typeof repo.findOrder>>>) => void,
  audit: (tx: Db) => Promise<void>,
): Promise<boolean> {
  try {
    return await withTransaction(db, async (tx) => {
      const order = await repo.findOrder(tx, orderId, true);
      if (!order) throw notFound('Order');
      guard(order);
      const asset = order.asset_id === null ? null : await repo.findAsset(tx, order.asset_id);
      const stored = await repo.insertUpdate(tx, {
        ...update,
        orderId,
        ...positionOf(update, update.statusId, asset),
      });
      if (!stored) return false;
      await repo.refreshOrderState(tx, orderId, ORDER_SENT_FROM);
      await audit(tx);
      return true;
    });
  } catch (err) {
    if (databaseErrorCode(err) === '23505') throw openOrderExists();
    throw err;
  }
}

export async function updateOrderStatus(
  db: Db,
  actor: Actor,
  orderId: number,
  input: UpdateOrderStatusValue,
  now: Date,
) {
  await addUpdate(
    db,
    orderId,
    {
      statusId: input.pole_order_status_id,
      statusAddress: input.status_address,
      lat: input.lat ?? null,
      lng: input.lng ?? null,
      occurredAt: now,
      source: 'staff',
      externalId: null,
      userId: actor.userId,
    },
    (order) => requireFound(actor, 'order.manage', 'Order', order),
    (tx) =>
      writeAudit(tx, actor, {
        action: 'order.update',
        objectType: 'asset_order',
        objectId: orderId,
        details: { pole_order_status_id: input.pole_order_status_id },
      }),
  );
  return detail(db, orderId);
}

/**
 * A carrier's or manufacturer's update (its signature already checked): stored once per update_id, so a
 * replayed or retried delivery answers `stored: false` and changes nothing.
 */
export async function applyWebhookUpdate(
  db: Db,
  caller: AnonymousCaller,
  input: OrderWebhookUpdateValue,
  now: Date,
) {
  const occurredAt = input.occurred_at ? new Date(input.occurred_at) : now;
  if (occurredAt.getTime() > now.getTime() + ORDER_WEBHOOK_FUTURE_MS) {
    throw badRequest('occurred_at: may not be in the future');
  }
  const stored = await addUpdate(
    db,
    input.order_id,
    {
      statusId: input.pole_order_status_id,
      statusAddress: input.status_address,
      lat: input.lat ?? null,
      lng: input.lng ?? null,
      occurredAt,
      source: 'webhook',
      externalId: input.update_id,
      userId: null,
    },
    () => {},
    (tx) =>
      writeAudit(tx, caller, {
        action: 'order.webhook_update',
        objectType: 'asset_order',
        objectId: input.order_id,
        details: { update_id: input.update_id, pole_order_status_id: input.pole_order_status_id },
      }),
  );
  return { order_id: input.order_id, stored };
}
