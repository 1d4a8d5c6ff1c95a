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
export async function publishWindowed(
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
