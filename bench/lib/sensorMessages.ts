import { sensorTopic } from '@linewalker/domain';
import type { MqttClient } from 'mqtt';

/** The machine's Mosquitto (CI runs one too). */
export const BROKER = process.env.MOSQUITTO_URL ?? 'mqtt://127.0.0.1:1883';
/** The simulator's publishes awaiting the broker's PUBACK at once. */
const WINDOW = 1000;

/** Device i's reading of second `tick` (a tilt unique per device, so each reading can be told apart). */
export const message = (tick: number, i: number, tilt = 1 + i / 1e5) =>
  JSON.stringify({
    payload_time: new Date(Date.UTC(2026, 0, 1) + tick * 1000).toISOString(),
    payload: { tilt: [{ x: tilt, y: 0.2, z: 89 }], vibration: [{ x: 0.1, y: 0.05, z: 0.02 }] },
    battery: 80,
  });

/** Publishes `count` QoS 1 messages with at most WINDOW awaiting the broker at once (a simulator's pace). */
async function publishWindowed(
  client: MqttClient,
  count: number,
  topicOf: (i: number) => string,
  body: (i: number) => string,
) {
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const i = next++;
      await client.publishAsync(topicOf(i), body(i), { qos: 1 });
    }
  };
  await Promise.all(Array.from({ length: Math.min(WINDOW, count) }, lane));
}

/**
 * Where a burst goes: the devices' readings topics (`B-1` … `B-count`) or a bare topic `<bare>/<i>` that no
 * server listens to (the baseline's).
 */
export type BurstTarget = { kind: 'devices' } | { kind: 'bare'; topic: string };

/** One reading from each of `count` devices (second `tick`), published to `target` by `client`. */
export function publishBurst(client: MqttClient, target: BurstTarget, tick: number, count: number) {
  const topicOf =
    target.kind === 'devices'
      ? (i: number) => sensorTopic(`B-${i + 1}`)
      : (i: number) => `${target.topic}/${i}`;
  return publishWindowed(client, count, topicOf, (i) => message(tick, i));
}
