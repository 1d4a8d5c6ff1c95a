import type { OrderDetailValue } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets } from '../../platform/db/schema/index.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { signOrderWebhook } from './webhookSignature.ts';

const SECRET = 'carrier-shared-secret-0123456789';
let ctx: TestContext;
let staff: Record<string, string>;
let orderId: number;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestApp({ ORDER_WEBHOOK_SECRET: SECRET });
  const db = ctx.database.db;
  const companyId = await createCompany(db, 'Webhook Utility');
  const [asset] = await db
    .insert(assets)
    .values({ companyId, lineName: 'Webhook Line', structNum: 'WH-1', location: { x: -97, y: 38 } })
    .returning({ id: assets.id });
  staff = bearer(await loginToken(ctx.app, await createUser(db, 'project_manager')));
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/shipment/orders',
    payload: { asset_id: asset!.id, status_address: 'Plant, Hutchinson, KS' },
    headers: staff,
  });
  orderId = res.json<OrderDetailValue>().id;
});
afterAll(() => ctx.close());

const body = (extra: object = {}) =>
  JSON.stringify({
    update_id: `carrier-${process.pid}-${++seq}`,
    order_id: orderId,
    pole_order_status_id: 4,
    status_address: 'I-70 near Salina, KS',
    lat: 38.84,
    lng: -97.61,
    ...extra,
  });
const post = (raw: string, signature: string | null, contentType = 'application/json') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/shipment/webhook',
    payload: raw,
    headers: {
      'content-type': contentType,
      ...(signature === null ? {} : { 'x-linewalker-signature': signature }),
    },
  });
async function updateCount() {
  const [row] = await sqlRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from asset_order_updates where order_id = ${orderId}`,
  );
  return row!.n;
}
const detail = async () =>
  (
    await ctx.app.inject({ method: 'GET', url: `/api/v1/hayden/${orderId}`, headers: staff })
  ).json<OrderDetailValue>();

describe('order webhook', () => {
  it('a correctly signed update is stored as webhook history and moves the order', async () => {
    const raw = body();
    const res = await post(raw, signOrderWebhook(SECRET, raw));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ order_id: orderId, stored: true });
    const order = await detail();
    expect(order).toMatchObject({ pole_order_status: 'in transit', lat: 38.84, lng: -97.61 });
    expect(order.updates.at(-1)).toMatchObject({ source: 'webhook', status_address: 'I-70 near Salina, KS' });
  });

  it('a bad, missing, or other-secret signature is 401 and changes nothing', async () => {
    const before = await updateCount();
    const raw = body({ pole_order_status_id: 5 });
    const tampered = raw.replace('I-70', 'I-35');
    for (const [payload, signature] of [
      [raw, null],
      [raw, ''],
      [raw, 'sha256=00'],
      [raw, signOrderWebhook('another-secret-another-secret', raw)],
      [tampered, signOrderWebhook(SECRET, raw)],
      [raw, signOrderWebhook(SECRET, raw).replace('sha256=', 'sha1=')],
    ] as [string, string | null][]) {
      const res = await post(payload, signature);
      expect(res.statusCode, `${signature}: ${res.body}`).toBe(401);
    }
    // Invalid JSON or an empty body unsigned: 401 as well (the signature is checked first).
    expect((await post('{not json', null)).statusCode).toBe(401);
    expect((await post('', null)).statusCode).toBe(401);
    expect(await updateCount()).toBe(before);
    expect((await detail()).pole_order_status_id).toBe(4);
  });

  it('a replayed update (same update_id) changes nothing, even sent twice at once', async () => {
    const raw = body({ pole_order_status_id: 3, status_address: 'Dock' });
    const signature = signOrderWebhook(SECRET, raw);
    const before = await updateCount();
    const answers = await Promise.all([post(raw, signature), post(raw, signature)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(answers.map((r) => r.json().stored).sort()).toEqual([false, true]);
    const again = await post(raw, signature);
    expect(again.json()).toEqual({ order_id: orderId, stored: false });
    expect(await updateCount()).toBe(before + 1);
  });

  it('an update that happened earlier than the newest goes into history without moving the order back', async () => {
    const newest = body({
      pole_order_status_id: 4,
      status_address: 'Newest',
      occurred_at: new Date().toISOString(),
    });
    await post(newest, signOrderWebhook(SECRET, newest));
    const late = body({
      pole_order_status_id: 2,
      status_address: 'Late',
      occurred_at: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect((await post(late, signOrderWebhook(SECRET, late))).json().stored).toBe(true);
    const order = await detail();
    expect(order.status_address).toBe('Newest');
    expect(order.updates.some((u) => u.status_address === 'Late')).toBe(true);
  });

  it('signed but invalid bodies are 400; an unknown order 404; nothing stored', async () => {
    const before = await updateCount();
    const cases: [string, number][] = [
      ['{not json', 400],
      [body({ pole_order_status_id: 9 }), 400],
      [body({ lat: 38, lng: undefined }), 400],
      [body({ update_id: '' }), 400],
      [body({ extra: true }), 400],
      [body({ occurred_at: 'yesterday' }), 400],
      [body({ occurred_at: new Date(Date.now() + 3_600_000).toISOString() }), 400],
      [body({ order_id: 2_000_000_000 }), 404],
      ['null', 400],
    ];
    for (const [raw, status] of cases) {
      const res = await post(raw, signOrderWebhook(SECRET, raw));
      expect(res.statusCode, `${raw}: ${res.body}`).toBe(status);
    }
    expect(await updateCount()).toBe(before);
  });

  it('without a configured secret every call is 401', async () => {
    const bare = await createTestApp();
    try {
      const raw = body();
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/v1/shipment/webhook',
        payload: raw,
        headers: {
          'content-type': 'application/json',
          'x-linewalker-signature': signOrderWebhook(SECRET, raw),
        },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await bare.close();
    }
  });
});
