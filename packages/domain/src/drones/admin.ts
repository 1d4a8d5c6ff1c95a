import { z } from 'zod';
import { MAX_DB_ID } from '../common.ts';
import { Text } from '../text.ts';
import { DroneFailsafes } from './failsafes.ts';

/** What the Drones admin page and its API say when a field is wrong (not in the spec: ours). */
export const DRONE_MESSAGES = {
  nameRequired: 'Name is required',
  nameMax: 'Maximum character is 100.',
  serialRequired: 'Serial number is required',
  serialMax: 'Maximum character is 100.',
  serialTaken: 'This serial number is already registered.',
  companyRequired: 'Company is required',
  companyMissing: 'This company does not exist',
  projectMissing: 'This project does not exist',
  addressRequired: 'A MAVLink drone needs its address (host:port)',
  addressFormat: 'Address must be host:port (a UDP port from 1 to 65535)',
  addressForSimulator: 'A simulated drone has no address',
  latitudeRange: 'Latitude must be between -90 and 90',
  longitudeRange: 'Longitude must be between -180 and 180',
  altitudeRange: 'Altitude must be between -500 and 9000 m',
  retired: 'This drone is retired',
} as const;

export const DRONE_DRIVERS = ['simulator', 'mavlink'] as const;
export const DroneDriver = z.enum(DRONE_DRIVERS);
export type DroneDriver = z.infer<typeof DroneDriver>;

/** `host:port`: a host name or IPv4 address and a UDP port. */
const ADDRESS =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*:(\d{1,5})$/;

export function validDroneAddress(address: string): boolean {
  const m = ADDRESS.exec(address);
  const port = m ? Number(m[1]) : 0;
  return port >= 1 && port <= 65_535;
}

const trimmed = (max: number, required: string, tooLong: string) =>
  Text({ error: required }).trim().min(1, required).max(max, tooLong);

const dbId = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(MAX_DB_ID, message);

/**
 * Register or edit a drone (super admins): name, serial (unique whatever its case), company, driver and —
 * for MAVLink — its address, the home position, and optionally the project whose structures the simulated
 * camera shows.
 */
export const DroneSaveBody = z
  .object({
    name: trimmed(100, DRONE_MESSAGES.nameRequired, DRONE_MESSAGES.nameMax),
    serial_number: trimmed(100, DRONE_MESSAGES.serialRequired, DRONE_MESSAGES.serialMax),
    company_id: dbId(DRONE_MESSAGES.companyRequired),
    driver: DroneDriver,
    address: Text().trim().max(200).nullable().optional(),
    home_lat: z.number().min(-90, DRONE_MESSAGES.latitudeRange).max(90, DRONE_MESSAGES.latitudeRange),
    home_lon: z.number().min(-180, DRONE_MESSAGES.longitudeRange).max(180, DRONE_MESSAGES.longitudeRange),
    home_alt: z.number().min(-500, DRONE_MESSAGES.altitudeRange).max(9000, DRONE_MESSAGES.altitudeRange),
    project_id: dbId(DRONE_MESSAGES.projectMissing).nullable().optional(),
    /** Left out: the defaults on a new drone, unchanged on an edit. */
    failsafes: DroneFailsafes.optional(),
  })
  .superRefine((body, ctx) => {
    const address = body.address ?? '';
    if (body.driver === 'mavlink') {
      if (address === '')
        ctx.addIssue({ code: 'custom', path: ['address'], message: DRONE_MESSAGES.addressRequired });
      else if (!validDroneAddress(address))
        ctx.addIssue({ code: 'custom', path: ['address'], message: DRONE_MESSAGES.addressFormat });
    } else if (address !== '')
      ctx.addIssue({ code: 'custom', path: ['address'], message: DRONE_MESSAGES.addressForSimulator });
  });
export type DroneSaveBody = z.infer<typeof DroneSaveBody>;

/** Retire a drone (it leaves the console's picker and takes no command; its logs stay) or bring it back. */
export const DroneRetireBody = z.object({ retired: z.boolean() });
export type DroneRetireBody = z.infer<typeof DroneRetireBody>;

/** `GET /drones?include_retired=true`: the admin page lists retired drones too. */
export const DroneListQuery = z.object({
  include_retired: z.enum(['true', 'false']).optional(),
});
