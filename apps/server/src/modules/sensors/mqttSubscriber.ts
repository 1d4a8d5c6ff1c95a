import { deviceIdOfTopic, SENSOR_TOPIC_PREFIX } from '@linewalker/domain';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import type { SensorIngestor } from './sensorIngestor.ts';

/** The shared-subscription group: with N servers on one broker, each reading goes to one of them. */
export const SHARE_GROUP = 'linewalker';
const TOPIC_FILTER = `${SENSOR_TOPIC_PREFIX}+/readings`;

export interface SubscriberOptions {
  url: string;
  username?: string | undefined;
  password?: string | undefined;
  /** Names the persistent session: stable across restarts, different for each server. */
  clientId: string;
  /** MQTT 5 shared subscription (`$share/linewalker/…`); off for the embedded broker (one server). */
  shared: boolean;
  protocolVersion?: 4 | 5;
  /** The shared-subscription group (default `linewalker`; tests use their own). */
  shareGroup?: string;
  /** How long the broker keeps this session while the server is away (MQTT 5); default a week. */
  sessionExpirySeconds?: number;
}

export interface MqttSubscriber {
  client: MqttClient;
  /** Resolves on the first connection (the client keeps reconnecting until then). */
  connected: Promise<void>;
  /** Resolves once the broker has acknowledged the subscription. */
  subscribed: Promise<void>;
  close(): Promise<void>;
}

/**
 * Holds the PUBACKs written during one turn of the event loop and sends them in one socket write when it
 * ends. mqtt.js handles the packets of a socket read one per tick and writes each acknowledgement on its own
 * (one writev system call per message, and one read for the broker); a read of 64 KB carries ~300 readings.
 * The acknowledgements only leave a little later (the same turn), so nothing is acknowledged earlier than before.
 */
function ackBatcher(client: MqttClient): () => void {
  let corked = false;
  return () => {
    const stream = client.stream;
    if (corked || !stream) return;
    corked = true;
    stream.cork();
    setImmediate(() => {
      corked = false;
      stream.uncork();
    });
  };
}

/**
 * The server's subscription to the readings topics: QoS 1 on a persistent session (clean: false, a week's
 * session expiry on MQTT 5), so readings published while the server is away are delivered when it comes
 * back. Each message is acknowledged once validated and queued; when the database falls behind the queue
 * fills and acknowledgements wait (the broker keeps the rest). A bad message never throws out of here.
 */
export function startSubscriber(
  ingestor: SensorIngestor,
  log: FastifyBaseLogger,
  opts: SubscriberOptions,
): MqttSubscriber {
  const v5 = (opts.protocolVersion ?? 5) === 5;
  const client = mqtt.connect(opts.url, {
    clientId: opts.clientId,
    clean: false,
    protocolVersion: opts.protocolVersion ?? 5,
    // receiveMaximum: the broker may have this many QoS 1 messages in flight to us at once. Mosquitto queues
    // the rest (1,000 by default, then drops them), so a small window loses readings at speed.
    ...(v5
      ? {
          properties: {
            sessionExpiryInterval: opts.sessionExpirySeconds ?? 7 * 24 * 3600,
            receiveMaximum: 65_535,
          },
        }
      : {}),
    ...(opts.username ? { username: opts.username } : {}),
    ...(opts.password ? { password: opts.password } : {}),
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
  });
  const batchAcks = ackBatcher(client);
  client.handleMessage = (packet, callback) => {
    try {
      const deviceId = deviceIdOfTopic(packet.topic);
      if (deviceId) ingestor.accept(deviceId, packet.payload as Buffer);
      else log.warn({ topic: packet.topic }, 'MQTT: message on an unexpected topic ignored');
    } catch (err) {
      log.error({ err, topic: packet.topic }, 'MQTT: message handling failed');
    }
    // Acknowledged at once when there is room (no promise per message: this runs 10,000 times a second).
    if (ingestor.hasRoom()) {
      batchAcks();
      callback();
    } else
      ingestor.room().then(() => {
        batchAcks();
        callback();
      }, callback);
  };
  const topic = opts.shared ? `$share/${opts.shareGroup ?? SHARE_GROUP}/${TOPIC_FILTER}` : TOPIC_FILTER;
  client.on('error', (err) => log.error({ err }, `MQTT subscriber: ${err.message}`));
  let onSubscribed: () => void = () => undefined;
  const subscribed = new Promise<void>((resolve) => {
    onSubscribed = resolve;
  });
  client.on('connect', (connack) => {
    // A resumed session keeps its subscription; subscribing again is harmless and covers a new session.
    log.info(`MQTT: connected to ${opts.url} (session ${connack.sessionPresent ? 'resumed' : 'new'})`);
    client.subscribe(topic, { qos: 1 }, (err) => {
      if (err) log.error({ err }, `MQTT: subscribing to ${topic} failed`);
      else onSubscribed();
    });
  });
  const connected = new Promise<void>((resolve) => client.once('connect', () => resolve()));
  return {
    client,
    connected,
    subscribed,
    close: async () => {
      await client.endAsync();
      await ingestor.close();
    },
  };
}
