import type { Action } from '@linewalker/domain';
import type { Db } from '../db/client.ts';
import { notFound } from '../errors.ts';
import type { Actor } from './actor.ts';
import {
  findImageRef,
  findInspectionRef,
  findProjectRef,
  findStructureRef,
  type ImageRef,
  type InspectionRef,
  type ProjectRef,
  type StructureRef,
} from './objectRefs.ts';
import { authorize, companyScope, seesQualityWork } from './policy.ts';

export type { ImageRef, InspectionRef, ProjectRef, StructureRef };

/** A row that names the customer company it belongs to (raw SQL rows in snake case, drizzle's in camel case). */
export type Owned = ({ company_id: number } | { companyId: number }) & { proposal?: boolean };

/** Options of the access helpers: `lock` takes the object's row lock (inside the caller's transaction). */
export interface RequireOptions {
  lock?: boolean;
}

/**
 * The one step between loading an object and using it: none is 404 ("Project not found"), then the policy
 * decides (`authorize`: another company's object is 404 whatever the action, so its existence is not
 * revealed; a visible one the role may not act on, 403). Over HTTP the route's declared action has refused
 * a role without it already. For an object a service loads with more than the helpers below load (its own
 * repository row), and under them.
 */
export function requireFound<T extends Owned>(
  actor: Actor,
  action: Action,
  kind: string,
  row: T | null | undefined,
): T {
  if (!row) throw notFound(kind);
  // A bid's project is the inspection company's own until the bid is won: not found for its customer.
  if (row.proposal && companyScope(actor) !== null) throw notFound(kind);
  authorize(actor, action, { kind, companyId: 'company_id' in row ? row.company_id : row.companyId });
  return row;
}

/** The project, when the actor may perform `action` on it (see `requireFound`). */
export async function requireProject(
  db: Db,
  actor: Actor,
  action: Action,
  id: number,
  options: RequireOptions = {},
): Promise<ProjectRef> {
  return requireFound(actor, action, 'Project', await findProjectRef(db, id, options.lock));
}

/** The inspection (with its project's company and type), when the actor may perform `action` on it. */
export async function requireInspection(
  db: Db,
  actor: Actor,
  action: Action,
  id: number,
  options: RequireOptions = {},
): Promise<InspectionRef> {
  return requireFound(actor, action, 'Inspection', await findInspectionRef(db, id, options.lock));
}

/**
 * The photo (with its project's company), when the actor may perform `action` on it. A rejected or
 * unassigned photo is the inspection company's quality work: not found for a customer (as in every list).
 */
export async function requireImage(
  db: Db,
  actor: Actor,
  action: Action,
  id: number,
  options: RequireOptions = {},
): Promise<ImageRef> {
  const image = requireFound(actor, action, 'Image', await findImageRef(db, id, options.lock));
  if (!image.accepted && !seesQualityWork(actor)) throw notFound('Image');
  return image;
}

/** The structure (with its project's company), when the actor may perform `action` on it. */
export async function requireStructure(
  db: Db,
  actor: Actor,
  action: Action,
  id: number,
  options: RequireOptions = {},
): Promise<StructureRef> {
  return requireFound(actor, action, 'Structure', await findStructureRef(db, id, options.lock));
}
