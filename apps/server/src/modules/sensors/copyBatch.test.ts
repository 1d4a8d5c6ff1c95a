import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { SensorIngestor } from './sensorIngestor.ts';
import { storeReadings } from './sensors.repository.ts';

// The ingest's COPY path on PostgreSQL (copyBatch.ts) against storeBatch, the one statement it replaces
// (and the only path on PGlite): the same readings must leave the same rows behind.
let ctx: TestContext;
const pid = process.pid;
let seq = 0;
const start = Date.parse('2026-11-20T09:58:00Z');

/** Reading i of a stream: a reading every 13 s across hours, some without vibration, tilt or battery. */
const reading = (i: number) => ({
  payload_time: new Date(start + i * 13_000).toISOString(),
  payload: {
    ...(i % 7 === 3
      ? {}
      : {
          tilt: [
            { x: 1 + (i % 5) / 10, y: -0.2, z: 89 },
            { x: 2 + (i % 3), y: 0.1, z: 88 },
          ],
        }),
    vibration:
      i % 6 === 0
        ? []
        : [
            { x: ((i * 37) % 100) / 100, y: -((i * 17) % 50) / 100, z: 0.02 },
            ...(i % 4 === 0 ? [{ x: -0.3, y: 0.9, z: 1.25 }] : []),
          ],
  },
  ...(i % 3 === 0 ? {} : { battery: 90 - i / 100 }),
});

async function devices(n: number) {
  const ids = Array.from({ length: n }, () => `COPY-${pid}-${++seq}`);
  for (const id of ids)
    await ctx.database.db.execute(sql`insert into sensor_devices (device_id) values (${id})`);
  return ids;
}

const rollup = (id: string) =>
  sqlRows(
    ctx.database.db,
    sql`select hour::text, readings, vibration_x_min, vibration_x_max, vibration_y_min, vibration_y_max,
          vibration_z_min, vibration_z_max, vibration_first_at::text, vibration_last_at::text, tilt_readings,
          round(tilt_x::numeric, 9)::float8 as tilt_x, round(tilt_y::numeric, 9)::float8 as tilt_y,
          round(tilt_z::numeric, 9)::float8 as tilt_z
        from sensor_readings_hourly where device_id = ${id} order by hour`,
  );
const latest = (id: string) =>
  sqlRows(
    ctx.database.db,
    sql`select latest_payload_time::text, latest_payload, battery, first_vibration_time::text
        from sensor_devices where device_id = ${id}`,
  );
const stored = (id: string) =>
  sqlRows<{ n: number; t: string }>(
    ctx.database.db,
    sql`select count(*)::int as n, max(payload_time)::text as t from sensor_readings where device_id = ${id}`,
  );

const ingestor = (batchSize = 100) =>
  new SensorIngestor(ctx.database.db, pino({ level: 'silent' }), { batchSize, lanes: 2 });

beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(() => ctx.close());

describe('the ingest’s COPY path', () => {
  it('leaves the rollup and latest values storeBatch leaves, batch after batch in time order', async () => {
    // Each batch one reading of every device (the case COPY takes), readings 5 minutes apart over 6 hours.
    const fleet = 12;
    const rounds = 72;
    const copied = await devices(fleet);
    const inserted = await devices(fleet);
    const ingest = new SensorIngestor(ctx.database.db, pino({ level: 'silent' }), {
      batchSize: fleet,
      lanes: 1,
    });
    const at = (round: number, k: number) => {
      const r = reading(round * 23 + k);
      return { ...r, payload_time: new Date(start + round * 300_000).toISOString() };
    };
    for (let round = 0; round < rounds; round++)
      for (let k = 0; k < fleet; k++) ingest.accept(copied[k]!, JSON.stringify(at(round, k)));
    await ingest.close();
    expect(ingest.stats).toMatchObject({ stored: fleet * rounds, duplicates: 0, failedFlushes: 0 });
    if (ctx.database.kind === 'postgres') expect(ingest.stats.copiedBatches).toBe(rounds);
    for (let round = 0; round < rounds; round++) {
      const batch = Array.from({ length: fleet }, (_, k) => {
        const r = at(round, k);
        return {
          deviceId: inserted[k]!,
          payload_time: new Date(r.payload_time),
          payload: r.payload,
          ...(r.battery === undefined ? {} : { battery: r.battery }),
        };
      });
      expect(await storeReadings(ctx.database.db, batch)).toBe(fleet);
    }
    for (let k = 0; k < fleet; k++) {
      const rows = await rollup(copied[k]!);
      expect(rows.length).toBeGreaterThanOrEqual(6);
      expect(rows).toEqual(await rollup(inserted[k]!));
      expect(await latest(copied[k]!)).toEqual(await latest(inserted[k]!));
      expect((await stored(copied[k]!))[0]!.n).toBe(rounds);
    }
  });

  it('stores a reading delivered twice in one batch once', async () => {
    const [id] = await devices(1);
    const ingest = ingestor(1000);
    for (const i of [0, 1, 2, 1, 3]) ingest.accept(id!, JSON.stringify(reading(i)));
    await ingest.close();
    expect(ingest.stats).toMatchObject({ stored: 4, duplicates: 1, failedFlushes: 0 });
    expect((await stored(id!))[0]!.n).toBe(4);
    expect((await rollup(id!)).reduce((sum, h) => sum + Number(h.readings), 0)).toBe(4);
  });

  it('stores once a reading already in the table behind the latest value’s back (COPY refused, the batch again)', async () => {
    const [id] = await devices(1);
    // Reading 5 is already stored but the device's latest value does not say so: COPY meets it.
    const r5 = reading(5);
    await ctx.database.db.execute(
      sql`insert into sensor_readings (device_id, payload_time, payload)
          values (${id}, ${r5.payload_time}, ${JSON.stringify(r5.payload)}::jsonb)`,
    );
    const ingest = ingestor(1000);
    for (let i = 0; i < 10; i++) ingest.accept(id!, JSON.stringify(reading(i)));
    await ingest.close();
    expect(ingest.stats).toMatchObject({ stored: 9, duplicates: 1, failedFlushes: 0 });
    // On PostgreSQL COPY was tried and refused (23505): the batch went in by storeBatch.
    expect(ingest.stats.copiedBatches).toBe(0);
    expect(await stored(id!)).toEqual([{ n: 10, t: (await stored(id!))[0]!.t }]);
    // The rollup holds the nine it stored (the one inserted by hand was never folded), the latest value the newest.
    expect((await rollup(id!)).reduce((sum, h) => sum + Number(h.readings), 0)).toBe(9);
    expect((await latest(id!))[0]!.latest_payload_time).toBe((await stored(id!))[0]!.t);
  });

  it('stores a late reading (older than the device’s latest) once, the latest value unmoved', async () => {
    const [id] = await devices(1);
    const first = ingestor(1000);
    for (const i of [10, 11, 12]) first.accept(id!, JSON.stringify(reading(i)));
    await first.close();
    const before = await latest(id!);
    const late = ingestor(1000);
    for (const i of [4, 11, 13]) late.accept(id!, JSON.stringify(reading(i)));
    await late.close();
    expect(late.stats).toMatchObject({ stored: 2, duplicates: 1 });
    expect((await stored(id!))[0]!.n).toBe(5);
    expect((await latest(id!))[0]!.latest_payload_time).not.toBe(before[0]!.latest_payload_time);
    expect((await rollup(id!)).reduce((sum, h) => sum + Number(h.readings), 0)).toBe(5);
  });
});
