import type { Db } from '../../platform/db/client.ts';
import { assetOrders, assetOrderUpdates, assets } from '../../platform/db/schema/index.ts';

/** The order-tracking objects the matrix points at: an order, and assets to order replacements for. */
export interface OrdersMatrixFixture {
  orderId: number;
  /** A fresh asset of the company at each call (an asset takes one open order: a second is 409). */
  nextAssetId: () => number;
}

export async function buildOrdersFixture(
  db: Db,
  companyId: number,
  tag: string,
): Promise<OrdersMatrixFixture> {
  const rows = await db
    .insert(assets)
    .values(
      Array.from({ length: 11 }, (_, i) => ({
        companyId,
        lineName: `Matrix Order Line ${tag}`,
        structNum: `MO-${i + 1}`,
        location: { x: -97.6 + i / 100, y: 38.8 },
      })),
    )
    .returning({ id: assets.id });
  const ids = rows.map((r) => r.id);
  const orderAssetId = ids.shift() as number;
  const [order] = await db
    .insert(assetOrders)
    .values({
      poleLocationId: 'MO-1',
      companyId,
      assetId: orderAssetId,
      poleOrderStatusId: 1,
      statusAddress: 'Salina, KS',
      location: { x: -97.61, y: 38.84 },
      shipmentCreatedDate: new Date(),
    })
    .returning({ id: assetOrders.id });
  await db.insert(assetOrderUpdates).values({
    orderId: order!.id,
    poleOrderStatusId: 1,
    statusAddress: 'Salina, KS',
    location: { x: -97.61, y: 38.84 },
    occurredAt: new Date(),
    source: 'staff',
  });
  return {
    orderId: order!.id,
    nextAssetId: () => {
      const id = ids.shift();
      if (id === undefined) throw new Error('the matrix fixture ran out of assets to order');
      return id;
    },
  };
}
