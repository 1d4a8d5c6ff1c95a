import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { deviceIdOfTopic, SENSOR_TOPIC_PREFIX } from '@linewalker/domain';
import { Aedes, type AuthenticateError } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { authenticateDevice } from './sensors.service.ts';

/** The username the server's own subscriber uses on the embedded broker (no device may take it). */
export const INGEST_USERNAME = 'linewalker-ingest';

export interface EmbeddedBroker {
  port: number;
  /** The subscriber's credentials, random for each start. */
  username: string;
  password: string;
  close(): Promise<void>;
}

const authError = (message: string): AuthenticateError =>
  Object.assign(new Error(message), { returnCode: 4 as const }) as AuthenticateError;

/**
 * An MQTT broker inside the server (aedes), for `npm start` with nothing installed. Devices connect with
 * username = device_id, password = its token, checked against the database (an unknown or retired device is
 * refused: CONNACK 'bad username or password'); each device may publish only to its own readings topic and
 * subscribe to nothing. The server's subscriber connects with a random secret made at start. Answers null
 * (after logging why) when the port is taken, so the HTTP server keeps serving.
 */
export async function startEmbeddedBroker(
  db: Db,
  log: FastifyBaseLogger,
  port: number,
  host = '0.0.0.0',
): Promise<EmbeddedBroker | null> {
  const password = randomBytes(24).toString('base64url');
  const devices = new WeakMap<object, string>();
  const broker = await Aedes.createBroker({
    authenticate: (client, username, pass, done) => {
      const secret = pass?.toString('utf8') ?? '';
      if (username === INGEST_USERNAME) {
        return secret === password ? done(null, true) : done(authError('Bad credentials'), false);
      }
      if (!username || !secret) return done(authError('Username and password required'), false);
      authenticateDevice(db, secret, username).then(
        (device) => {
          if (!device) {
            log.warn(
              { deviceId: username },
              `MQTT: device ${username} refused (unknown, retired or wrong token)`,
            );
            return done(authError('Unknown or retired device'), false);
          }
          devices.set(client, device.device_id);
          done(null, true);
        },
        (err: unknown) => {
          log.error({ err }, 'MQTT: device authentication failed');
          done(
            Object.assign(new Error('Server unavailable'), { returnCode: 3 as const }) as AuthenticateError,
            false,
          );
        },
      );
    },
    authorizePublish: (client, packet, done) => {
      const deviceId = client ? devices.get(client) : undefined;
      if (deviceId && deviceIdOfTopic(packet.topic) === deviceId) return done(null);
      done(new Error(`Not allowed to publish to ${packet.topic}`));
    },
    authorizeSubscribe: (client, sub, done) => {
      const isIngest = !devices.has(client);
      if (isIngest && sub.topic.startsWith(SENSOR_TOPIC_PREFIX)) return done(null, sub);
      done(new Error(`Not allowed to subscribe to ${sub.topic}`));
    },
  });
  const server: Server = createServer(broker.handle);
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      log.error(
        `The embedded MQTT broker could not listen on port ${port} (${err.code ?? err.message}); sensors will ` +
          'not receive MQTT readings (HTTP readings still work). Another broker (Mosquitto?) may use it: set ' +
          'MQTT_PORT to a free port, MQTT_PORT=0 for no broker, or MQTT_URL to use that broker.',
      );
      resolve(false);
    });
    server.listen(port, host, () => resolve(true));
  });
  if (!listening) {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    return null;
  }
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  log.info(`Embedded MQTT broker listening on port ${actualPort}`);
  return {
    port: actualPort,
    username: INGEST_USERNAME,
    password,
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
