import { deviceIdOfTopic, SENSOR_TOPIC_PREFIX } from '@linewalker/domain';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import type { AckSink, SensorIngestor } from './sensorIngestor.ts';

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

const noLog = () => undefined;

/** Answered to mqtt.js for a message queued for storing: it sends no PUBACK (we do, after the commit). */
const AFTER_COMMIT = new Error('acknowledged after commit');

/**
 * Acknowledges messages of one connection after their readings are committed: the PUBACKs of a batch in one
 * socket write (4 bytes each, the same in MQTT 3.1.1 and 5: success, no properties). A message that came
 * over an earlier connection is not acknowledged on this one: the broker sends it again (stored once).
 */
class ConnectionAcks implements AckSink {
  constructor(
    private readonly client: MqttClient,
    readonly stream: MqttClient['stream'],
  ) {}

  ack(messageIds: number[]): void {
    if (this.client.stream !== this.stream || !this.client.connected || this.stream.destroyed) return;
    const packets = Buffer.allocUnsafe(messageIds.length * 4);
    for (let i = 0; i < messageIds.length; i++) {
      packets[i * 4] = 0x40; // PUBACK
      packets[i * 4 + 1] = 2; // remaining length: the message id
      packets.writeUInt16BE(messageIds[i]!, i * 4 + 2);
    }
    this.stream.write(packets);
  }
}

/**
 * The server's subscription to the readings topics: QoS 1 on a persistent session (clean: false, a week's
 * session expiry on MQTT 5), so readings published while the server is away are delivered when it comes
 * back. Each message is acknowledged once its reading is committed (a server that stops before that gets it
 * again; stored once), a refused one at once; when the database falls behind the queue fills and the next
 * messages wait (the broker keeps the rest). A bad message never throws out of here.
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
    // mqtt.js calls its debug logger ~10 times a message even when it is off (~1 % of the ingest's CPU);
    // DEBUG=mqttjs* still turns it on.
    ...(process.env.DEBUG ? {} : { log: noLog }),
  });
  let acks = new ConnectionAcks(client, client.stream);
  client.handleMessage = (packet, callback) => {
    let queued = false;
    try {
      const deviceId = deviceIdOfTopic(packet.topic);
      if (acks.stream !== client.stream) acks = new ConnectionAcks(client, client.stream);
      if (deviceId) queued = ingestor.accept(deviceId, packet.payload as Buffer, acks, packet.messageId ?? 0);
      else log.warn({ topic: packet.topic }, 'MQTT: message on an unexpected topic ignored');
    } catch (err) {
      log.error({ err, topic: packet.topic }, 'MQTT: message handling failed');
    }
    // A queued reading is acknowledged once committed (ConnectionAcks); anything refused at once, as it
    // will never be stored. The next message is handled at once while there is room (no promise per
    // message: this runs 10,000 times a second), else when the database has caught up.
    const answer = queued ? AFTER_COMMIT : undefined;
    if (ingestor.hasRoom()) callback(answer);
    else ingestor.room().then(() => callback(answer), callback);
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
      // What is queued is committed (and acknowledged) before the connection ends; what comes meanwhile is
      // committed by close() and sent again by the broker to the next session (stored once).
      await ingestor.flush();
      await client.endAsync();
      await ingestor.close();
    },
  };
}
