import { AUTH_COOKIE, decodeLiveFrame } from '@linewalker/domain';
import WebSocket from 'ws';
import type { Db } from '../platform/db/client.ts';
import { drones } from '../platform/db/schema/index.ts';

let n = 0;

/** A simulated drone at a home position (no project: the scene is what lies around home). */
export async function createDrone(db: Db, companyId: number | null, name = `Sim ${++n}`): Promise<number> {
  const [row] = await db
    .insert(drones)
    .values({
      name,
      serialNumber: `SIM-${process.pid}-${Date.now()}-${++n}`,
      companyId,
      driver: 'simulator',
      homeLat: 46.9,
      homeLon: -120.5,
      homeAlt: 400,
    })
    .returning({ id: drones.id });
  return row!.id;
}

export interface LiveMessage {
  op: string;
  payload: Record<string, unknown> & { image?: string; jpeg?: Buffer };
}

function binaryFrame(data: Buffer): LiveMessage {
  const { renderedAt, jpeg } = decodeLiveFrame(
    data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer,
  );
  return { op: 'binaryFrame', payload: { renderedAt, jpeg: Buffer.from(jpeg) } };
}

/** A console on the live connection: every message it got, and a wait for the next one that matches. */
export class LiveClient {
  readonly messages: LiveMessage[] = [];
  private waiters: { match: (m: LiveMessage) => boolean; resolve: (m: LiveMessage) => void }[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data, isBinary) => {
      // A binary message is a camera frame (subscribed with binary: true): noted as op 'binaryFrame'.
      const message: LiveMessage = isBinary
        ? binaryFrame(data as Buffer)
        : (JSON.parse(data.toString()) as LiveMessage);
      this.messages.push(message);
      for (const w of [...this.waiters])
        if (w.match(message)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(message);
        }
    });
  }

  /** Opens `/api/v1/drones/live` with the session cookie; rejects with the HTTP status when the upgrade is refused. */
  static open(baseUrl: string, token: string | null): Promise<LiveClient> {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/v1/drones/live`, {
      headers: token ? { cookie: `${AUTH_COOKIE}=${token}` } : {},
    });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new LiveClient(socket)));
      socket.once('unexpected-response', (_req, res) => {
        reject(new Error(`upgrade refused: ${res.statusCode}`));
        res.resume();
        socket.terminate();
      });
      socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  next(match: (m: LiveMessage) => boolean): Promise<LiveMessage> {
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  close(): void {
    this.socket.terminate();
  }
}
