import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { z } from 'zod';
import { runSimulator, simDevices, simulatorCredentials } from './modules/sensors/simulator.ts';
import { openConfiguredDatabase } from './platform/bootstrap.ts';
import { loadConfig } from './platform/config.ts';
import { queryRows } from './platform/db/rows.ts';

const USAGE = `Sensor simulator: publishes realistic readings to the configured MQTT broker.

  npm run simulate:sensors -- --devices N --rate R

  --devices N   devices SIM-00001 … (registered on the first N structures when new; default 10)
  --rate R      readings per second in all (default 5): each device every N/R seconds

Broker: MQTT_URL, else the embedded broker of a running server on 127.0.0.1:MQTT_PORT (default 1883).
Database: DATABASE_URL (the devices get new tokens there). With the embedded PGlite the running server
holds the database: stop it first, or use the demo's own simulator (npm start runs it for the demo devices).`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      devices: { type: 'string', default: '10' },
      rate: { type: 'string', default: '5' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const count = Number.parseInt(values.devices, 10);
  const rate = Number.parseFloat(values.rate);
  if (values.help || !(count > 0) || !(rate > 0)) {
    console.log(USAGE);
    process.exitCode = values.help ? 0 : 1;
    return;
  }
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const database = await openConfiguredDatabase(config);
  const db = database.db;
  const ids = Array.from({ length: count }, (_, i) => `SIM-${String(i + 1).padStart(5, '0')}`);
  // New devices go on the first structures, one each (round robin when there are fewer structures).
  await queryRows(
    db,
    sql`insert into sensor_devices (device_id, structure_id)
        select d, (select id from structures order by id offset ((n - 1) % greatest(1, (select count(*) from structures))) limit 1)
        from unnest(${`{${ids.join(',')}}`}::text[]) with ordinality as u(d, n)
        on conflict (device_id) do nothing returning device_id`,
    z.object({ device_id: z.string() }),
  );
  const credentials = await simulatorCredentials(db, ids);
  const brokerUrl = config.mqtt.url ?? `mqtt://127.0.0.1:${config.mqtt.port}`;
  const sim = await runSimulator(simDevices(credentials), rate, log, { brokerUrl });
  const report = setInterval(() => log.info(`published ${sim.published()}`), 5000);
  const stop = async () => {
    clearInterval(report);
    await sim.stop();
    await database.close();
    log.info(`published ${sim.published()} in all`);
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  process.stderr.write(`simulate:sensors failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
