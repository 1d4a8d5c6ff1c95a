import type { Db } from '../../platform/db/client.ts';
import type { DroneRecord } from './drones.repository.ts';
import type { DroneLink } from './link.ts';
import { MavlinkLink } from './mavlink/mavlinkLink.ts';
import { startSimulator } from './simulator/startSimulator.ts';

/** The vehicle link a registered drone's driver names: the embedded simulator, or MAVLink at its address. */
export async function openLink(db: Db, drone: DroneRecord): Promise<DroneLink> {
  if (drone.driver === 'mavlink' && drone.address) {
    const home = { lat: drone.home_lat ?? 0, lon: drone.home_lon ?? 0, alt: drone.home_alt ?? 0 };
    return MavlinkLink.connect({ address: drone.address, home });
  }
  return startSimulator(db, drone);
}
