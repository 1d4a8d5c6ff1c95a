import {
  type ImageIdentifiersResponse,
  type ImageToIdentifiersResponse,
  NO_SHOT_IDENTIFIER,
  STEP_CLIP_LABELS,
  type StepClipBody,
  type StepClipResponse,
  type UpdateIdentifierResponse,
} from '@linewalker/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { Actor, UserActor } from '../../platform/auth/actor.ts';
import { requireImage, requireInspection } from '../../platform/auth/require.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { badRequest } from '../../platform/errors.ts';
import * as repo from './imageInfo.repository.ts';

/** The shot identifiers (reference data, the same for everyone). */
export async function imageIdentifiers(db: Db): Promise<ImageIdentifiersResponse> {
  return { imageIdentifiers: await repo.identifiers(db) };
}

/**
 * The identifiers of an inspection's photos (another company's inspection, or none: 404); without an
 * inspection, those of every photo the actor may see (the spec's call has no payload).
 */
export async function imageToIdentifiers(
  db: Db,
  actor: Actor,
  inspectionId: number | undefined,
): Promise<ImageToIdentifiersResponse> {
  if (inspectionId === undefined) return { imageToIdentifiers: await repo.identifiersSeenBy(db, actor) };
  const inspection = await requireInspection(db, actor, 'inspection.read', inspectionId);
  return { imageToIdentifiers: await repo.identifiersOfStructure(db, actor, inspection.structure_id) };
}

/**
 * Sets (or with -1 takes away) a photo's shot identifier. Staff only; an unknown identifier is a 400 and
 * writes nothing. Choosing the one the photo has changes nothing and writes no audit record.
 */
export async function updateIdentifier(
  db: Db,
  actor: UserActor,
  imageId: number,
  identifierId: number,
): Promise<UpdateIdentifierResponse> {
  return withTransaction(db, async (tx) => {
    const image = await requireImage(tx, actor, 'image.identify', imageId, { lock: true });
    const none = identifierId === NO_SHOT_IDENTIFIER;
    const name = none ? null : await repo.identifierName(tx, identifierId);
    if (!none && name === null) {
      throw badRequest('The shot identifier does not exist.', 'shot_identifier_invalid');
    }
    const before = (await repo.identifierOf(tx, imageId)) ?? NO_SHOT_IDENTIFIER;
    const changed = before !== identifierId;
    if (changed) {
      if (none) await repo.clearIdentifier(tx, imageId);
      else await repo.setIdentifier(tx, imageId, identifierId);
      await writeAudit(tx, actor, {
        action: 'image.identifier',
        objectType: 'image',
        objectId: imageId,
        details: { projectId: image.project_id, from: before, to: identifierId, identifier: name },
      });
    }
    return { ok: true, success: true, image_id: imageId, anno_img_id: identifierId, changed };
  });
}

const sameAngles = (a: Partial<StepClipBody> | null, b: StepClipBody) =>
  a !== null && (Object.keys(STEP_CLIP_LABELS) as Array<keyof StepClipBody>).every((k) => a[k] === b[k]);

/**
 * Saves a photo's four step-clip angles (the AI info panel's Save). Only photos of component-level projects
 * (inspection_type '1') have them: others answer 400 and nothing is written. Staff only.
 */
export async function saveStepClip(
  db: Db,
  actor: UserActor,
  imageId: number,
  angles: StepClipBody,
): Promise<StepClipResponse> {
  return withTransaction(db, async (tx) => {
    const image = await requireImage(tx, actor, 'image.stepclip', imageId, { lock: true });
    const current = (await repo.stepClipOf(tx, imageId))!;
    if (current.inspection_type !== '1') {
      throw badRequest(
        'Step-clip angles belong to photos of component-level projects only.',
        'step_clip_not_applicable',
      );
    }
    const value: StepClipBody = {
      topangleouter: angles.topangleouter,
      topangle: angles.topangle,
      bottomangleouter: angles.bottomangleouter,
      bottomangle: angles.bottomangle,
    };
    const changed = !sameAngles(current.stepclip_json, value);
    if (changed) {
      await repo.setStepClip(tx, imageId, value);
      await writeAudit(tx, actor, {
        action: 'image.stepclip',
        objectType: 'image',
        objectId: imageId,
        details: { projectId: image.project_id, from: current.stepclip_json, to: value },
      });
    }
    return { ok: true, success: true, stepclip_json: value, changed };
  });
}
