import { can, LIVE_FRAME_HEADER_BYTES, LiveClientMessage } from '@linewalker/domain';
import type { WebSocket } from 'ws';
import type { UserActor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/client.ts';
import { pilotHeartbeat } from './commands.service.ts';
import { droneObject, findDrone } from './drones.repository.ts';
import type { DroneHub } from './hub.ts';

/** A viewer whose socket holds more than this unsent is slow: it gets fewer frames, never a growing delay. */
const MAX_BUFFERED_BYTES = 512 * 1024;

/**
 * Each frame as the spec's JSON message, made once for every JSON watcher of this process (the hub hands all
 * watchers the same Buffer), not once per socket.
 */
const jsonFrames = new WeakMap<Buffer, string>();
function jsonFrame(message: Buffer): string {
  let text = jsonFrames.get(message);
  if (text === undefined) {
    const renderedAt = message.readDoubleBE(0);
    const image = message.subarray(LIVE_FRAME_HEADER_BYTES).toString('base64');
    text = `{"op":"detectorFrame","payload":{"image":"${image}","renderedAt":${renderedAt}}}`;
    jsonFrames.set(message, text);
  }
  return text;
}

function send(socket: WebSocket, op: string, payload: unknown): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ op, payload }));
}

/**
 * One console on `/api/v1/drones/live` (spec 3 §7): after `{droneId, op:'subscriber'}` it receives
 * `{op:'status', payload}` at 10 Hz and `{op:'detectorFrame', payload: {image, renderedAt}}` (base64 JPEG) while
 * it keeps up (or, when it subscribed with `binary: true`, each frame as one binary message: the render time
 * and the JPEG, see decodeLiveFrame); `{op:'heartbeat'}` from the pilot in control keeps the link-loss
 * failsafe quiet. The upgrade itself was authenticated (session cookie or Bearer) and authorised
 * (`drone.watch`) by the auth hook.
 */
export function serveLiveConsole(db: Db, hub: DroneHub, actor: UserActor, socket: WebSocket): void {
  let droneId: number | null = null;
  let unwatch: (() => void) | null = null;
  let queue: Promise<void> = Promise.resolve();

  const subscribe = async (id: number, binary: boolean) => {
    const drone = await findDrone(db, id);
    if (!drone || !can(actor, 'drone.watch', droneObject(drone))) {
      send(socket, 'error', { message: 'Drone not found' });
      return;
    }
    unwatch?.();
    droneId = id;
    unwatch = hub.watch(id, {
      status: (message) => {
        if (socket.readyState === socket.OPEN) socket.send(`{"op":"status","payload":${message.toString()}}`);
      },
      frame: (message) => {
        if (socket.readyState !== socket.OPEN || socket.bufferedAmount > MAX_BUFFERED_BYTES) return;
        if (binary) socket.send(message, { binary: true });
        else socket.send(jsonFrame(message));
      },
    });
  };

  socket.on('message', (data) => {
    let parsed: LiveClientMessage;
    try {
      const result = LiveClientMessage.safeParse(JSON.parse(data.toString()));
      if (!result.success) {
        send(socket, 'error', { message: 'Unknown message' });
        return;
      }
      parsed = result.data;
    } catch {
      send(socket, 'error', { message: 'Messages are JSON' });
      return;
    }
    // One message at a time, in order (a subscribe's lookup finishes before the next message runs).
    queue = queue
      .then(async () => {
        if (parsed.op === 'subscriber') await subscribe(parsed.droneId, parsed.binary === true);
        else if (droneId !== null) await pilotHeartbeat(db, hub, actor, droneId);
      })
      .catch(() => send(socket, 'error', { message: 'The message could not be handled' }));
  });
  socket.on('close', () => {
    unwatch?.();
    unwatch = null;
  });
}
