import type { DroneFlight, DroneFlightDetail } from '@linewalker/domain';
import type { UserActor } from '../../platform/auth/actor.ts';
import { authorize } from '../../platform/auth/policy.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { notFound } from '../../platform/errors.ts';
import { SIGNED_GET_SECONDS } from '../../platform/storage/storage.ts';
import { droneItem } from './drones.repository.ts';
import { flightDetail, listFlights } from './flights.repository.ts';
import { recordingKey } from './recordings.repository.ts';

/** The drone whose log the caller may read (staff who may watch it; retired drones keep their logs). */
async function watchedDrone(db: Db, actor: UserActor, droneId: number): Promise<void> {
  authorize(actor, 'drone.watch');
  const drone = await droneItem(db, droneId);
  if (!drone) throw notFound('Drone');
  authorize(actor, 'drone.watch', { kind: 'Drone', companyId: drone.company_id ?? 1 });
}

export async function droneFlights(db: Db, actor: UserActor, droneId: number): Promise<DroneFlight[]> {
  await watchedDrone(db, actor, droneId);
  return listFlights(db, droneId);
}

export async function droneFlight(
  db: Db,
  actor: UserActor,
  droneId: number,
  flightId: number,
): Promise<DroneFlightDetail> {
  await watchedDrone(db, actor, droneId);
  const flight = await flightDetail(db, droneId, flightId);
  if (!flight) throw notFound('Flight');
  return flight;
}

/** A signed URL of one of the drone's recorded videos (an MJPEG AVI), for those who may read its log. */
export async function recordingUrl(
  deps: Deps,
  actor: UserActor,
  droneId: number,
  recordingId: number,
): Promise<string> {
  await watchedDrone(deps.database.db, actor, droneId);
  const key = await recordingKey(deps.database.db, droneId, recordingId);
  if (!key) throw notFound('Recording');
  return deps.storage.signedGetUrl(key, SIGNED_GET_SECONDS);
}
