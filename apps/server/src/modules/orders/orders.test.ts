import type { AssetOrderValue, OrderDetailValue } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets } from '../../platform/db/schema/index.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;
let staff: Record<string, string>;
let manager: Record<string, string>;
let customer: Record<string, string>;
let outsider: Record<string, string>;
let companyId: number;
let otherCompanyId: number;
const assetIds: number[] = [];
let otherAssetId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  companyId = await createCompany(db, 'Orders Test Utility');
  otherCompanyId = await createCompany(db, 'Orders Other Utility');
  const rows = await db
    .insert(assets)
    .values(
      Array.from({ length: 8 }, (_, i) => ({
        companyId,
        lineName: 'Smoky Hill 115',
        structNum: `SH-${100 + i}`,
        location: { x: -97.6 + i / 100, y: 38.8 },
      })),
    )
    .returning({ id: assets.id });
  assetIds.push(...rows.map((r) => r.id));
  const [other] = await db
    .insert(assets)
    .values({
      companyId: otherCompanyId,
      lineName: 'Other Line',
      structNum: 'OT-1',
      location: { x: -100, y: 40 },
    })
    .returning({ id: assets.id });
  otherAssetId = other!.id;
  staff = bearer(await loginToken(ctx.app, await createUser(db, 'user')));
  manager = bearer(await loginToken(ctx.app, await createUser(db, 'project_manager')));
  customer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));
  outsider = bearer(
    await loginToken(ctx.app, await createUser(db, 'customer', { companyId: otherCompanyId })),
  );
});
afterAll(() => ctx.close());

const create = (payload: object, headers = staff) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/shipment/orders', payload, headers });
const update = (id: number, payload: object, headers = staff) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/shipment/orders/${id}/updates`, payload, headers });
const get = (url: string, headers = staff) => ctx.app.inject({ method: 'GET', url, headers });
async function counts() {
  const [row] = await sqlRows<{ orders: number; updates: number }>(
    ctx.database.db,
    sql`select (select count(*)::int from asset_orders) as orders, (select count(*)::int from asset_order_updates) as updates`,
  );
  return row!;
}
async function created(assetId: number, extra: object = {}) {
  const res = await create({ asset_id: assetId, status_address: 'Pole yard, Salina, KS', ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<OrderDetailValue>();
}

describe('orders: create, update, history', () => {
  it('creates an order waiting for manufacturing with its first history entry', async () => {
    const order = await created(assetIds[0]!, { lat: 38.84, lng: -97.61 });
    expect(order).toMatchObject({
      asset_id: assetIds[0],
      company_id: companyId,
      line_name: 'Smoky Hill 115',
      pole_location_id: 'SH-100',
      pole_order_status_id: 1,
      pole_order_status: 'waiting for manufacturing',
      status_address: 'Pole yard, Salina, KS',
      lat: 38.84,
      lng: -97.61,
      sent_time: null,
    });
    expect(order.shipment_created_date).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(order.updates).toHaveLength(1);
    expect(order.updates[0]).toMatchObject({ pole_order_status_id: 1, source: 'staff' });
  });

  it('keeps each status update as history; the sent time is the first update in transit', async () => {
    const order = await created(assetIds[1]!);
    expect(order.lat).toBeNull();
    await update(order.id, {
      pole_order_status_id: 2,
      status_address: 'Plant, Hutchinson, KS',
      lat: 38.06,
      lng: -97.93,
    });
    const transit = await update(order.id, {
      pole_order_status_id: 4,
      status_address: 'I-135, McPherson, KS',
      lat: 38.37,
      lng: -97.66,
    });
    expect(transit.statusCode, transit.body).toBe(200);
    const inTransit = transit.json<OrderDetailValue>();
    expect(inTransit).toMatchObject({ pole_order_status_id: 4, pole_order_status: 'in transit', lat: 38.37 });
    expect(inTransit.sent_time).toBe(inTransit.updates[2]!.occurred_at);
    // Delivered without coordinates: at its structure.
    const delivered = (
      await update(order.id, { pole_order_status_id: 5, status_address: 'Structure SH-101' })
    ).json<OrderDetailValue>();
    expect(delivered).toMatchObject({ pole_order_status: 'delivered', lat: 38.8 });
    expect(delivered.lng).toBeCloseTo(-97.59, 9);
    expect(delivered.sent_time).toBe(inTransit.sent_time);
    expect(delivered.updates.map((u) => u.pole_order_status_id)).toEqual([1, 2, 4, 5]);

    const tracks = (await get('/api/v1/hayden')).json<{ id: number; points: { lat: number }[] }[]>();
    expect(tracks.find((t) => t.id === order.id)?.points.map((p) => p.lat)).toEqual([38.06, 38.37, 38.8]);
    const detail = await get(`/api/v1/hayden/${order.id}`);
    expect(detail.json()).toEqual(delivered);
  });

  it('one open order per asset: a second is 409 until the first is delivered', async () => {
    const first = await created(assetIds[2]!);
    const before = await counts();
    const second = await create({ asset_id: assetIds[2], status_address: 'Again' });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('order_open');
    expect(await counts()).toEqual(before);
    await update(first.id, { pole_order_status_id: 5, status_address: 'Delivered' });
    const reorder = await created(assetIds[2]!);
    // Reopening the delivered order now would make two open orders: 409, nothing changed.
    const reopen = await update(first.id, { pole_order_status_id: 4, status_address: 'Back' });
    expect(reopen.statusCode).toBe(409);
    expect((await get(`/api/v1/hayden/${first.id}`)).json<OrderDetailValue>().updates).toHaveLength(2);
    expect(reorder.pole_order_status_id).toBe(1);
  });

  it('two creates for one asset at once: one 201, one 409', async () => {
    const before = await counts();
    const answers = await Promise.all([
      create({ asset_id: assetIds[3], status_address: 'A' }),
      create({ asset_id: assetIds[3], status_address: 'B' }, manager),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await counts()).toEqual({ orders: before.orders + 1, updates: before.updates + 1 });
  });

  it('two updates of one order at once: both kept, the current state is one of them', async () => {
    const order = await created(assetIds[4]!);
    const answers = await Promise.all([
      update(order.id, { pole_order_status_id: 2, status_address: 'Plant', lat: 38, lng: -97 }),
      update(order.id, { pole_order_status_id: 3, status_address: 'Dock', lat: 38.1, lng: -97.1 }, manager),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const detail = (await get(`/api/v1/hayden/${order.id}`)).json<OrderDetailValue>();
    expect(detail.updates).toHaveLength(3);
    const last = detail.updates[2]!;
    expect(detail).toMatchObject({
      pole_order_status_id: last.pole_order_status_id,
      status_address: last.status_address,
      lat: last.lat,
    });
  });
});

describe('orders: bad input changes nothing', () => {
  const bad: [string, object][] = [
    ['no address', { asset_id: 1 }],
    ['empty address', { asset_id: 1, status_address: '   ' }],
    ['address too long', { asset_id: 1, status_address: 'x'.repeat(201) }],
    ['lat without lng', { asset_id: 1, status_address: 'A', lat: 38 }],
    ['lat out of range', { asset_id: 1, status_address: 'A', lat: 91, lng: 0 }],
    ['asset id not a number', { asset_id: 'one', status_address: 'A' }],
    ['asset id too large', { asset_id: 2 ** 31, status_address: 'A' }],
    ['unknown field', { asset_id: 1, status_address: 'A', company_id: 2 }],
    ['NUL in address', { asset_id: 1, status_address: 'A\u0000B' }],
  ];
  for (const [name, payload] of bad) {
    it(`create: ${name} → 400`, async () => {
      const before = await counts();
      const res = await create(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(await counts()).toEqual(before);
    });
  }

  it('update: status outside 1–5, a missing order, a missing body', async () => {
    const order = await created(assetIds[5]!);
    const before = await counts();
    for (const status of [0, 6, 1.5, 'x']) {
      expect((await update(order.id, { pole_order_status_id: status, status_address: 'A' })).statusCode).toBe(
        400,
      );
    }
    expect((await update(2_000_000_000, { pole_order_status_id: 2, status_address: 'A' })).statusCode).toBe(
      404,
    );
    expect((await update(order.id, {})).statusCode).toBe(400);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/v1/shipment/orders/${order.id}/updates`,
          headers: staff,
        })
      ).statusCode,
    ).toBe(400);
    expect((await create({ asset_id: 2_000_000_000, status_address: 'A' })).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });
});

describe('orders: customers see their own company only, read-only', () => {
  it('lists, tracks and details', async () => {
    const otherOrder = await created(otherAssetId);
    const own = (await get('/api/v1/shipment/allOrders', customer)).json<AssetOrderValue[]>();
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((o) => o.company_id === companyId)).toBe(true);
    // company_id is ignored for a customer.
    const asked = (await get(`/api/v1/shipment/allOrders?company_id=${otherCompanyId}`, customer)).json<
      AssetOrderValue[]
    >();
    expect(asked).toEqual(own);
    const tracks = (await get('/api/v1/hayden', outsider)).json<{ id: number }[]>();
    expect(tracks.every((t) => t.id === otherOrder.id)).toBe(true);
    expect((await get(`/api/v1/hayden/${otherOrder.id}`, customer)).statusCode).toBe(404);
    expect((await get(`/api/v1/hayden/${otherOrder.id}`, outsider)).statusCode).toBe(200);
    // Staff filter by company.
    const filtered = (await get(`/api/v1/shipment/allOrders?company_id=${otherCompanyId}`)).json<
      AssetOrderValue[]
    >();
    expect(filtered.map((o) => o.id)).toEqual([otherOrder.id]);
  });

  it('may not create or update', async () => {
    const before = await counts();
    expect((await create({ asset_id: assetIds[6], status_address: 'A' }, customer)).statusCode).toBe(403);
    const [order] = (await get('/api/v1/shipment/allOrders', customer)).json<AssetOrderValue[]>();
    expect(
      (await update(order!.id, { pole_order_status_id: 5, status_address: 'A' }, customer)).statusCode,
    ).toBe(403);
    expect((await get('/api/v1/shipment/assets?search=SH', customer)).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('the asset search finds assets by line or structure name, with their open order', async () => {
    const found = (await get('/api/v1/shipment/assets?search=sh-10')).json<
      { id: number; open_order_id: number | null; company_name: string }[]
    >();
    expect(found.length).toBe(8);
    expect(found.find((a) => a.id === assetIds[0])?.open_order_id).not.toBeNull();
    expect(found.find((a) => a.id === assetIds[7])?.open_order_id).toBeNull();
    expect(found[0]?.company_name).toBe('Orders Test Utility');
    expect((await get('/api/v1/shipment/assets?search=%25')).json()).toEqual([]);
  });
});
