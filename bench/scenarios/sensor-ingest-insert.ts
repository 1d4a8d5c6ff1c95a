import { sql } from 'drizzle-orm';
import { defineScenario } from '../lib/scenario.ts';
import {
  DEVICES,
  ingestOnce,
  message,
  type SensorBench,
  SUBSCRIBERS,
  sensorReport,
  setupSensorBench,
  teardownSensorBench,
} from '../lib/sensorIngest.ts';

/** The baseline's batch (1,000 readings a statement; the ingestor writes up to 2,500 in a burst). */
const BATCH = 1000;

export default defineScenario<SensorBench>({
  name: 'sensor-ingest-insert',
  description:
    `${DEVICES} readings published QoS 1 to Mosquitto → committed by the server’s ${SUBSCRIBERS} subscriber ` +
    'connections (as sensor-ingest) vs a bare batched INSERT of the same readings (1,000 rows a statement, no ' +
    'broker, no validation, no latest-value rows, no alert rules)',
  target: 0.7,
  measure: { rounds: 3, roundMs: 3000, warmup: 1 },
  setup: setupSensorBench,
  subject: ingestOnce,
  async baseline(c) {
    const tick = ++c.tick;
    for (let from = 0; from < DEVICES; from += BATCH) {
      const rows = [];
      for (let i = from; i < Math.min(DEVICES, from + BATCH); i++) {
        const m = JSON.parse(message(tick, i)) as { payload_time: string; payload: unknown };
        rows.push({ d: `B-${i + 1}`, t: m.payload_time, p: m.payload });
      }
      await c.database.db.execute(
        sql`insert into sensor_readings (device_id, payload_time, payload)
            select d, t, p from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(d text, t timestamptz, p jsonb)
            on conflict (device_id, payload_time) do nothing`,
      );
    }
  },
  report: sensorReport,
  teardown: teardownSensorBench,
});
