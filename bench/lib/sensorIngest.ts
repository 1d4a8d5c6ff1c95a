import { ROLE_IDS, sensorTopic } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { z } from 'zod';
import {
  type MqttSubscriber,
  startSubscriber,
} from '../../apps/server/src/modules/sensors/mqttSubscriber.ts';
import { SensorIngestor } from '../../apps/server/src/modules/sensors/sensorIngestor.ts';
import type { Database } from '../../apps/server/src/platform/db/client.ts';
import { queryRows } from '../../apps/server/src/platform/db/rows.ts';
import { createCompany } from '../../apps/server/src/testing/factories.ts';
import {
  createLine,
  createProject,
  createStructures,
} from '../../apps/server/src/testing/projectFactories.ts';
import { openBenchDatabase } from './database.ts';
import { type InProcessApp, startInProcessApp } from './inProcessApp.ts';
import { BROKER, type BurstTarget, message, publishBurst as publishFrom } from './sensorMessages.ts';
import { PublisherProcess } from './sensorPublisher.ts';

export { BROKER, message };
/** Devices; each operation publishes one reading from each (10,000 readings). */
export const DEVICES = Number(process.env.SENSOR_BENCH_DEVICES ?? 10_000);
/**
 * Server subscriber connections in the one shared group (the N servers of a deployment, here in one
 * process feeding one ingestor): Mosquitto queues at most 1,000 messages per client (max_queued_messages),
 * so the burst is spread over several sessions that acknowledge as soon as a message is validated.
 */
export const SUBSCRIBERS = Number(process.env.SENSOR_BENCH_SUBSCRIBERS ?? 4);
/**
 * Where the bursts of the throughput scenarios are published from: `process` (default) a child process of
 * their own, as devices are in a deployment; `inprocess` this process's own publisher (the bench's topology
 * up to session 20: the publishing then shares this thread with the receiving, on both sides).
 */
const PUBLISHER = process.env.SENSOR_BENCH_PUBLISHER === 'inprocess' ? 'inprocess' : 'process';

export interface SensorBench {
  database: Database;
  ingestor: SensorIngestor;
  subscribers: MqttSubscriber[];
  /** This process's own client: the probes, the latency scenario's stream. */
  publisher: MqttClient;
  /** The simulated devices' process, publishing the throughput scenarios' bursts (null: `inprocess`). */
  devices: PublisherProcess | null;
  app: InProcessApp;
  /** The probe device (its own company, a distribution structure) and its virtual clock. */
  probe: { deviceId: string; companyId: number; clock: number };
  tick: number;
  published: number;
  visibleMs: number[];
  alertMs: number[];
}

export async function until(
  check: () => boolean | Promise<boolean>,
  what: () => string,
  pollMs = 5,
  ms = 120_000,
) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`readings lost: ${what()}`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

let setups = 0;

export async function setupSensorBench(): Promise<SensorBench> {
  const database = await openBenchDatabase();
  const db = database.db;
  await db.execute(
    sql`insert into sensor_devices (device_id) select 'B-' || n from generate_series(1, ${DEVICES}) n`,
  );
  // The probe: a device on a distribution structure of its own company (tilt warning 5°, alarm 10°, hold 60 s).
  const companyId = await createCompany(db, 'Sensor bench probe');
  const projectId = await createProject(db, companyId, { ptypeId: 1 });
  const lineId = await createLine(db, companyId, projectId, 'Probe line');
  const [structureId] = (await createStructures(db, projectId, lineId, 1, { prefix: 'PR-' })).structureIds;
  const deviceId = 'PROBE-1';
  await db.execute(
    sql`insert into sensor_devices (device_id, structure_id) values (${deviceId}, ${structureId})`,
  );
  const log = pino({ level: process.env.BENCH_LOG ?? 'warn' });
  const ingestor = new SensorIngestor(database.db, log);
  // A group and sessions of this setup's own: a scenario's unacknowledged readings (still streaming at its
  // teardown) are not sent again to the next scenario of the run.
  const group = `lw-bench-${process.pid}-${++setups}`;
  const subscribers = Array.from({ length: SUBSCRIBERS }, (_, k) =>
    startSubscriber(ingestor, log, {
      url: BROKER,
      clientId: `${group}-server-${k}`,
      shared: true,
      shareGroup: group,
      sessionExpirySeconds: 60,
    }),
  );
  await Promise.all(subscribers.map((s) => s.subscribed));
  const publisher = await mqtt.connectAsync(BROKER, { protocolVersion: 5 });
  const devices = PUBLISHER === 'process' ? await PublisherProcess.start() : null;
  const app = await startInProcessApp(database, 'sensors', ROLE_IDS.superAdmin);
  return {
    database,
    ingestor,
    subscribers,
    publisher,
    devices,
    app,
    probe: { deviceId, companyId, clock: Date.UTC(2025, 0, 1) },
    tick: 0,
    published: 0,
    visibleMs: [],
    alertMs: [],
  };
}

/** One reading from each of the DEVICES devices (second `tick`), to the devices' topics or a bare one. */
export async function publishBurst(c: SensorBench, target: BurstTarget, tick: number) {
  if (c.devices) return c.devices.publish(target, tick, DEVICES);
  await publishFrom(c.publisher, target, tick, DEVICES);
}

/** One operation of the subject: a reading from every device, published → validated → committed. */
export async function ingestOnce(c: SensorBench) {
  const target = c.ingestor.stats.stored + DEVICES;
  const tick = ++c.tick;
  await publishBurst(c, { kind: 'devices' }, tick);
  c.published += DEVICES;
  await until(
    () => c.ingestor.stats.stored >= target,
    () => `stored ${c.ingestor.stats.stored} of ${target}`,
  );
}

const probeReading = (at: number, tilt: number) =>
  JSON.stringify({
    payload_time: new Date(at).toISOString(),
    payload: { tilt: [{ x: tilt, y: 0.2, z: 90 - tilt }], vibration: [{ x: 0.1, y: 0.05, z: 0.02 }] },
  });

/**
 * Publish → visible and reading → alert, while the ingest runs: the probe device leans 12° at its clock − 61 s
 * (a pending alert), then publishes the qualifying 12° reading (tilt x unique per probe) and times until
 * `GET /structures/sensor_data?company_id=` shows it and until its alert row is raised; a 1° reading ends it.
 */
export async function probeOnce(c: SensorBench) {
  const p = c.probe;
  p.clock += 200_000;
  const topic = sensorTopic(p.deviceId);
  await c.publisher.publishAsync(topic, probeReading(p.clock - 61_000, 12), { qos: 1 });
  await until(
    async () =>
      (
        await queryRows(
          c.database.db,
          sql`select 1 as one from sensor_alerts
              where device_id = ${p.deviceId} and ended_at is null and raised_at is null and level = 3`,
          z.object({ one: z.number() }),
        )
      ).length > 0,
    () => 'probe pending alert',
    20,
  );
  const tilt = 12 + c.visibleMs.length / 1000;
  const start = performance.now();
  await c.publisher.publishAsync(topic, probeReading(p.clock, tilt), { qos: 1 });
  let visible: number | null = null;
  let alert: number | null = null;
  await until(
    async () => {
      if (alert === null) {
        const [row] = await queryRows(
          c.database.db,
          sql`select (raised_at is not null) as raised from sensor_alerts
            where device_id = ${p.deviceId} and ended_at is null and level = 3`,
          z.object({ raised: z.boolean() }),
        );
        if (row?.raised) alert = performance.now() - start;
      }
      if (visible === null) {
        const res = await c.app.app.inject({
          method: 'GET',
          url: `/api/v1/structures/sensor_data?company_id=${p.companyId}`,
          headers: c.app.headers,
        });
        const rows = res.json<{ tilt_x: number | null }[]>();
        if (rows.some((r) => r.tilt_x !== null && Math.abs(r.tilt_x - tilt) < 1e-6))
          visible = performance.now() - start;
      }
      return visible !== null && alert !== null;
    },
    () => 'probe visible/alert',
  );
  c.published += 3;
  c.visibleMs.push(visible ?? 0);
  c.alertMs.push(alert ?? 0);
  await c.publisher.publishAsync(topic, probeReading(p.clock + 1000, 1), { qos: 1 });
  // Untimed: the alert ends before the next probe.
  await until(
    async () =>
      (
        await queryRows(
          c.database.db,
          sql`select 1 as one from sensor_alerts where device_id = ${p.deviceId} and ended_at is null`,
          z.object({ one: z.number() }),
        )
      ).length === 0,
    () => 'probe alert ended',
    20,
  );
}

/** The run's counts and probe percentiles; `streaming`: readings still in flight (no loss figure). */
export function sensorReport(c: SensorBench, streaming = false) {
  const s = c.ingestor.stats;
  const lost = streaming ? 'still streaming, not counted as' : c.published - (s.stored + s.duplicates);
  const p = (xs: number[], q: number) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return sorted.length
      ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!.toFixed(0)
      : '–';
  };
  return (
    `${DEVICES} devices, ${SUBSCRIBERS} subscriber connections. ` +
    `Published ${c.published}, stored ${s.stored} (+${s.duplicates} duplicates, ${s.bad} bad, ${s.unknownDevice} unknown): ${lost} lost.` +
    (c.visibleMs.length === 0
      ? ''
      : `\nProbes during the ingest (${c.visibleMs.length}): publish → visible in GET /structures/sensor_data p50 ${p(c.visibleMs, 0.5)} ms, p95 ${p(c.visibleMs, 0.95)} ms (target ≤ 2000); ` +
        `qualifying reading → alert raised p50 ${p(c.alertMs, 0.5)} ms, p95 ${p(c.alertMs, 0.95)} ms (target ≤ 1000)`)
  );
}

export async function teardownSensorBench(c: SensorBench) {
  // Committed readings are acknowledged before the sessions end, and the broker drops the sessions (expiry
  // 0) rather than queueing this group's share of later scenarios' readings for a minute.
  await c.ingestor.flush();
  await Promise.all(
    c.subscribers.map((s) => s.client.endAsync(false, { properties: { sessionExpiryInterval: 0 } })),
  );
  await c.ingestor.close();
  await c.publisher.endAsync();
  await c.devices?.stop();
  await c.app.close();
  await c.database.close();
}
