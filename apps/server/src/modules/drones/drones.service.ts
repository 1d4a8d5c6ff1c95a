import type { DroneListItem } from '@linewalker/domain';
import type { UserActor } from '../../platform/auth/actor.ts';
import { authorize } from '../../platform/auth/policy.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { listDroneRows } from './drones.repository.ts';

/** The drones the caller may watch: every registered drone for staff; customers are refused (403). */
export async function listDrones(deps: Deps, actor: UserActor): Promise<DroneListItem[]> {
  authorize(actor, 'drone.watch');
  return listDroneRows(deps.database.db);
}
