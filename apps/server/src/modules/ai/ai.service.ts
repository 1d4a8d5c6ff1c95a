import {
  type AiModel,
  type AiModelCreateBody,
  type AiModelImages,
  type AiModelUpdateBody,
  type AiModelVersion,
  type AiPatchBody,
  aiModelState,
} from '@linewalker/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { Actor, UserActor } from '../../platform/auth/actor.ts';
import { authorize } from '../../platform/auth/policy.ts';
import { requireImage } from '../../platform/auth/require.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import * as repo from './ai.repository.ts';
import { sourcePhotoOf } from './photoPatches.repository.ts';

/** How long the image URLs of a model's image list stay valid (a markup session). */
const IMAGE_URL_SECONDS = 4 * 3600;

const nameTaken = (name: string) =>
  conflict(`A model named '${name}' already exists (names are unique in any case)`, 'model_name_taken');

function versionOf(v: repo.VersionRow): AiModelVersion {
  return {
    version: v.version,
    trained_at: repo.iso(v.trained_at)!,
    train_images: v.train_images,
    validation_images: v.validation_images,
    precision: v.precision,
    recall: v.recall,
    ap50: v.ap50,
    threshold: v.threshold,
    confusion: v.confusion as AiModelVersion['confusion'],
    pr_curve: v.pr_curve as AiModelVersion['pr_curve'],
  };
}

/**
 * A model trains while its start date is set and its job is queued or running: a job that failed for good
 * (a worker killed again and again) never leaves the model stuck in Training.
 */
export const isTraining = (m: repo.ModelRow): boolean =>
  m.userinitatedstarttrainingdate !== null &&
  (m.training_job_state === 'queued' || m.training_job_state === 'running');

function modelOf(m: repo.ModelRow, latest: repo.VersionRow | undefined): AiModel {
  const trainedAt = latest ? new Date(repo.iso(latest.trained_at)!) : null;
  const changedAt = m.markup_changed_at ? new Date(repo.iso(m.markup_changed_at)!) : null;
  return {
    id: m.id,
    model_class_id: m.model_class_id,
    model_class_name: m.model_class_name,
    model_holdbackpercentage: m.model_holdbackpercentage,
    model_notes: m.model_notes,
    imgs_total: m.imgs_total,
    imgs_ready_for_training: m.imgs_ready,
    imgs_not_ready_for_training: m.imgs_total - m.imgs_ready,
    users_contibuting: m.users_contibuting,
    userinitatedstarttrainingdate: isTraining(m) ? repo.iso(m.userinitatedstarttrainingdate) : null,
    currentstep: m.currentstep,
    totalstepcount: m.totalstepcount,
    state: aiModelState({
      training: isTraining(m),
      trainedAndCurrent: trainedAt !== null && (changedAt === null || changedAt <= trainedAt),
      imgsTotal: m.imgs_total,
      imgsReady: m.imgs_ready,
    }),
    latest_version: latest ? versionOf(latest) : null,
  };
}

export async function listModels(deps: Deps, actor: Actor): Promise<AiModel[]> {
  authorize(actor, 'ai.read');
  const db = deps.database.db;
  const rows = await repo.listModels(db);
  const versions = await repo.latestVersions(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => modelOf(r, versions.get(r.id)));
}

/** The model (404 when there is none); the policy first, so a refused caller learns nothing of it. */
export async function requireModel(
  db: Db,
  actor: Actor,
  action: 'ai.read' | 'ai.markup' | 'ai.manage',
  id: number,
) {
  authorize(actor, action);
  const row = await repo.findModel(db, id);
  if (!row) throw notFound('Model');
  return row;
}

export async function getModel(deps: Deps, actor: Actor, id: number): Promise<AiModel> {
  const db = deps.database.db;
  const row = await requireModel(db, actor, 'ai.read', id);
  return modelOf(row, (await repo.latestVersions(db, [id])).get(id));
}

export async function createModel(
  deps: Deps,
  actor: UserActor,
  body: AiModelCreateBody,
): Promise<{ model_id: number }> {
  authorize(actor, 'ai.manage');
  const className = body.className.trim();
  return withTransaction(deps.database.db, async (tx) => {
    const id = await repo.insertModel(tx, {
      className,
      notes: body.description?.trim() || null,
      holdback: body.holdback_pct,
      createdBy: actor.userId,
    });
    if (id === null) throw nameTaken(className);
    await writeAudit(tx, actor, {
      action: 'ai.model.create',
      objectType: 'ai_model',
      objectId: id,
      details: { className, holdback: body.holdback_pct },
    });
    return { model_id: id };
  });
}

export async function updateModel(
  deps: Deps,
  actor: UserActor,
  id: number,
  body: AiModelUpdateBody,
): Promise<AiModel> {
  const db = deps.database.db;
  await requireModel(db, actor, 'ai.manage', id);
  const className = body.className.trim();
  await withTransaction(db, async (tx) => {
    if (await repo.classNameTaken(tx, className, id)) throw nameTaken(className);
    try {
      await repo.updateModel(tx, id, {
        className,
        notes: body.description?.trim() || null,
        holdback: body.holdback_pct,
        ...(body.model_class_id !== undefined ? { classId: body.model_class_id } : {}),
      });
    } catch (err) {
      // A parallel save took the name between the check and the write.
      if (err instanceof Error && /ai_models_class_name_unique/.test(`${err.message} ${String(err.cause)}`)) {
        throw nameTaken(className);
      }
      throw err;
    }
    await writeAudit(tx, actor, {
      action: 'ai.model.update',
      objectType: 'ai_model',
      objectId: id,
      details: { className, holdback: body.holdback_pct },
    });
  });
  return getModel(deps, actor, id);
}

const outside = () =>
  new AppError(
    'patch_outside_image',
    'The patch lies outside the image: every point must be within its pixels',
  );

/** A patch on one of the model's images, inside its pixels. */
export async function createPatch(
  deps: Deps,
  actor: UserActor,
  modelId: number,
  body: AiPatchBody,
): Promise<{ id: number }> {
  const db = deps.database.db;
  await requireModel(db, actor, 'ai.markup', modelId);
  const image = await repo.modelImage(db, modelId, body.image_id);
  if (!image) throw badRequest('The image is not one of this model’s images', 'image_not_in_model');
  if (image.img_width === null || image.img_height === null) throw outside();
  const inside = (x: number, y: number) =>
    x >= 0 && y >= 0 && x <= image.img_width! && y <= image.img_height!;
  if (!inside(body.left + body.width, body.top + body.height)) throw outside();
  if (body.polygon && !body.polygon.every(([x, y]) => inside(x, y))) throw outside();
  return withTransaction(db, async (tx) => {
    const id = await repo.insertPatch(tx, {
      modelId,
      aiImageId: image.id,
      left: body.left,
      top: body.top,
      width: body.width,
      height: body.height,
      polygon: body.polygon ?? null,
      note: body.note?.trim() || null,
      createdBy: actor.userId,
    });
    // A patch says there is something to find: the image is no longer a negative.
    await repo.setNothingToFind(tx, modelId, image.id, false, actor.userId);
    await repo.touchMarkup(tx, modelId);
    await writeAudit(tx, actor, {
      action: 'ai.patch.create',
      objectType: 'ai_patch',
      objectId: id,
      details: { modelId, imageId: image.id },
    });
    return { id };
  });
}

/**
 * Delete AI patch (spec 2 §6: the permission to inspect). A patch on an inspection photo's training image
 * also needs the photo to be the caller's to annotate (404 as for the photo otherwise).
 */
export async function deletePatch(deps: Deps, actor: UserActor, id: number): Promise<{ ok: true }> {
  authorize(actor, 'ai.markup');
  authorize(actor, 'annotation.delete');
  const db = deps.database.db;
  return withTransaction(db, async (tx) => {
    const patch = await repo.findPatch(tx, id);
    if (!patch) throw notFound('Patch');
    const photoId = await sourcePhotoOf(tx, patch.aiImageId);
    if (photoId !== null) await requireImage(tx, actor, 'annotation.delete', photoId);
    if (!(await repo.deletePatch(tx, id))) throw notFound('Patch');
    await repo.touchMarkup(tx, patch.modelId);
    await writeAudit(tx, actor, {
      action: 'ai.patch.delete',
      objectType: 'ai_patch',
      objectId: id,
      details: { modelId: patch.modelId, imageId: patch.aiImageId },
    });
    return { ok: true as const };
  });
}

/** 'Nothing to find here' on or off for one of the model's images. */
export async function setNothingToFind(
  deps: Deps,
  actor: UserActor,
  modelId: number,
  imageId: number,
  value: boolean,
): Promise<{ ok: true }> {
  const db = deps.database.db;
  await requireModel(db, actor, 'ai.markup', modelId);
  if (!(await repo.modelImage(db, modelId, imageId))) throw notFound('Image');
  await withTransaction(db, async (tx) => {
    await repo.setNothingToFind(tx, modelId, imageId, value, actor.userId);
    await repo.touchMarkup(tx, modelId);
    await writeAudit(tx, actor, {
      action: 'ai.image.nothing_to_find',
      objectType: 'ai_image',
      objectId: imageId,
      details: { modelId, nothingToFind: value },
    });
  });
  return { ok: true };
}

export async function modelImages(deps: Deps, actor: Actor, modelId: number): Promise<AiModelImages> {
  const db = deps.database.db;
  await requireModel(db, actor, 'ai.read', modelId);
  const { images, patches } = await repo.modelImagesWithPatches(db, modelId);
  const byImage = new Map<number, repo.PatchRow[]>();
  for (const p of patches) byImage.set(p.ai_image_id, [...(byImage.get(p.ai_image_id) ?? []), p]);
  return {
    images: await Promise.all(
      images.map(async (i) => {
        const own = byImage.get(i.image_id) ?? [];
        return {
          image_id: i.image_id,
          image_name: i.image_name,
          img_width: i.img_width,
          img_height: i.img_height,
          nothing_to_find: i.nothing_to_find,
          marked_up: i.nothing_to_find || own.length > 0,
          url: await deps.storage.signedGetUrl(i.storage_key, IMAGE_URL_SECONDS),
          patches: own.map(({ ai_image_id: _, ...p }) => p),
        };
      }),
    ),
  };
}
