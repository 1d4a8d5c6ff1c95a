import { ROLE_IDS } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { backfillSensorRollup } from '../../apps/server/src/modules/sensors/sensorRollup.ts';
import type { Database } from '../../apps/server/src/platform/db/client.ts';
import { queryRows } from '../../apps/server/src/platform/db/rows.ts';
import { openBenchDatabase } from '../lib/database.ts';
import { type InProcessApp, startInProcessApp } from '../lib/inProcessApp.ts';
import { defineScenario } from '../lib/scenario.ts';

/** Readings in the table (10 M by default) over 1,000 devices and the last 30 days. */
const READINGS = Number(process.env.SENSOR_CHART_READINGS ?? 10_000_000);
const DEVICES = 1000;
const PER_DEVICE = Math.floor(READINGS / DEVICES);

interface Context {
  database: Database;
  app: InProcessApp;
  subjectMs: number[];
  baselineMs: number[];
  points: number;
  n: number;
}

const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)]! : 0;
};
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

export default defineScenario<Context>({
  name: 'sensor-chart-10m',
  description:
    `one device's 30-day chart (GET /structures/sensor_data?device_id&range=30d, in-process, staff) among ` +
    `${READINGS.toLocaleString('en-US')} readings of ${DEVICES} devices (their hourly rollup filled by the product's backfill) ` +
    `vs a plain indexed SELECT of that device's raw 30 days`,
  measure: { rounds: 3, roundMs: 2000, warmup: 2 },
  async setup() {
    const database = await openBenchDatabase();
    const db = database.db;
    await db.execute(
      sql`insert into sensor_devices (device_id) select 'C-' || n from generate_series(1, ${DEVICES}) n`,
    );
    // INSERT … SELECT generate_series, 20 devices a statement (the server's statement timeout is 30 s):
    // each device a reading every 30 days / PER_DEVICE, ending now.
    for (let first = 1; first <= DEVICES; first += 20) {
      await db.execute(
        sql`insert into sensor_readings (device_id, payload_time, payload)
            select 'C-' || d, now() - (k * (interval '30 days' / ${PER_DEVICE})),
              jsonb_build_object('vibration', jsonb_build_array(jsonb_build_object('x', random(), 'y', random(), 'z', random())),
                                 'tilt', jsonb_build_array(jsonb_build_object('x', 1, 'y', 0.2, 'z', 89)))
            from generate_series(${first}::int, ${Math.min(DEVICES, first + 19)}::int) d, generate_series(0, ${PER_DEVICE - 1}) k`,
      );
    }
    // The rollup the ingest keeps as readings arrive, filled by the product's backfill (these readings did
    // not come through the ingest).
    await backfillSensorRollup(db);
    await db.execute(sql`analyze sensor_readings`);
    await db.execute(sql`analyze sensor_readings_hourly`);
    await db.execute(sql`analyze sensor_devices`);
    const app = await startInProcessApp(database, 'chart', ROLE_IDS.superAdmin);
    return { database, app, subjectMs: [], baselineMs: [], points: 0, n: 0 };
  },
  async subject(c) {
    const device = `C-${(c.n++ % DEVICES) + 1}`;
    const start = performance.now();
    const res = await c.app.app.inject({
      method: 'GET',
      url: `/api/v1/structures/sensor_data?device_id=${device}&range=30d`,
      headers: c.app.headers,
    });
    c.subjectMs.push(performance.now() - start);
    if (res.statusCode !== 200) throw new Error(`sensor_data ${res.statusCode}: ${res.body.slice(0, 200)}`);
    const row = res
      .json<{ common_sense_device_id: string; vibrations: unknown[] }[]>()
      .find((r) => r.common_sense_device_id === device);
    c.points = Math.max(c.points, row?.vibrations.length ?? 0);
  },
  async baseline(c) {
    const device = `C-${(c.n++ % DEVICES) + 1}`;
    const start = performance.now();
    await queryRows(
      c.database.db,
      sql`select payload_time, payload from sensor_readings
          where device_id = ${device} and payload_time >= now() - interval '30 days' order by payload_time`,
      z.object({ payload_time: z.unknown(), payload: z.unknown() }),
    );
    c.baselineMs.push(performance.now() - start);
  },
  report: (c) =>
    `route p50 ${p50(c.subjectMs).toFixed(1)} ms, p95 ${p95(c.subjectMs).toFixed(1)} ms (target ≤ 100), at most ${c.points} points (≤ 1,000); ` +
    `raw SELECT of the device's ${PER_DEVICE} readings p50 ${p50(c.baselineMs).toFixed(1)} ms, p95 ${p95(c.baselineMs).toFixed(1)} ms`,
  async teardown(c) {
    await c.app.close();
    await c.database.close();
  },
});
