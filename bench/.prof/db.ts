import { sql } from 'drizzle-orm';
import pino from 'pino';
import { openBenchDatabase } from '../lib/database.ts';
import { storeBatch } from '../../apps/server/src/modules/sensors/sensors.repository.ts';
import { evaluateAlerts } from '../../apps/server/src/modules/sensors/alertEvaluation.ts';
import { withTransaction } from '../../apps/server/src/platform/db/transaction.ts';
import { SensorMessage } from '@linewalker/domain';
import { message } from '../lib/sensorIngest.ts';

const database = await openBenchDatabase();
const db = database.db;
await db.execute(sql`insert into sensor_devices (device_id) select 'B-' || n from generate_series(1, 10000) n`);
const t = (label: string, ms: number[]) => console.log(label, ms.map((x) => x.toFixed(1)).join(' '));
const parseMs: number[] = [], storeMs: number[] = [], evalMs: number[] = [], commitMs: number[] = [], totalMs: number[] = [];
for (let tick = 1; tick <= 8; tick++) {
  for (let from = 0; from < 10000; from += 1000) {
    const p0 = performance.now();
    const batch = [];
    for (let i = from; i < from + 1000; i++) batch.push({ ...SensorMessage.parse(JSON.parse(message(tick, i))), deviceId: `B-${i + 1}` });
    parseMs.push(performance.now() - p0);
    const t0 = performance.now();
    let t1 = 0, t2 = 0;
    await withTransaction(db, async (tx) => {
      const { devices } = await storeBatch(tx, batch);
      t1 = performance.now();
      await evaluateAlerts(tx, batch, devices, null);
      t2 = performance.now();
    });
    const t3 = performance.now();
    storeMs.push(t1 - t0); evalMs.push(t2 - t1); commitMs.push(t3 - t2); totalMs.push(t3 - t0);
  }
}
const avg = (xs: number[]) => (xs.slice(20).reduce((a, b) => a + b, 0) / (xs.length - 20)).toFixed(1);
console.log(`per 1000: parse+zod ${avg(parseMs)} store ${avg(storeMs)} eval ${avg(evalMs)} commit ${avg(commitMs)} total ${avg(totalMs)}`);
await database.close();
process.exit(0);
