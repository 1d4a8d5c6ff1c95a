import {
  type Action,
  CAPTURE_MESSAGES,
  CONTROL_LEASE_MS,
  type DroneCommand,
  type DroneCommandAnswer,
  type DroneControl,
} from '@linewalker/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { UserActor } from '../../platform/auth/actor.ts';
import { authorize } from '../../platform/auth/policy.ts';
import { requireProject } from '../../platform/auth/require.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { conflict, notFound, validationFailed } from '../../platform/errors.ts';
import { ingestServerPhoto } from '../upload/photoStore.ts';
import { capturePhotoJpeg } from './capturePhoto.ts';
import { type CommandRow, findCommand, insertCommand, recordOutcome } from './commands.repository.ts';
import { droneObject, findDrone } from './drones.repository.ts';
import type { DroneHub } from './hub.ts';
import {
  loadControl,
  releaseControlLease,
  renewControlLease,
  setEmergencyStop,
  takeControlLease,
} from './leases.repository.ts';
import type { CommandOutcome } from './link.ts';

/** A repeat of a requestId still being executed elsewhere is answered once it is done, for this long at most. */
const REPEAT_WAIT_MS = 3_000;

function answerOf(row: CommandRow): DroneCommandAnswer {
  const outcome = row.result ?? { ok: false, result: 'unreachable' as const, message: null };
  const acknowledged = row.acknowledged_at ?? row.created_at;
  return {
    requestId: row.request_id,
    endpoint: row.endpoint,
    ok: outcome.ok,
    result: outcome.result,
    message: outcome.message,
    sentAt: new Date(row.created_at).toISOString(),
    acknowledgedAt: new Date(acknowledged).toISOString(),
    roundTripMs: Math.max(0, Math.round(acknowledged - row.created_at)),
    ...(row.endpoint === '/capture' ? { imageId: outcome.imageId ?? null } : {}),
  };
}

/** The drone, when the caller may act on it: 404 for an unknown drone or another company's. */
async function existingDrone(db: Db, actor: UserActor, action: Action, droneId: number) {
  authorize(actor, action);
  const drone = await findDrone(db, droneId);
  if (!drone) throw notFound('Drone');
  authorize(actor, action, droneObject(drone));
  return drone;
}

/** The answer already given to a requestId (waiting for it while another request still runs it). */
async function repeatAnswer(db: Db, row: CommandRow, droneId: number, command: DroneCommand) {
  if (row.drone_id !== droneId || row.endpoint !== command.endpoint)
    throw conflict('This requestId was already used for another command');
  let current: CommandRow | null = row;
  const until = Date.now() + REPEAT_WAIT_MS;
  while (current && current.result === null && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 25));
    current = await findCommand(db, command.requestId);
  }
  if (!current || current.result === null) throw conflict('This command is still being executed; try again');
  return answerOf(current);
}

/**
 * Where a capture goes: the project its requestJson names, else the drone's own (spec 3 §3 shows requestJson
 * as null); 400 when neither names one.
 */
function captureProject(drone: { project_id: number | null }, command: DroneCommand) {
  const projectId = command.requestJson?.projectId ?? drone.project_id;
  if (projectId === null)
    throw validationFailed([{ path: 'requestJson.projectId', message: CAPTURE_MESSAGES.projectRequired }]);
  return { projectId };
}

/**
 * `POST /drones/sendCommand/{id}`: executed once per requestId (a repeat gets the first answer), only for the
 * pilot holding the control lease (renewed by every command), refused while the emergency stop is active,
 * dropped when it reaches the vehicle more than 500 ms after it was accepted. Every command is logged with who
 * sent it, when, when it was acknowledged and what became of it.
 */
export async function sendCommand(
  deps: Deps,
  hub: DroneHub,
  actor: UserActor,
  droneId: number,
  command: DroneCommand,
  /** When the command was accepted (tests set an old one); by default, once it is logged and the link is up. */
  acceptedAt?: number,
): Promise<DroneCommandAnswer> {
  const db = deps.database.db;
  const drone = await existingDrone(db, actor, 'drone.fly', droneId);
  const capture = command.endpoint === '/capture' ? captureProject(drone, command) : null;
  // A capture's project is checked before anything flies: one the pilot may not upload to is 404/403.
  if (capture) await requireProject(db, actor, 'image.upload', capture.projectId);
  const earlier = await findCommand(db, command.requestId);
  if (earlier) return repeatAnswer(db, earlier, droneId, command);
  const control = await renewControlLease(db, droneId, actor.userId, CONTROL_LEASE_MS);
  if (!control) throw conflict('Take control of this drone before flying it');
  const row = await insertCommand(db, {
    droneId,
    requestId: command.requestId,
    endpoint: command.endpoint,
    requestJson: capture,
    sentBy: actor.userId,
  });
  if (!row) {
    const raced = await findCommand(db, command.requestId);
    if (!raced) throw conflict('This command is still being executed; try again');
    return repeatAnswer(db, raced, droneId, command);
  }
  let outcome: CommandOutcome;
  if (control.emergency_stop) outcome = { ok: false, result: 'stopped', message: 'emergency stop is active' };
  else {
    // The link is started (or found on another server) first: what counts toward the 500 ms is the way from
    // the accepted, logged command to the vehicle.
    await hub.prepare(droneId);
    const at = acceptedAt ?? Date.now();
    outcome = await hub.execute(droneId, command.endpoint, command.requestId, at);
  }
  if (capture && outcome.photo)
    outcome = await storeCapture(deps, hub, actor, drone, capture.projectId, outcome);
  const { photo: _frame, ...logged } = outcome;
  return answerOf(await recordOutcome(db, row.id, logged));
}

/**
 * A capture's frame into the project's photos: tagged with the vehicle's position, heading and gimbal
 * pitch as a drone would, then ingested and queued for processing like an uploaded photo.
 */
async function storeCapture(
  deps: Deps,
  hub: DroneHub,
  actor: UserActor,
  drone: { id: number; name: string },
  projectId: number,
  outcome: CommandOutcome,
): Promise<CommandOutcome> {
  const { jpeg, status } = outcome.photo!;
  const takenAt = new Date(status.at > 0 ? status.at : Date.now());
  try {
    const bytes = await capturePhotoJpeg(Buffer.from(jpeg, 'base64'), status, takenAt, drone.name);
    const stamp = takenAt.toISOString().replace(/[-:]/g, '').slice(0, 15);
    const imageId = await ingestServerPhoto(deps, actor, projectId, bytes, `CAPTURE_${stamp}.JPG`, {
      droneId: drone.id,
    });
    return { ...outcome, imageId };
  } catch (err) {
    hub.reportError(err, 'storing a drone capture');
    return {
      ok: false,
      result: 'rejected',
      message: 'the captured image could not be stored',
      imageId: null,
    };
  }
}

async function controlOf(db: Db, droneId: number): Promise<DroneControl> {
  const row = await loadControl(db, droneId);
  if (!row) throw notFound('Drone');
  return {
    controller:
      row.controller_id === null ? null : { userId: row.controller_id, name: row.controller_name ?? '' },
    expiresAt: row.control_expires_at === null ? null : new Date(row.control_expires_at).toISOString(),
    emergencyStop: row.emergency_stop,
  };
}

export async function getControl(db: Db, actor: UserActor, droneId: number): Promise<DroneControl> {
  await existingDrone(db, actor, 'drone.watch', droneId);
  return controlOf(db, droneId);
}

/** Takes (or renews) the control lease; 409 naming the pilot while another one flies the drone. */
export async function takeControl(db: Db, hub: DroneHub, actor: UserActor, droneId: number) {
  await existingDrone(db, actor, 'drone.fly', droneId);
  const taken = await withTransaction(db, async (tx) => {
    if (!(await takeControlLease(tx, droneId, actor.userId, CONTROL_LEASE_MS))) return false;
    await writeAudit(tx, actor, { action: 'drone.control.take', objectType: 'drone', objectId: droneId });
    return true;
  });
  if (!taken) {
    const current = await controlOf(db, droneId);
    throw conflict(`${current.controller?.name || 'Another pilot'} is flying this drone`);
  }
  hub.signal(droneId, { op: 'controlChanged' });
  hub.signal(droneId, { op: 'heartbeat' });
  return controlOf(db, droneId);
}

/** Gives the control lease back (nothing happens when the caller does not hold it). */
export async function releaseControl(db: Db, hub: DroneHub, actor: UserActor, droneId: number) {
  await existingDrone(db, actor, 'drone.fly', droneId);
  await withTransaction(db, async (tx) => {
    const released = await releaseControlLease(tx, droneId, actor.userId);
    await writeAudit(tx, actor, {
      action: 'drone.control.release',
      objectType: 'drone',
      objectId: droneId,
      details: { released },
    });
  });
  hub.signal(droneId, { op: 'controlChanged' });
  return controlOf(db, droneId);
}

/**
 * Emergency stop: any pilot may engage it (the vehicle brakes to a hover, commands are refused); only the
 * pilot in control (or any pilot while nobody is) may release it.
 */
export async function emergencyStop(
  db: Db,
  hub: DroneHub,
  actor: UserActor,
  droneId: number,
  active: boolean,
): Promise<DroneControl> {
  await existingDrone(db, actor, 'drone.fly', droneId);
  if (!active) {
    const current = await controlOf(db, droneId);
    if (current.controller && current.controller.userId !== actor.userId)
      throw conflict(`${current.controller.name || 'Another pilot'} is flying this drone`);
  }
  await withTransaction(db, async (tx) => {
    await setEmergencyStop(tx, droneId, active);
    await writeAudit(tx, actor, {
      action: active ? 'drone.emergencyStop.engage' : 'drone.emergencyStop.release',
      objectType: 'drone',
      objectId: droneId,
    });
  });
  hub.signal(droneId, { op: 'emergencyStop', active });
  return controlOf(db, droneId);
}

/** The pilot's console is alive: renews the control lease and tells the vehicle's link-loss failsafe. */
export async function pilotHeartbeat(db: Db, hub: DroneHub, actor: UserActor, droneId: number) {
  if (await renewControlLease(db, droneId, actor.userId, CONTROL_LEASE_MS))
    hub.signal(droneId, { op: 'heartbeat' });
}
