import { sensorTopic } from '@linewalker/domain';
import { defineScenario } from '../lib/scenario.ts';
import {
  DEVICES,
  message,
  probeOnce,
  type SensorBench,
  sensorReport,
  setupSensorBench,
  teardownSensorBench,
} from '../lib/sensorIngest.ts';

/** The background load: readings/s from the simulated devices, published in 10 slices a second. */
const RATE = Number(process.env.SENSOR_BENCH_RATE ?? 5000);

interface Context extends SensorBench {
  timer: NodeJS.Timeout;
  next: number;
  roundTrips: number[];
}

const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)]! : 0;
};

export default defineScenario<Context>({
  name: 'sensor-ingest-latency',
  description:
    `while ${RATE} readings/s of ${DEVICES} devices stream through Mosquitto into the server: a probe device's ` +
    'qualifying reading published → visible in GET /structures/sensor_data and → its alert raised, vs one ' +
    'message published → back to the publisher through the broker (QoS 1)',
  measure: { rounds: 3, roundMs: 3000, warmup: 1 },
  async setup() {
    const bench = await setupSensorBench();
    const context: Context = { ...bench, timer: setInterval(() => undefined, 1e9), next: 0, roundTrips: [] };
    clearInterval(context.timer);
    const slice = Math.round(RATE / 10);
    context.timer = setInterval(() => {
      for (let k = 0; k < slice; k++) {
        const i = context.next++ % DEVICES;
        const tick = 1_000_000 + Math.floor(context.next / DEVICES);
        void context.publisher.publishAsync(sensorTopic(`B-${i + 1}`), message(tick, i), { qos: 1 });
        context.published++;
      }
    }, 100);
    await context.publisher.subscribeAsync(`lw-bench-echo/${process.pid}`, { qos: 1 });
    return context;
  },
  subject: probeOnce,
  async baseline(c) {
    const topic = `lw-bench-echo/${process.pid}`;
    const start = performance.now();
    await new Promise<void>((resolve) => {
      c.publisher.once('message', () => resolve());
      void c.publisher.publishAsync(topic, 'x', { qos: 1 });
    });
    c.roundTrips.push(performance.now() - start);
  },
  report: (c) =>
    `${sensorReport(c, true)}\nbroker round trip p95 ${p95(c.roundTrips).toFixed(0)} ms; background ${RATE} readings/s; ` +
    `stored ${c.ingestor.stats.stored} while running`,
  async teardown(c) {
    clearInterval(c.timer);
    await teardownSensorBench(c);
  },
});
