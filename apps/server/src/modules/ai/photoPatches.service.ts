import type { AiPhotoPatch, CreateAnnotationBody } from '@linewalker/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { UserActor } from '../../platform/auth/actor.ts';
import { authorize } from '../../platform/auth/policy.ts';
import { requireImage } from '../../platform/auth/require.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { assertRectangleKept } from '../viewer/annotations.service.ts';
import * as repo from './ai.repository.ts';
import { requireModel } from './ai.service.ts';
import * as markups from './markups.repository.ts';
import * as patches from './photoPatches.repository.ts';

const outside = () =>
  new AppError(
    'patch_outside_image',
    'The patch lies outside the image: every point must be within its pixels',
  );

/** The rectangle a shape covers: the rectangle itself, or the polygon's bounding box. */
function boundsOf(body: CreateAnnotationBody) {
  if (body.rectangle) {
    const r = body.rectangle;
    return { left: r.x, top: r.y, width: r.width, height: r.height };
  }
  const xs = body.polygon!.map(([x]) => x);
  const ys = body.polygon!.map(([, y]) => y);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  return { left, top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
}

/**
 * Insert AI patch (spec 2 §7): a rectangle or polygon drawn on an inspection photo in the viewer's AI mode
 * becomes a training patch of the chosen model on the photo's training image (made from the photo's stored
 * original on first use, as reviewed markups are), so the photo is one of the model's marked-up images.
 * The caller may inspect the photo (and mark up for models), the model exists, the shape lies inside the
 * photo's stored pixels (when known; else the size drawn on). Under the photo's row lock, in one transaction.
 */
export async function createPhotoPatch(
  db: Db,
  actor: UserActor,
  body: CreateAnnotationBody,
): Promise<AiPhotoPatch> {
  const modelId = body.model_id!;
  await requireModel(db, actor, 'ai.markup', modelId);
  assertRectangleKept(body);
  const b = boundsOf(body);
  if (!(b.width > 0 && b.height > 0)) throw badRequest('The patch has no area', 'patch_outside_image');
  return withTransaction(db, async (tx) => {
    const photo = await requireImage(tx, actor, 'annotation.create', body.image_id, { lock: true });
    authorize(actor, 'ai.markup');
    const width = photo.width ?? body.image_width;
    const height = photo.height ?? body.image_height;
    const inside = (x: number, y: number) => x >= 0 && y >= 0 && x <= width && y <= height;
    if (!inside(b.left, b.top) || !inside(b.left + b.width, b.top + b.height)) throw outside();
    const aiImageId = await markups.photoTrainingImage(tx, modelId, photo.id, actor.userId);
    const id = await repo.insertPatch(tx, {
      modelId,
      aiImageId,
      ...b,
      polygon: body.polygon ?? null,
      note: body.text?.trim() || null,
      createdBy: actor.userId,
    });
    // Something to find here: the photo is no longer a negative of the model.
    await repo.setNothingToFind(tx, modelId, aiImageId, false, actor.userId);
    await repo.touchMarkup(tx, modelId);
    await writeAudit(tx, actor, {
      action: 'ai.patch.create',
      objectType: 'image',
      objectId: photo.id,
      details: { projectId: photo.project_id, modelId, patchId: id, aiImageId },
    });
    return (await patches.photoPatchById(tx, id))!;
  });
}
