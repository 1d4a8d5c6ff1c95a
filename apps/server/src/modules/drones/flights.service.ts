import type { DroneFlight, DroneFlightDetail } from '@linewalker/domain';
import type { UserActor } from '../../platform/auth/actor.ts';
import { authorize } from '../../platform/auth/policy.ts';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { droneItem } from './drones.repository.ts';
import { flightDetail, listFlights } from './flights.repository.ts';

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
