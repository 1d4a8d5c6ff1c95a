import {
  type ArchivedImage,
  type CreateDeliveryResponse,
  type DeliveryCounts,
  type DeliveryFilter,
  type DeliveryPackage,
  type DeliveryStructurePage,
  defaultArchiveName,
  isoDateOf,
} from '@linewalker/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { type ProjectRef, requireFound, requireProject } from '../../platform/auth/require.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import { builtFileUrl } from '../../platform/storage/builtFileUrl.ts';
import * as repo from './delivery.repository.ts';
import { deliveryPackageJob } from './deliveryPackage.job.ts';
import * as packageRepo from './deliveryPackages.repository.ts';
import { packageStorageKey } from './packageKey.ts';

export interface StructureListInput extends repo.StructureFilter {
  projectId: number;
  delivery: DeliveryFilter;
  orderBy: repo.StructureOrder;
  order: 'ASC' | 'DESC';
  limit: number;
  offset: number;
}

export async function structureList(
  db: Db,
  actor: Actor,
  input: StructureListInput,
): Promise<DeliveryStructurePage> {
  const project = await requireProject(db, actor, 'delivery.read', input.projectId);
  return repo.structurePage(db, project, input);
}

export async function counts(
  db: Db,
  actor: Actor,
  projectId: number,
  filter: repo.StructureFilter,
): Promise<DeliveryCounts> {
  await requireProject(db, actor, 'delivery.read', projectId);
  return repo.deliveryCounts(db, projectId, filter);
}

export async function archivedImageList(
  db: Db,
  actor: Actor,
  input: {
    projectId: number;
    structureId: number;
    componentId: number | null;
    orderBy: repo.ArchivedImageOrder;
    order: 'ASC' | 'DESC';
  },
): Promise<ArchivedImage[]> {
  await requireProject(db, actor, 'delivery.read', input.projectId);
  if (!(await repo.structureInProject(db, input.projectId, input.structureId))) throw notFound('Structure');
  return repo.archivedImages(db, input.structureId, input.componentId, input.orderBy, input.order);
}

/** Distinct ids in ascending order: every request locks photos in this one order. */
const sortedIds = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** What 'Archive Selected' names: photos picked one by one, or a select-all minus exclusions. */
export type DeliverySelection =
  | { imageIds: readonly number[]; filter?: undefined }
  | { filter: Omit<packageRepo.SelectAll, 'exclude'>; exclude?: readonly number[] | undefined };

/** How a request's photos were counted before any was delivered. */
interface Picked {
  selection: packageRepo.PhotoSelection;
  /** Counted here for photos named one by one; a select-all counts them as it delivers. */
  alreadyDelivered: number | null;
  skippedRejected: number;
  /** Photos the request names, delivered or not (null: a select-all, counted as it delivers). */
  requested: number | null;
  latestPackage: () => Promise<number | null>;
}

/** Photos picked one by one, locked: all must be of the project (400 otherwise). */
async function pickIds(tx: Db, project: ProjectRef, imageIds: readonly number[]): Promise<Picked> {
  const ids = sortedIds(imageIds);
  const locked = await packageRepo.lockImages(tx, project.id, ids);
  if (locked.length !== ids.length) {
    const missing = ids.length - locked.length;
    throw badRequest(
      `${missing} of the ${ids.length} images do not belong to this project; nothing was delivered.`,
      'images_not_in_project',
      { notInProject: missing },
    );
  }
  return {
    selection: { imageIds: ids },
    alreadyDelivered: locked.filter((i) => i.archived).length,
    skippedRejected: locked.filter((i) => i.rejected && !i.archived).length,
    requested: ids.length,
    latestPackage: () => packageRepo.latestPackageOf(tx, ids),
  };
}

/**
 * A select-all, resolved in SQL under the project's lock rather than from the rows the browser loaded:
 * every deliverable photo of the structures the filters match, minus the excluded ones. Excluded ids of
 * other projects simply match nothing.
 */
function pickSelectAll(
  tx: Db,
  project: ProjectRef,
  filter: Omit<packageRepo.SelectAll, 'exclude'>,
  exclude: readonly number[],
): Picked {
  const selectAll = { ...filter, exclude: sortedIds(exclude) };
  return {
    selection: { selectAll },
    alreadyDelivered: null,
    skippedRejected: 0,
    requested: null,
    latestPackage: () => packageRepo.latestPackageOfSelectAll(tx, project.id, selectAll),
  };
}

/**
 * 'Archive Selected': marks the chosen photos delivered (archived_date, archive_name, archived_by) and
 * queues the build of their delivery package, in one transaction. The photos are named one by one (all or
 * nothing: a photo of another project answers 400 and changes nothing) or by a select-all's filters minus
 * exclusions (a select-all that matches no photo answers 400 nothing_to_deliver, writing nothing).
 * Idempotent: photos delivered before keep their first delivery, so the same request again (or a
 * colleague's at the same moment, which waits for the first on the project's lock) creates nothing and
 * answers the package that holds them. Rejected photos are never delivered.
 */
export async function deliver(
  deps: Pick<Deps, 'database' | 'now'>,
  actor: Actor,
  input: DeliverySelection & { projectId: number; archiveName?: string | undefined },
): Promise<CreateDeliveryResponse> {
  const db = deps.database.db;
  const outcome = await withTransaction(db, async (tx) => {
    // The project row first: deliveries of one project take their numbers one after the other, and a
    // select-all resolves after any delivery of the same project before it has committed.
    const project = await requireProject(tx, actor, 'delivery.create', input.projectId, { lock: true });
    const picked = input.filter
      ? pickSelectAll(tx, project, input.filter, input.exclude ?? [])
      : await pickIds(tx, project, input.imageIds);
    // The number and name are taken before it is known whether a package is made: both are only written
    // with it.
    const number = await packageRepo.nextPackageNumber(tx, project.id);
    const archiveName =
      input.archiveName ?? defaultArchiveName(number, isoDateOf(deps.now(), project.time_zone));
    const done = await packageRepo.deliverPhotos(
      tx,
      {
        projectId: project.id,
        number,
        archiveName,
        storageKey: packageStorageKey(project, number),
        createdBy: actor.userId,
      },
      picked.selection,
    );
    const alreadyDelivered = picked.alreadyDelivered ?? done.alreadyDelivered;
    const { skippedRejected } = picked;
    if ((picked.requested ?? done.delivered + alreadyDelivered) === 0) {
      throw badRequest('No images match the selection; nothing was delivered.', 'nothing_to_deliver');
    }
    const selection = input.filter
      ? { filter: input.filter, excluded: input.exclude?.length ?? 0 }
      : { requested: picked.requested };
    if (done.packageId === null) {
      const packageId = await picked.latestPackage();
      // Recorded too: someone asked to deliver these photos again (nothing else changes).
      await writeAudit(tx, actor, {
        action: 'delivery.repeat',
        objectType: 'project',
        objectId: project.id,
        details: { packageId, alreadyDelivered, skippedRejected, ...selection },
      });
      return { created: false, packageId, alreadyDelivered, skippedRejected, delivered: 0 };
    }
    const { packageId } = done;
    const job = await enqueue(tx, deliveryPackageJob, { packageId }, { actor });
    await packageRepo.setPackageJob(tx, packageId, job.id);
    await writeAudit(tx, actor, {
      action: 'delivery.create',
      objectType: 'delivery_package',
      objectId: packageId,
      details: {
        projectId: project.id,
        number,
        archiveName,
        delivered: done.delivered,
        alreadyDelivered,
        skippedRejected,
        ...selection,
        imageIds: done.imageIds ?? undefined,
      },
    });
    return { created: true, packageId, alreadyDelivered, skippedRejected, delivered: done.delivered };
  });
  const pkg = outcome.packageId === null ? null : await packageRepo.findPackage(db, outcome.packageId);
  return {
    ok: true,
    success: true,
    created: outcome.created,
    delivered: outcome.delivered,
    already_delivered: outcome.alreadyDelivered,
    skipped_rejected: outcome.skippedRejected,
    package: pkg && publicPackage(pkg),
  };
}

/** A package as the API shows it (no storage key, company or job). */
function publicPackage(row: packageRepo.PackageRow): DeliveryPackage {
  const { company_id: _c, storage_key: _k, job_id: _j, ...pkg } = row;
  return pkg;
}

export async function packages(db: Db, actor: Actor, projectId: number): Promise<DeliveryPackage[]> {
  const project = await requireProject(db, actor, 'delivery.read', projectId);
  return packageRepo.packageList(db, project.id);
}

const readablePackage = async (db: Db, actor: Actor, packageId: number): Promise<packageRepo.PackageRow> =>
  requireFound(actor, 'delivery.read', 'Delivery package', await packageRepo.findPackage(db, packageId));

export async function packageStatus(db: Db, actor: Actor, packageId: number): Promise<DeliveryPackage> {
  return publicPackage(await readablePackage(db, actor, packageId));
}

/**
 * A signed GET of the package's ZIP valid for a minute, for a reader who may see the project; 409 while it
 * is still being built (or failed).
 */
export async function packageDownloadUrl(
  deps: Pick<Deps, 'database' | 'storage'>,
  actor: Actor,
  packageId: number,
): Promise<string> {
  const row = await readablePackage(deps.database.db, actor, packageId);
  return builtFileUrl(deps.storage, row, {
    failed: 'This delivery package could not be built.',
    building: 'This delivery package is still being built.',
    code: 'delivery_not_ready',
  });
}
