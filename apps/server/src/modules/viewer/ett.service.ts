import {
  type AbbIdType,
  type EttArm,
  type EttEvaluationCode,
  isEttOrAbb,
  type KnuckleFlat,
  type SaveArmEditsBody,
  type UpdateAbbTypesBody,
  type UpdateImageTypeBody,
} from '@linewalker/domain';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import type { Actor, UserActor } from '../../platform/auth/actor.ts';
import { requireFound, requireInspection, requireProject } from '../../platform/auth/require.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { badRequest } from '../../platform/errors.ts';
import * as repo from './ett.repository.ts';

type SaveArm = z.output<typeof SaveArmEditsBody>;
type ImageType = z.output<typeof UpdateImageTypeBody>;
type AbbTypes = z.output<typeof UpdateAbbTypesBody>;

const notEtt = () =>
  badRequest('This project has no arm or flange workflow (ETT or ABB).', 'not_ett_project');

/** The project or inspection, when it is of an ETT or ABB project (else 400). */
function ettOnly<T extends { ptype_name: string | null }>(object: T): T {
  if (!isEttOrAbb(object.ptype_name)) throw notEtt();
  return object;
}

/** Every arm (flange) position of an inspection with what was saved for it and its existing notes. */
export async function armsOfInspection(
  db: Db,
  actor: Actor,
  inspectionId: number,
  projectId: number,
): Promise<EttArm[]> {
  const inspection = ettOnly(await requireInspection(db, actor, 'inspection.read', inspectionId));
  if (inspection.project_id !== projectId) {
    throw badRequest('The inspection is not one of this project’s.', 'bad_request');
  }
  const arms = await repo.armsOfInspection(db, inspectionId);
  const ids = arms.flatMap((a) => (a.ett_arm_id === null ? [] : [a.ett_arm_id]));
  const notes = ids.length > 0 ? await repo.notesOfArms(db, ids) : [];
  return arms.map((a) => ({
    ...a,
    notes: notes.filter((n) => n.ett_arm_id === a.ett_arm_id).map(({ ett_arm_id: _, ...n }) => n),
  }));
}

export async function evaluationCodes(db: Db, actor: Actor, projectId: number): Promise<EttEvaluationCode[]> {
  ettOnly(await requireProject(db, actor, 'project.read', projectId));
  return repo.evaluationCodes(db);
}

export async function knuckleFlats(db: Db, actor: Actor, projectId: number): Promise<KnuckleFlat[]> {
  ettOnly(await requireProject(db, actor, 'project.read', projectId));
  return repo.knuckleFlats(db);
}

export const abbIdTypes = (db: Db): Promise<AbbIdType[]> => repo.abbIdTypes(db);

const blankToNull = (v: string | null | undefined) => (v == null || v === '' ? null : v);

/**
 * Saves an arm (flange) of an inspection: one arm per position, so a first save creates it and later ones
 * (also a second user's at the same moment) update it; the last save wins and every new note is kept.
 * The inspection's row lock makes concurrent saves of its arms run one after the other.
 */
export async function saveArmEdits(db: Db, actor: UserActor, inspectionId: number, body: SaveArm) {
  return withTransaction(db, async (tx) => {
    const inspection = ettOnly(await requireInspection(tx, actor, 'ett.edit', inspectionId, { lock: true }));
    if (!(await repo.armPositionExists(tx, body.arm_position_id))) {
      throw badRequest('There is no such arm position.', 'bad_request');
    }
    if (body.ett_arm_id != null) {
      const arm = await repo.findArm(tx, body.ett_arm_id);
      if (!arm || arm.inspection_id !== inspectionId || arm.arm_position_id !== body.arm_position_id) {
        throw badRequest(
          'The arm is not the one at this position of this inspection.',
          'arm_not_in_inspection',
        );
      }
    }
    const values = {
      classification: body.classification ?? null,
      manufacturer: body.manufacturer ?? null,
      part: blankToNull(body.part),
      serial_num: blankToNull(body.serial_num),
      release_num: blankToNull(body.release_num),
    };
    const armId = await repo.upsertArm(tx, inspectionId, body.arm_position_id, values);
    const note = blankToNull(body.newNote);
    if (note !== null) await repo.addArmNote(tx, armId, note, actor.userId);
    await writeAudit(tx, actor, {
      action: 'ett.arm_save',
      objectType: 'inspection',
      objectId: inspectionId,
      details: {
        projectId: inspection.project_id,
        ettArmId: armId,
        armPositionId: body.arm_position_id,
        ...values,
        ...(note === null ? {} : { newNote: note }),
      },
    });
    return armId;
  });
}

/** Sets a photo's ETT photo type with its arm (types 1, 2) or knuckle/flat position (type 3). */
export async function updateImageType(db: Db, actor: UserActor, imageId: number, body: ImageType) {
  return withTransaction(db, async (tx) => {
    const image = requireFound(actor, 'ett.edit', 'Image', await repo.findImageForUpdate(tx, imageId));
    if (!isEttOrAbb(image.ptype_name)) throw notEtt();
    let armPositionId: number | null = null;
    const armId = body.ett_arm_id ?? null;
    if (armId !== null) {
      const arm = await repo.findArm(tx, armId);
      if (!arm || image.structure_id === null || arm.structure_id !== image.structure_id) {
        throw badRequest('The arm is not one of this photo’s inspection.', 'arm_not_in_inspection');
      }
      armPositionId = arm.arm_position_id;
    }
    const knuckleFlatId = body.knuckle_flat_position_id ?? null;
    if (knuckleFlatId !== null && !(await repo.knuckleFlatExists(tx, knuckleFlatId))) {
      throw badRequest('There is no such knuckle/flat position.', 'bad_request');
    }
    const changed =
      image.ett_photo_type_id !== body.ett_photo_type_id ||
      image.ett_arm_id !== armId ||
      image.knuckle_flat_position_id !== knuckleFlatId;
    await repo.setImageType(tx, imageId, {
      photoType: body.ett_photo_type_id,
      armId,
      armPositionId,
      knuckleFlatId,
    });
    await writeAudit(tx, actor, {
      action: 'image.ett_type',
      objectType: 'image',
      objectId: imageId,
      details: {
        projectId: image.project_id,
        ettPhotoTypeId: body.ett_photo_type_id,
        ettArmId: armId,
        knuckleFlatPositionId: knuckleFlatId,
        changed,
      },
    });
    return changed;
  });
}

/** Replaces the ABB id types a photo shows (ABB projects only). */
export async function updateAbbTypes(db: Db, actor: UserActor, body: AbbTypes) {
  return withTransaction(db, async (tx) => {
    const image = requireFound(actor, 'ett.edit', 'Image', await repo.findImageForUpdate(tx, body.imageId));
    if (image.ptype_name !== 'ABB') {
      throw badRequest('ABB id types belong to photos of ABB projects.', 'not_ett_project');
    }
    const ids = [...body.abbTypeIds].sort((a, b) => a - b);
    if ((await repo.countAbbIdTypes(tx, ids)) !== ids.length) {
      throw badRequest('There is no such ABB id type.', 'bad_request');
    }
    const before = await repo.replaceAbbTypes(tx, body.imageId, ids);
    const changed = before.join(',') !== ids.join(',');
    await writeAudit(tx, actor, {
      action: 'image.abb_types',
      objectType: 'image',
      objectId: body.imageId,
      details: { projectId: image.project_id, abbTypeIds: ids, before, changed },
    });
    return changed;
  });
}
