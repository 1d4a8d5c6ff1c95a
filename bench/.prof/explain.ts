import { sql, type SQL } from 'drizzle-orm';
import { openBenchDatabase } from '../lib/database.ts';
import { storeBatch } from '../../apps/server/src/modules/sensors/sensors.repository.ts';
import { withTransaction } from '../../apps/server/src/platform/db/transaction.ts';
import { SensorMessage } from '@linewalker/domain';
import { message } from '../lib/sensorIngest.ts';

const database = await openBenchDatabase();
const db = database.db;
await db.execute(sql`insert into sensor_devices (device_id) select 'B-' || n from generate_series(1, 10000) n`);
for (let tick = 1; tick <= 4; tick++) {
  for (let from = 0; from < 10000; from += 1000) {
    const batch = [];
    for (let i = from; i < from + 1000; i++) batch.push({ ...SensorMessage.parse(JSON.parse(message(tick, i))), deviceId: `B-${i + 1}` });
    const last = tick === 4 && from === 5000;
    await withTransaction(db, async (tx) => {
      const proxy = last ? ({ execute: async (q: SQL) => { const r = await tx.execute(sql`explain (analyze, buffers) ${q}`) as unknown as { rows: Record<string, string>[] }; for (const row of r.rows) console.log(Object.values(row)[0]); throw new Error('done'); } } as unknown as typeof tx) : tx;
      await storeBatch(proxy, batch).catch(() => undefined);
    });
  }
}
await database.close();
process.exit(0);
