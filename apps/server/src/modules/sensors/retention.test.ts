import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../testing/factories.ts';
import { createLine, createProject, createStructures } from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { pruneSensorReadings } from './retention.job.ts';
import { storeReadings } from './sensors.repository.ts';

let ctx: TestContext;
const device = `RET-${process.pid}`;
const now = new Date('2026-11-28T06:00:00Z');

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const companyId = await createCompany(db, 'Retention Utility');
  const projectId = await createProject(db, companyId);
  const { structureIds } = await createStructures(
    db,
    projectId,
    await createLine(db, companyId, projectId),
    1,
  );
  await db.execute(
    sql`insert into sensor_devices (device_id, structure_id) values (${device}, ${structureIds[0]})`,
  );
  // Every 10 minutes over 100 days: 14,400 readings; those older than 90 days are deleted.
  const readings = Array.from({ length: 14_400 }, (_, i) => ({
    deviceId: device,
    payload_time: new Date(now.getTime() - (i + 1) * 600_000),
    payload: { tilt: [{ x: 2, y: (i % 6) / 10, z: 88 }], vibration: [{ x: (i % 6) / 10, y: 0.1, z: 0.2 }] },
  }));
  for (let i = 0; i < readings.length; i += 2000) await storeReadings(db, readings.slice(i, i + 2000));
});
afterAll(() => ctx.close());

describe('sensor retention', () => {
  it('deletes raw readings older than SENSOR_RAW_DAYS; their hourly rollup (kept by the ingest) stays', async () => {
    const db = ctx.database.db;
    const removed = await pruneSensorReadings(db, 90, now);
    const cutoff = new Date(now.getTime() - 90 * 86_400_000);
    const [raw] = await sqlRows<{ n: string | number; oldest: string }>(
      db,
      sql`select count(*) as n, min(payload_time)::text as oldest from sensor_readings where device_id = ${device}`,
    );
    expect(new Date(raw!.oldest).getTime()).toBeGreaterThanOrEqual(cutoff.getTime());
    expect(Number(raw!.n) + removed).toBe(14_400);
    const hours = await sqlRows<{
      readings: number;
      vibration_x_min: number;
      vibration_x_max: number;
      tilt_x: number;
    }>(
      db,
      sql`select readings, vibration_x_min, vibration_x_max, tilt_x from sensor_readings_hourly
          where device_id = ${device} and hour < ${cutoff.toISOString()}::timestamptz`,
    );
    expect(hours.reduce((sum, h) => sum + h.readings, 0)).toBe(removed);
    expect(hours.length).toBe(10 * 24);
    for (const h of hours) {
      expect(h.readings).toBe(6);
      expect(h.vibration_x_min).toBe(0);
      expect(h.vibration_x_max).toBe(0.5);
      expect(h.tilt_x).toBe(2);
    }
    // Run again (as a retried job would): nothing more to delete; the rollup still holds every reading once.
    expect(await pruneSensorReadings(db, 90, now)).toBe(0);
    const [again] = await sqlRows<{ n: string | number }>(
      db,
      sql`select sum(readings) as n from sensor_readings_hourly where device_id = ${device}`,
    );
    expect(Number(again!.n)).toBe(14_400);
  });
});
