import { sensorTopic } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import {
  type MqttSubscriber,
  startSubscriber,
} from '../../apps/server/src/modules/sensors/mqttSubscriber.ts';
import { SensorIngestor } from '../../apps/server/src/modules/sensors/sensorIngestor.ts';
import type { Database } from '../../apps/server/src/platform/db/client.ts';
import { openBenchDatabase } from '../lib/database.ts';
import { defineScenario } from '../lib/scenario.ts';

/** The machine's Mosquitto (CI runs one too). */
const BROKER = process.env.MOSQUITTO_URL ?? 'mqtt://127.0.0.1:1883';
/**
 * Devices (and readings per operation). 1,000 by default: with 2,000 published at once the machine's
 * Mosquitto (default max_queued_messages 1000 per session) drops what the subscriber has not taken yet, and
 * the wait below reports the loss instead of a rate.
 */
const DEVICES = Number(process.env.SENSOR_BENCH_DEVICES ?? 1000);
/** Readings per operation: one from each device. */
const BATCH = DEVICES;

interface Context {
  database: Database;
  ingestor: SensorIngestor;
  subscriber: MqttSubscriber;
  publisher: MqttClient;
  /** The baseline's bare subscriber (its own share group) and what it has received. */
  bare: MqttClient;
  bareReceived: number;
  bareTopic: string;
  tick: number;
  group: string;
}

const message = (tick: number, i: number) =>
  JSON.stringify({
    payload_time: new Date(Date.UTC(2026, 0, 1) + tick * 1000).toISOString(),
    payload: { tilt: [{ x: 1 + i / 1e4, y: 0.2, z: 89 }], vibration: [{ x: 0.1, y: 0.05, z: 0.02 }] },
    battery: 80,
  });

async function until(check: () => boolean, what: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`readings lost: ${what()}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function publishAll(client: MqttClient, topicOf: (i: number) => string, tick: number): Promise<void> {
  const sends: Promise<unknown>[] = [];
  for (let i = 0; i < BATCH; i++) sends.push(client.publishAsync(topicOf(i), message(tick, i), { qos: 1 }));
  await Promise.all(sends);
}

export default defineScenario<Context>({
  name: 'sensor-ingest',
  description:
    `${BATCH} readings (one from each of ${DEVICES} devices) published QoS 1 to Mosquitto → validated, batched ` +
    'and committed by the server’s subscriber vs the same messages published → received by a bare QoS 1 subscriber',
  target: 0.7,
  measure: { rounds: 3, roundMs: 3000, warmup: 1 },
  async setup() {
    const database = await openBenchDatabase();
    await database.db.execute(
      sql`insert into sensor_devices (device_id) select 'B-' || n from generate_series(1, ${DEVICES}) n`,
    );
    const log = pino({ level: process.env.BENCH_LOG ?? 'warn' });
    const ingestor = new SensorIngestor(database.db, log);
    const group = `lw-bench-${process.pid}`;
    const subscriber = startSubscriber(ingestor, log, {
      url: BROKER,
      clientId: `${group}-server`,
      shared: true,
      shareGroup: group,
      sessionExpirySeconds: 60,
    });
    await subscriber.subscribed;
    const publisher = await mqtt.connectAsync(BROKER, { protocolVersion: 5 });
    const bareTopic = `lw-bench-bare/${process.pid}`;
    const bare = await mqtt.connectAsync(BROKER, {
      protocolVersion: 5,
      clientId: `${group}-bare`,
      clean: true,
    });
    const context: Context = {
      database,
      ingestor,
      subscriber,
      publisher,
      bare,
      bareReceived: 0,
      bareTopic,
      tick: 0,
      group,
    };
    bare.on('message', () => {
      context.bareReceived++;
    });
    await bare.subscribeAsync(`${bareTopic}/+`, { qos: 1 });
    return context;
  },
  async subject(c) {
    const target = c.ingestor.stats.stored + BATCH;
    await publishAll(c.publisher, (i) => sensorTopic(`B-${i + 1}`), ++c.tick);
    await until(
      () => c.ingestor.stats.stored >= target,
      () => `stored ${c.ingestor.stats.stored} of ${target}`,
    );
  },
  async baseline(c) {
    const target = c.bareReceived + BATCH;
    await publishAll(c.publisher, (i) => `${c.bareTopic}/${i}`, ++c.tick);
    await until(
      () => c.bareReceived >= target,
      () => `received ${c.bareReceived} of ${target}`,
    );
  },
  report(c) {
    const s = c.ingestor.stats;
    return `readings: received ${s.received}, stored ${s.stored}, duplicates ${s.duplicates}, bad ${s.bad}, unknown device ${s.unknownDevice} (× ${BATCH} per op = readings/s)`;
  },
  async teardown(c) {
    await c.subscriber.close();
    await c.publisher.endAsync();
    await c.bare.endAsync();
    await c.database.close();
  },
});
