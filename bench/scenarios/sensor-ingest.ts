import type { MqttClient } from 'mqtt';
import mqtt from 'mqtt';
import { defineScenario } from '../lib/scenario.ts';
import {
  BROKER,
  DEVICES,
  ingestOnce,
  publishBurst,
  type SensorBench,
  SUBSCRIBERS,
  sensorReport,
  setupSensorBench,
  teardownSensorBench,
  until,
} from '../lib/sensorIngest.ts';

interface Context extends SensorBench {
  /** The baseline's bare subscribers (their own share group, as many as the server's) and what they got. */
  bare: MqttClient[];
  bareReceived: number;
  bareTopic: string;
}

export default defineScenario<Context>({
  name: 'sensor-ingest',
  description:
    `${DEVICES} readings (one from each of ${DEVICES} devices) published QoS 1 to Mosquitto → validated, batched, ` +
    `judged by the alert rules and committed by the server’s ${SUBSCRIBERS} subscriber connections vs the same ` +
    'messages published → received by as many bare QoS 1 subscribers (ops/s × devices = readings/s)',
  target: 0.7,
  measure: { rounds: 3, roundMs: 3000, warmup: 1 },
  async setup() {
    const bench = await setupSensorBench();
    const bareTopic = `lw-bench-bare/${process.pid}`;
    const bare = await Promise.all(
      Array.from({ length: SUBSCRIBERS }, (_, k) =>
        mqtt.connectAsync(BROKER, {
          protocolVersion: 5,
          clientId: `lw-bench-bare-${process.pid}-${k}`,
          clean: true,
          // The window the server's subscribers ask for: with the default (Mosquitto's 20 in flight) and its
          // 1,000 queued per client, a burst from a publisher on another core overflows a bare subscriber.
          properties: { receiveMaximum: 65_535 },
        }),
      ),
    );
    const context: Context = { ...bench, bare, bareReceived: 0, bareTopic };
    for (const client of bare) {
      client.on('message', () => {
        context.bareReceived++;
      });
      await client.subscribeAsync(`$share/bare-${process.pid}/${bareTopic}/+`, { qos: 1 });
    }
    return context;
  },
  async subject(c) {
    await ingestOnce(c);
  },
  async baseline(c) {
    const target = c.bareReceived + DEVICES;
    const tick = ++c.tick;
    await publishBurst(c, { kind: 'bare', topic: c.bareTopic }, tick);
    await until(
      () => c.bareReceived >= target,
      () => `received ${c.bareReceived} of ${target}`,
    );
  },
  report: sensorReport,
  async teardown(c) {
    await Promise.all(c.bare.map((b) => b.endAsync()));
    await teardownSensorBench(c);
  },
});
