import { writeAudit } from '../../platform/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { requireImage, requireProject } from '../../platform/auth/require.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import * as repo from './imageActions.repository.ts';

/** Distinct ids in ascending order: every request locks photos in this one order. */
const sortedIds = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

const notAllInProject = (missing: number, total: number) =>
  badRequest(
    `${missing} of the ${total} images do not belong to this project; nothing was changed.`,
    'images_not_in_project',
    { notInProject: missing },
  );

/**
 * Moves photos of a project onto one of its structures (manual assignment). All or nothing: an id that is
 * not a photo of the project (400) or a structure outside it (404) changes nothing. Repeating the request
 * changes nothing more.
 */
export async function reassignImages(
  db: Db,
  actor: Actor,
  projectId: number,
  structureId: number,
  imageIds: readonly number[],
): Promise<number> {
  const ids = sortedIds(imageIds);
  return withTransaction(db, async (tx) => {
    await requireProject(tx, actor, 'image.reassign', projectId);
    if (!(await repo.lockStructureOfProject(tx, projectId, structureId))) throw notFound('Structure');
    const { found, moved } = await repo.reassignImages(tx, projectId, structureId, ids);
    // Throwing rolls the update back.
    if (found !== ids.length) throw notAllInProject(ids.length - found, ids.length);
    await writeAudit(tx, actor, {
      action: 'images.reassign',
      objectType: 'structure',
      objectId: structureId,
      details: { projectId, count: ids.length, moved, imageIds: ids.length <= 100 ? ids : undefined },
    });
    return ids.length;
  });
}

/**
 * Rejects photos of the project with a reason. All or nothing (an id outside the project: 400); photos
 * rejected already keep their first rejection, so repeating the request changes nothing.
 */
export async function rejectImages(
  db: Db,
  actor: Actor,
  imageIds: readonly number[],
  reason: string,
): Promise<number> {
  const ids = sortedIds(imageIds);
  return withTransaction(db, async (tx) => {
    // The project of the first photo; every other id must be a photo of the same project.
    const first = await requireImage(tx, actor, 'image.reject', ids[0]!, { lock: true });
    const { found, rejected } = await repo.rejectImages(tx, first.project_id, ids, reason, actor.userId);
    if (found !== ids.length) throw notAllInProject(ids.length - found, ids.length);
    await writeAudit(tx, actor, {
      action: 'images.reject',
      objectType: 'project',
      objectId: first.project_id,
      details: { count: ids.length, rejected, reason, imageIds: ids.length <= 100 ? ids : undefined },
    });
    return rejected;
  });
}

/** Takes a photo's rejection back; a photo that is not rejected answers 200 and changes nothing. */
export async function unrejectImage(db: Db, actor: Actor, imageId: number): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    const image = await requireImage(tx, actor, 'image.reject', imageId, { lock: true });
    const changed = await repo.unrejectImage(tx, imageId);
    await writeAudit(tx, actor, {
      action: 'image.unreject',
      objectType: 'image',
      objectId: imageId,
      details: { projectId: image.project_id, changed },
    });
    return changed;
  });
}
