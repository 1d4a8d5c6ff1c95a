import { ORDER_SENT_FROM } from '@linewalker/domain';
import { asc, desc, eq } from 'drizzle-orm';
import { refreshOrderState } from '../modules/orders/orders.repository.ts';
import type { Db } from '../platform/db/client.ts';
import { assetOrders, assetOrderUpdates, assets } from '../platform/db/schema/index.ts';
import { daysAgo } from './dates.ts';
import type { Rng } from './random.ts';

/** Where the demo's poles are made, and the towns a truck passes on its way. */
const PLANT = { lon: -97.93, lat: 38.06, address: 'Prairie Pole Works, Hutchinson, KS' };
const WAYPOINTS = ['McPherson, KS', 'Lindsborg, KS', 'Salina, KS'];

/**
 * Pole orders for a customer's worst assets, one in each shipping status and a few more, each with its
 * history: made at the plant, then trucked toward the structure (the track the order map draws).
 */
export async function insertDemoOrders(db: Db, ctx: { companyId: number; rng: Rng; now: Date }) {
  const { companyId, rng, now } = ctx;
  const targets = await db
    .select({ id: assets.id, structNum: assets.structNum, location: assets.location })
    .from(assets)
    .where(eq(assets.companyId, companyId))
    .orderBy(desc(assets.healthRisk), asc(assets.id))
    .limit(12);
  for (const [i, asset] of targets.entries()) {
    const status = (i % 5) + 1;
    const created = daysAgo(30 - i, now);
    const [order] = await db
      .insert(assetOrders)
      .values({
        poleLocationId: asset.structNum,
        companyId,
        assetId: asset.id,
        poleOrderStatusId: 1,
        statusAddress: PLANT.address,
        location: { x: PLANT.lon, y: PLANT.lat },
        shipmentCreatedDate: created,
      })
      .returning({ id: assetOrders.id });
    const orderId = order!.id;
    const at = (days: number) => new Date(created.getTime() + days * 86_400_000);
    const updates = [{ s: 1, address: PLANT.address, lon: PLANT.lon, lat: PLANT.lat, t: at(0) }];
    if (status >= 2) updates.push({ s: 2, address: PLANT.address, lon: PLANT.lon, lat: PLANT.lat, t: at(3) });
    if (status >= 3) updates.push({ s: 3, address: PLANT.address, lon: PLANT.lon, lat: PLANT.lat, t: at(8) });
    const dest = { lon: asset.location.x, lat: asset.location.y };
    if (status >= 4) {
      const legs = 1 + Math.floor(rng.range(0, WAYPOINTS.length));
      for (let k = 1; k <= legs; k++) {
        const f = k / (legs + 1);
        updates.push({
          s: 4,
          address: WAYPOINTS[k - 1] as string,
          lon: PLANT.lon + (dest.lon - PLANT.lon) * f + rng.range(-0.03, 0.03),
          lat: PLANT.lat + (dest.lat - PLANT.lat) * f + rng.range(-0.03, 0.03),
          t: at(9 + k * 0.3),
        });
      }
    }
    if (status === 5) {
      updates.push({
        s: 5,
        address: `Structure ${asset.structNum}`,
        lon: dest.lon,
        lat: dest.lat,
        t: at(11),
      });
    }
    await db.insert(assetOrderUpdates).values(
      updates.map((u) => ({
        orderId,
        poleOrderStatusId: u.s,
        statusAddress: u.address,
        location: { x: u.lon, y: u.lat },
        occurredAt: u.t,
        source: u.s >= 4 ? 'webhook' : 'staff',
      })),
    );
    await refreshOrderState(db, orderId, ORDER_SENT_FROM);
  }
}
