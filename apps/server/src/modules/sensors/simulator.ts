import { DEFAULT_RULE_SETS, sensorTopic } from '@linewalker/domain';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { newSecretToken } from '../../platform/auth/tokens.ts';
import type { Db } from '../../platform/db/client.ts';
import type { SensorIngestor } from './sensorIngestor.ts';
import { rekeyDevices } from './sensors.repository.ts';

/** One simulated device's state: how it leans, shakes, drains and falls silent. */
export interface SimDevice {
  deviceId: string;
  token: string;
  /** Degrees of lean now, and how much it grows per hour (one pole in five leans slowly). */
  lean: number;
  leanPerHour: number;
  /** The lean stops growing here. */
  leanMax: number;
  battery: number;
  /** Vibration burst: readings left in it. */
  burst: number;
  /** The device that goes silent: every 10 minutes it skips 3. */
  flaky: boolean;
}

const gauss = (rand: () => number) => {
  const u = 1 - rand();
  const v = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
};

/** How the leaning poles (one in five) lean: from, per hour, up to (degrees). */
export interface LeanPlan {
  from: number;
  perHour: number;
  max: number;
}

/**
 * The demo's leaning pole: it starts just under the transmission class's warning (the demo devices stand on
 * a transmission line) and leans 0.1° a minute, so it crosses within about two minutes and, held a minute,
 * raises a real alert (a band on its chart, a notice to the subscribers); it stops 1.5° over, under the alarm.
 */
export function demoLeanPlan(): LeanPlan {
  const warning = DEFAULT_RULE_SETS.transmission.tilt.warning_deg;
  return { from: warning - 0.2, perHour: 6, max: warning + 1.5 };
}

export function simDevices(
  credentials: { deviceId: string; token: string }[],
  rand = Math.random,
  leaning: LeanPlan | null = null,
): SimDevice[] {
  return credentials.map((c, i) => ({
    ...c,
    lean: i % 5 === 1 && leaning ? leaning.from : 0.5 + rand() * 1.5,
    leanPerHour: i % 5 === 1 ? (leaning?.perHour ?? 1.5) : 0,
    leanMax: i % 5 === 1 && leaning ? leaning.max : Number.POSITIVE_INFINITY,
    battery: 60 + rand() * 40,
    burst: 0,
    flaky: i % 7 === 3,
  }));
}

/**
 * The next reading of a device at `now` (spec 3 §3 payload), or null while it is silent: noise on every
 * value, a lean that grows on one pole in five, a vibration burst now and then (about one reading in 200
 * starts 10 readings of 0.6–1.5 g), the battery draining 0.01 % a reading.
 */
export function nextReading(d: SimDevice, now: Date, intervalMs: number, rand = Math.random) {
  if (d.flaky && now.getTime() % 600_000 < 180_000) return null;
  d.lean = Math.min(d.leanMax, d.lean + (d.leanPerHour * intervalMs) / 3_600_000);
  d.battery = Math.max(0, d.battery - 0.01);
  if (d.burst === 0 && rand() < 0.005) d.burst = 10;
  const peak = d.burst > 0 ? 0.6 + rand() * 0.9 : 0;
  if (d.burst > 0) d.burst--;
  const axis = (base: number) => Math.abs(base + 0.03 * gauss(rand));
  return {
    payload_time: now.toISOString(),
    battery: Math.round(d.battery * 10) / 10,
    payload: {
      temp_humidity: Math.round((45 + 5 * gauss(rand)) * 10) / 10,
      methane: Math.max(0, 1.8 + 0.1 * gauss(rand)),
      carbon_dioxide: 415 + 5 * gauss(rand),
      uv: Math.max(0, 3 + gauss(rand)),
      tilt: [
        { x: d.lean + 0.05 * gauss(rand), y: 0.3 + 0.05 * gauss(rand), z: 90 - d.lean + 0.05 * gauss(rand) },
      ],
      vibration: [{ x: axis(0.08 + peak), y: axis(0.06 + peak * 0.7), z: axis(0.03 + peak * 0.3) }],
    },
  };
}

export interface SimulatorHandle {
  published: () => number;
  stop(): Promise<void>;
}

/**
 * Runs the devices at `rate` readings per second in all (each device every devices/rate seconds, spread
 * over the interval): over MQTT to `brokerUrl` (one connection per device, its id and token, QoS 1) or, with
 * no broker, straight into the server's ingestor (the same validation and batching).
 */
export async function runSimulator(
  devices: SimDevice[],
  rate: number,
  log: FastifyBaseLogger,
  sink: { brokerUrl: string } | { ingestor: SensorIngestor },
): Promise<SimulatorHandle> {
  const intervalMs = Math.max(50, (devices.length / rate) * 1000);
  const clients = new Map<string, MqttClient>();
  if ('brokerUrl' in sink) {
    await Promise.all(
      devices.map(async (d) => {
        clients.set(
          d.deviceId,
          await mqtt.connectAsync(sink.brokerUrl, {
            username: d.deviceId,
            password: d.token,
            reconnectPeriod: 1000,
          }),
        );
      }),
    );
  }
  let published = 0;
  const timers = devices.map((d, i) => {
    const tick = () => {
      const reading = nextReading(d, new Date(), intervalMs);
      if (!reading) return;
      const json = JSON.stringify(reading);
      published++;
      const client = clients.get(d.deviceId);
      if (client) client.publish(sensorTopic(d.deviceId), json, { qos: 1 });
      else if ('ingestor' in sink) sink.ingestor.accept(d.deviceId, json);
    };
    let interval: NodeJS.Timeout | undefined;
    const start = setTimeout(
      () => {
        tick();
        interval = setInterval(tick, intervalMs);
      },
      (intervalMs * i) / devices.length,
    );
    return () => {
      clearTimeout(start);
      clearInterval(interval);
    };
  });
  log.info(
    `Sensor simulator: ${devices.length} device(s), ${rate} reading(s)/s, ${'brokerUrl' in sink ? `MQTT ${sink.brokerUrl}` : 'in-process'}`,
  );
  return {
    published: () => published,
    stop: async () => {
      for (const stop of timers) stop();
      await Promise.all([...clients.values()].map((c) => c.endAsync()));
    },
  };
}

/** New tokens for these devices (the old ones stop working), so a simulator can connect as them. */
export async function simulatorCredentials(db: Db, deviceIds: string[]) {
  const credentials = deviceIds.map((deviceId) => ({ deviceId, ...newSecretToken() }));
  const live = await rekeyDevices(
    db,
    credentials.map((c) => ({ deviceId: c.deviceId, hash: c.hash })),
  );
  return credentials
    .filter((c) => live.has(c.deviceId))
    .map((c) => ({ deviceId: c.deviceId, token: c.token }));
}
