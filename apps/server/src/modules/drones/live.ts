import { can, LiveClientMessage } from '@linewalker/domain';
import type { WebSocket } from 'ws';
import type { UserActor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/client.ts';
import { pilotHeartbeat } from './commands.service.ts';
import { droneObject, findDrone } from './drones.repository.ts';
import type { DroneHub } from './hub.ts';

/** A viewer whose socket holds more than this unsent is slow: it gets fewer frames, never a growing delay. */
const MAX_BUFFERED_BYTES = 512 * 1024;

function send(socket: WebSocket, op: string, payload: unknown): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ op, payload }));
}

/**
 * One console on `/api/v1/drones/live` (spec 3 §7): after `{droneId, op:'subscriber'}` it receives
 * `{op:'status', payload}` at 10 Hz and `{op:'detectorFrame', payload: {image, renderedAt}}` (base64 JPEG) while
 * it keeps up; `{op:'heartbeat'}` from the pilot in control keeps the link-loss failsafe quiet. The upgrade
 * itself was authenticated (session cookie or Bearer) and authorised (`drone.watch`) by the auth hook.
 */
export function serveLiveConsole(db: Db, hub: DroneHub, actor: UserActor, socket: WebSocket): void {
  let droneId: number | null = null;
  let unwatch: (() => void) | null = null;
  let queue: Promise<void> = Promise.resolve();

  const subscribe = async (id: number) => {
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
        const renderedAt = message.readDoubleBE(0);
        const image = message.subarray(8).toString('base64');
        socket.send(`{"op":"detectorFrame","payload":{"image":"${image}","renderedAt":${renderedAt}}}`);
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
        if (parsed.op === 'subscriber') await subscribe(parsed.droneId);
        else if (droneId !== null) await pilotHeartbeat(db, hub, actor, droneId);
      })
      .catch(() => send(socket, 'error', { message: 'The message could not be handled' }));
  });
  socket.on('close', () => {
    unwatch?.();
    unwatch = null;
  });
}
