import { DRONE_MESSAGES, type DroneListItem, type DroneSaveBody } from '@linewalker/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { UserActor } from '../../platform/auth/actor.ts';
import { authorize } from '../../platform/auth/policy.ts';
import type { Db } from '../../platform/db/client.ts';
import { databaseErrorCode } from '../../platform/db/pgErrors.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { conflict, notFound, validationFailed } from '../../platform/errors.ts';
import * as repo from './drones.repository.ts';

/**
 * The drones the caller may watch: every drone in service for staff (with `includeRetired`, the retired ones
 * too: the admin page); customers are refused (403).
 */
export async function listDrones(
  deps: Deps,
  actor: UserActor,
  includeRetired = false,
): Promise<DroneListItem[]> {
  authorize(actor, 'drone.watch');
  return repo.listDroneRows(deps.database.db, includeRetired);
}

const serialTaken = () => conflict(DRONE_MESSAGES.serialTaken, 'drone_serial_taken');

/** Two saves of one serial at once: the unique index refuses the second, answered 409 like the check. */
async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (databaseErrorCode(err) === '23505') throw serialTaken();
    throw err;
  }
}

/** The body as columns, once its company (and project) are known to exist. */
async function columnsOf(db: Db, body: DroneSaveBody): Promise<repo.DroneColumns> {
  const issues = [];
  if (!(await repo.companyExists(db, body.company_id)))
    issues.push({ path: 'company_id', message: DRONE_MESSAGES.companyMissing });
  if (body.project_id != null && !(await repo.projectExists(db, body.project_id)))
    issues.push({ path: 'project_id', message: DRONE_MESSAGES.projectMissing });
  if (issues.length > 0) throw validationFailed(issues);
  return {
    name: body.name,
    serialNumber: body.serial_number,
    companyId: body.company_id,
    driver: body.driver,
    address: body.driver === 'mavlink' ? (body.address ?? null) : null,
    homeLat: body.home_lat,
    homeLon: body.home_lon,
    homeAlt: body.home_alt,
    projectId: body.project_id ?? null,
    // Left out: the defaults on a new drone (null), unchanged on an edit (undefined is not written).
    failsafes: body.failsafes,
  };
}

const auditDetails = (c: repo.DroneColumns) => ({
  name: c.name,
  serial_number: c.serialNumber,
  company_id: c.companyId,
  driver: c.driver,
  address: c.address,
  home: { lat: c.homeLat, lon: c.homeLon, alt: c.homeAlt },
  project_id: c.projectId,
  ...(c.failsafes ? { failsafes: c.failsafes } : {}),
});

async function itemOf(db: Db, id: number): Promise<DroneListItem> {
  const item = await repo.droneItem(db, id);
  if (!item) throw notFound('Drone');
  return item;
}

/** Registers a drone (super admins); its serial is unique whatever its case (409). */
export async function registerDrone(
  deps: Deps,
  actor: UserActor,
  body: DroneSaveBody,
): Promise<DroneListItem> {
  authorize(actor, 'drone.admin');
  const db = deps.database.db;
  const columns = await columnsOf(db, body);
  if (await repo.serialTaken(db, columns.serialNumber)) throw serialTaken();
  const id = await saving(() =>
    withTransaction(db, async (tx) => {
      const id = await repo.insertDrone(tx, columns);
      await writeAudit(tx, actor, {
        action: 'drone.create',
        objectType: 'drone',
        objectId: id,
        details: auditDetails(columns),
      });
      return id;
    }),
  );
  return itemOf(db, id);
}

/** Edits a drone (super admins). A running link keeps its settings until it restarts. */
export async function editDrone(
  deps: Deps,
  actor: UserActor,
  id: number,
  body: DroneSaveBody,
): Promise<DroneListItem> {
  authorize(actor, 'drone.admin');
  const db = deps.database.db;
  if (!(await repo.droneItem(db, id))) throw notFound('Drone');
  const columns = await columnsOf(db, body);
  if (await repo.serialTaken(db, columns.serialNumber, id)) throw serialTaken();
  await saving(() =>
    withTransaction(db, async (tx) => {
      if (!(await repo.updateDrone(tx, id, columns))) throw notFound('Drone');
      await writeAudit(tx, actor, {
        action: 'drone.update',
        objectType: 'drone',
        objectId: id,
        details: auditDetails(columns),
      });
    }),
  );
  return itemOf(db, id);
}

/**
 * Retires a drone (off the console's picker, no link, commands refused; its command log stays) or brings it
 * back into service (super admins).
 */
export async function retireDrone(
  deps: Deps,
  actor: UserActor,
  id: number,
  retired: boolean,
): Promise<DroneListItem> {
  authorize(actor, 'drone.admin');
  const db = deps.database.db;
  await withTransaction(db, async (tx) => {
    if (!(await repo.setDroneRetired(tx, id, retired, deps.now()))) throw notFound('Drone');
    await writeAudit(tx, actor, {
      action: retired ? 'drone.retire' : 'drone.reinstate',
      objectType: 'drone',
      objectId: id,
    });
  });
  return itemOf(db, id);
}
