import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../testing/factories.ts';
import { createLine, createProject, createStructures } from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import {
  rawVibrationSeries,
  rawWindow,
  rollupVibrationSeries,
  rollupWindow,
  vibrationSeries,
} from './sensorData.repository.ts';
import { SensorIngestor } from './sensorIngestor.ts';
import { backfillSensorRollup, HOUR_MS } from './sensorRollup.ts';

let ctx: TestContext;
const pid = process.pid;
const live = `ROLL-${pid}`;
const bulk = `BULK-${pid}`;
const now = new Date('2026-11-28T06:17:31.250Z');
const DAY = 86_400_000;

/** A reading every 7 minutes for 31 days ending at `now`: vibration and tilt changing, some without either. */
const reading = (i: number) => {
  const t = new Date(now.getTime() - i * 7 * 60_000 - (i % 13) * 1000);
  const vibration =
    i % 11 === 0
      ? []
      : [
          { x: ((i * 37) % 100) / 100, y: ((i * 17) % 50) / 100, z: ((i * 7) % 30) / 100 },
          ...(i % 5 === 0 ? [{ x: 1.5, y: 0.01, z: -0.2 }] : []),
        ];
  return {
    payload_time: t.toISOString(),
    payload: i % 9 === 0 ? { vibration } : { vibration, tilt: [{ x: 1 + (i % 4), y: 0.2, z: 89 }] },
  };
};
const COUNT = Math.floor((31 * DAY) / (7 * 60_000));

async function device(db: TestContext['database']['db'], id: string) {
  const companyId = await createCompany(db, `Rollup ${id}`);
  const projectId = await createProject(db, companyId);
  const lineId = await createLine(db, companyId, projectId);
  const { structureIds } = await createStructures(db, projectId, lineId, 1, { prefix: id });
  await db.execute(
    sql`insert into sensor_devices (device_id, structure_id) values (${id}, ${structureIds[0]})`,
  );
}

const hourly = (id: string) =>
  sqlRows<{ hour: string; readings: number; tilt_readings: number; tilt_x: number | null }>(
    ctx.database.db,
    sql`select hour::text, readings, tilt_readings, tilt_x from sensor_readings_hourly
        where device_id = ${id} order by hour`,
  );

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  await device(db, live);
  await device(db, bulk);
  // The live device through the ingest (as MQTT delivers): newest first in odd-sized batches, so most of
  // its readings arrive late (older than its latest) and land in hours other batches began.
  const ingestor = new SensorIngestor(db, pino({ level: 'silent' }), { batchSize: 333, lanes: 2 });
  for (let i = 0; i < COUNT; i++) ingestor.accept(live, JSON.stringify(reading(i)));
  // Duplicates: the same (device, time) again, with other values, counted once and changing nothing.
  for (let i = 0; i < 200; i++)
    ingestor.accept(
      live,
      JSON.stringify({
        ...reading(i * 3),
        payload: { vibration: [{ x: 9, y: 9, z: 9 }], tilt: [{ x: 50, y: 0, z: 40 }] },
      }),
    );
  await ingestor.close();
  expect(ingestor.stats.stored).toBe(COUNT);
  expect(ingestor.stats.duplicates).toBe(200);
  // The bulk device's readings go straight into the table and through the product's backfill.
  const rows = Array.from({ length: COUNT }, (_, i) => reading(i));
  for (let i = 0; i < rows.length; i += 2000)
    await db.execute(
      sql`insert into sensor_readings (device_id, payload_time, payload)
          select ${bulk}, t, p from jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + 2000).map((r) => ({ t: r.payload_time, p: r.payload })))}::jsonb) as x(t timestamptz, p jsonb)`,
    );
  expect(await backfillSensorRollup(db, [bulk])).toBe(COUNT);
}, 120_000);
afterAll(() => ctx.close());

describe('the hourly sensor rollup', () => {
  it('holds every reading once, late and duplicate ones included, the same through the ingest as the backfill', async () => {
    const a = await hourly(live);
    const b = await hourly(bulk);
    expect(a.reduce((n, h) => n + h.readings, 0)).toBe(COUNT);
    expect(a.length).toBeGreaterThan(31 * 24);
    expect(b.map((h) => [h.hour, h.readings, h.tilt_readings])).toEqual(
      a.map((h) => [h.hour, h.readings, h.tilt_readings]),
    );
    for (const [k, h] of a.entries()) expect(h.tilt_x).toBeCloseTo(b[k]!.tilt_x ?? Number.NaN, 9);
    // The mean tilt of an hour, from the raw readings that had one.
    const [check] = await sqlRows<{ raw: number; rolled: number }>(
      ctx.database.db,
      sql`select avg((payload->'tilt'->-1->>'x')::float8) as raw,
            (select tilt_x from sensor_readings_hourly where device_id = ${live} and hour = '2026-11-20T10:00:00Z') as rolled
          from sensor_readings where device_id = ${live}
            and payload_time >= '2026-11-20T10:00:00Z' and payload_time < '2026-11-20T11:00:00Z'`,
    );
    expect(check!.rolled).toBeCloseTo(check!.raw, 9);
  });

  it('draws the 7- and 30-day charts from the rollup exactly as from the raw readings, ≤ 1,000 points', async () => {
    const db = ctx.database.db;
    for (const days of [7, 30]) {
      const from = new Date(now.getTime() - days * DAY);
      const { start, end, bucketMs } = rollupWindow(from, now);
      expect(bucketMs).toBe(days === 7 ? HOUR_MS : 2 * HOUR_MS);
      const chart = await vibrationSeries(db, live, from, now);
      expect(chart).toEqual(await rollupVibrationSeries(db, live, start, end, bucketMs));
      // The raw readings of the same whole hours, in the same buckets.
      const raw = await rawVibrationSeries(
        db,
        live,
        start,
        new Date(end.getTime() + HOUR_MS - 1),
        bucketMs,
        new Date('2000-01-01T00:00:00Z'),
      );
      expect(chart.length).toBeGreaterThan(days * 12);
      expect(chart.length).toBeLessThanOrEqual(1000);
      // The same buckets: the same times and extremes. Only the order of a bucket's two extremes may
      // differ: the raw readings know which came first, the rollup goes by the line's previous value.
      expect(chart.map((p) => p.recorded_date)).toEqual(raw.map((p) => p.recorded_date));
      for (const axis of ['x', 'y', 'z'] as const)
        expect(chart.map((p) => p[axis]).sort()).toEqual(raw.map((p) => p[axis]).sort());
      expect(await vibrationSeries(db, bulk, from, now)).toEqual(chart);
      // The late burst of 1.5 g is in the chart; the duplicates' 9 g is not.
      expect(Math.max(...chart.map((p) => p.x))).toBe(1.5);
    }
  });

  it('keeps short ranges on the raw readings', async () => {
    const from = new Date(now.getTime() - DAY);
    const chart = await vibrationSeries(ctx.database.db, live, from, now);
    expect(chart).toEqual(
      await rawVibrationSeries(
        ctx.database.db,
        live,
        from,
        now,
        Math.ceil(DAY / 499),
        rawWindow(from, now).origin,
      ),
    );
    expect(chart.length).toBeGreaterThan(100);
  });
});
