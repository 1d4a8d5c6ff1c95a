import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AlertNotifier } from './alertEvaluation.ts';
import { type EmbeddedBroker, startEmbeddedBroker } from './mqttBroker.ts';
import { type MqttSubscriber, startSubscriber } from './mqttSubscriber.ts';
import { SensorIngestor } from './sensorIngestor.ts';
import {
  demoLeanPlan,
  runSimulator,
  type SimulatorHandle,
  simDevices,
  simulatorCredentials,
} from './simulator.ts';

export interface SensorIngestion {
  ingestor: SensorIngestor;
  broker: EmbeddedBroker | null;
  subscriber: MqttSubscriber | null;
  /** The broker devices publish to (for the demo simulator), or null when there is none. */
  brokerUrl: string | null;
  close(): Promise<void>;
}

/**
 * MQTT ingestion as configured: `MQTT_URL` set = subscribe to that broker (shared subscription, this
 * server's credentials); unset = the embedded broker on `MQTT_PORT` (0 = none; a taken port is logged and
 * the server serves on without it) with this server subscribed to it.
 */
export async function startSensorIngestion(
  db: Db,
  log: FastifyBaseLogger,
  mqttConfig: Config['mqtt'],
  notifier: AlertNotifier | null = null,
): Promise<SensorIngestion> {
  const ingestor = new SensorIngestor(db, log, { notifier });
  let broker: EmbeddedBroker | null = null;
  let subscriber: MqttSubscriber | null = null;
  let brokerUrl: string | null = null;
  if (mqttConfig.url) {
    brokerUrl = mqttConfig.url;
    subscriber = startSubscriber(ingestor, log, {
      url: mqttConfig.url,
      username: mqttConfig.username,
      password: mqttConfig.password,
      clientId: mqttConfig.clientId,
      shared: true,
    });
  } else if (mqttConfig.port !== 0) {
    broker = await startEmbeddedBroker(db, log, mqttConfig.port);
    if (broker) {
      brokerUrl = `mqtt://127.0.0.1:${broker.port}`;
      subscriber = startSubscriber(ingestor, log, {
        url: brokerUrl,
        username: broker.username,
        password: broker.password,
        clientId: mqttConfig.clientId,
        shared: false,
        protocolVersion: 4,
      });
      await subscriber.connected;
    }
  }
  return {
    ingestor,
    broker,
    subscriber,
    brokerUrl,
    close: async () => {
      await subscriber?.close();
      await ingestor.close();
      await broker?.close();
    },
  };
}

/**
 * The demo data set's devices, simulated in this process so `npm start` shows live values: over the broker
 * when there is one (each device with a fresh token), else straight into the ingestor. Null when the
 * database has none of them (demo data not loaded).
 */
export async function startDemoSimulator(
  db: Db,
  log: FastifyBaseLogger,
  ingestion: SensorIngestion,
  deviceIds: string[],
): Promise<SimulatorHandle | null> {
  const credentials = await simulatorCredentials(db, deviceIds);
  if (credentials.length === 0) return null;
  const devices = simDevices(credentials, Math.random, demoLeanPlan());
  const rate = devices.length / 2;
  try {
    // An external broker must accept the demo devices as it is set up (it does not know our tokens).
    if (ingestion.brokerUrl)
      return await runSimulator(devices, rate, log, { brokerUrl: ingestion.brokerUrl });
  } catch (err) {
    log.warn({ err }, 'Sensor simulator: the broker refused the demo devices; feeding the ingestor directly');
  }
  return runSimulator(devices, rate, log, { ingestor: ingestion.ingestor });
}
