import {
  type Annotation,
  type CategoriesResponse,
  type CreateAnnotationBody,
  isEttOrAbb,
  RECTANGLE_TOO_SMALL_MESSAGE,
  rectangleKeptOnPhoto,
} from '@linewalker/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { Actor, UserActor } from '../../platform/auth/actor.ts';
import { findImageRef } from '../../platform/auth/objectRefs.ts';
import { authorize } from '../../platform/auth/policy.ts';
import { requireFound, requireImage } from '../../platform/auth/require.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { badRequest, conflict, notFound, validationFailed } from '../../platform/errors.ts';
import * as repo from './annotations.repository.ts';

type CreateBody = CreateAnnotationBody;

const toAnnotation = (r: repo.AnnotationRaw): Annotation => ({
  id: r.id,
  image_id: r.image_id,
  annotation_number: r.annotation_number,
  shape: r.shape,
  rectangle:
    r.shape === 'rect'
      ? {
          x: r.rect_top_left_x ?? 0,
          y: r.rect_top_left_y ?? 0,
          width: r.rect_width ?? 0,
          height: r.rect_height ?? 0,
        }
      : null,
  polygon: r.polygon,
  risk_level: r.risk_level,
  category: r.category,
  category_text: r.category_text,
  sub_category: r.sub_category,
  sub_category_text: r.sub_category_text,
  note: r.note,
  image_width: r.image_width,
  image_height: r.image_height,
  created_by_name: r.created_by_name,
  created_at: r.created_at,
  ett_evaluation_code_value: r.ett_evaluation_code_value,
  ett_evaluation_description: r.ett_evaluation_description,
  ett_knuckle_flat_position: r.ett_knuckle_flat_position,
});

export async function annotationsOfImage(db: Db, actor: Actor, imageId: number): Promise<Annotation[]> {
  await requireImage(db, actor, 'image.read', imageId);
  return (await repo.imageAnnotations(db, imageId)).map(toAnnotation);
}

/** The ETT-mode codes of an annotation: an ETT/ABB project's photo, codes that exist (else 400). */
async function ettAnnotation(db: Db, projectId: number, body: CreateBody) {
  if (!isEttOrAbb(await repo.projectTypeName(db, projectId))) {
    throw badRequest('ETT annotations belong to photos of ETT and ABB projects.', 'not_ett_project');
  }
  const codeId = body.ettAnnoEvalCodeId!;
  const knuckleFlatId = body.ettKnuckleFlatPosId!;
  if (!(await repo.ettCodesExist(db, codeId, knuckleFlatId))) {
    throw badRequest('The evaluation code or knuckle/flat position does not exist.', 'annotation_invalid');
  }
  return { codeId, knuckleFlatId };
}

/**
 * A rectangle not above 10 × 10 pixels of the photo itself (spec 2 §5) is refused as the body's own checks
 * are: the client's canvas size is not trusted to judge it. Without `photo` (AI patches, whose points are
 * the photo's pixels already) the sides are taken as they are.
 */
export function assertRectangleKept(
  body: CreateBody,
  photo: { width: number | null; height: number | null } = { width: null, height: null },
): void {
  if (!rectangleKeptOnPhoto(body, photo)) {
    throw validationFailed([{ path: 'body.rectangle', message: RECTANGLE_TOO_SMALL_MESSAGE }]);
  }
}

/**
 * Stores a rectangle or polygon drawn on a photo, in the original's pixels, with its component, deficiency
 * (of that component), risk 2–5 and note, numbered after the photo's others. The photo's row lock makes two
 * users annotating one photo at once get consecutive numbers. Raises the structure's inspection risk.
 */
export async function createAnnotation(db: Db, actor: UserActor, body: CreateBody): Promise<Annotation> {
  return withTransaction(db, async (tx) => {
    const image = await requireImage(tx, actor, 'annotation.create', body.image_id, { lock: true });
    assertRectangleKept(body, image);
    // ETT mode (spec 2 §3, §5): an evaluation code and a knuckle/flat position instead of a component.
    const ett = body.ettAnnoEvalCodeId != null ? await ettAnnotation(tx, image.project_id, body) : null;
    const component = ett ? null : await repo.componentName(tx, body.category ?? 0);
    if (!ett && component === null) throw badRequest('The component does not exist.', 'annotation_invalid');
    if (!ett && body.sub_category != null) {
      const deficiency = await repo.deficiencyOf(tx, body.sub_category);
      if (!deficiency || deficiency.category_id !== body.category) {
        throw badRequest('The deficiency is not one of the component’s.', 'category_mismatch');
      }
    }
    const rect = body.rectangle ?? null;
    const id = await repo.insertAnnotation(tx, {
      imageId: image.id,
      shape: rect ? 'rect' : 'polygon',
      rect,
      polygon: rect ? null : (body.polygon ?? null),
      riskLevel: body.risk_level,
      categoryId: ett ? null : (body.category ?? null),
      subCategoryId: ett ? null : (body.sub_category ?? null),
      ettEvaluationCodeId: ett?.codeId ?? null,
      ettKnuckleFlatPositionId: ett?.knuckleFlatId ?? null,
      note: body.text ? body.text : null,
      imageWidth: body.image_width,
      imageHeight: body.image_height,
      createdBy: actor.userId,
    });
    if (image.structure_id !== null) await repo.refreshMaxRisk(tx, image.structure_id);
    const created = (await repo.annotationById(tx, id))!;
    await writeAudit(tx, actor, {
      action: 'annotation.create',
      objectType: 'image',
      objectId: image.id,
      details: {
        projectId: image.project_id,
        annotationId: id,
        annotationNumber: created.annotation_number,
        component,
        deficiency: created.sub_category_text,
        riskLevel: body.risk_level,
        ...(ett
          ? {
              ettEvaluationCode: created.ett_evaluation_code_value,
              ettKnuckleFlatPosition: created.ett_knuckle_flat_position,
            }
          : {}),
      },
    });
    return toAnnotation(created);
  });
}

/** Deletes an annotation (404 when it is gone, e.g. another user deleted it first) and lowers the risk. */
export async function deleteAnnotation(db: Db, actor: UserActor, id: number): Promise<void> {
  await withTransaction(db, async (tx) => {
    const found = await repo.findAnnotationRef(tx, id);
    if (!found) throw notFound('Annotation');
    // The photo's lock first, as on create: a delete and a create on one photo wait for each other.
    const image = requireFound(
      actor,
      'annotation.delete',
      'Annotation',
      await findImageRef(tx, found.image_id, true),
    );
    if (!(await repo.deleteAnnotation(tx, id))) throw notFound('Annotation');
    if (image.structure_id !== null) await repo.refreshMaxRisk(tx, image.structure_id);
    await writeAudit(tx, actor, {
      action: 'annotation.delete',
      objectType: 'image',
      objectId: image.id,
      details: { projectId: image.project_id, annotationId: id, annotationNumber: found.annotation_number },
    });
  });
}

export async function categories(db: Db): Promise<CategoriesResponse> {
  const [categories, subCategories] = await Promise.all([repo.categories(db), repo.subCategories(db)]);
  return { categories, subCategories };
}

/** Add New Component (super admin, project manager): 409 when one of that name exists in any case. */
export async function addComponent(db: Db, actor: UserActor, name: string): Promise<number> {
  authorize(actor, 'category.create');
  return withTransaction(db, async (tx) => {
    const id = await repo.insertComponent(tx, name, actor.userId);
    if (id === null) throw conflict('A component of that name exists already.', 'category_exists');
    await writeAudit(tx, actor, {
      action: 'category.create',
      objectType: 'component',
      objectId: id,
      details: { name },
    });
    return id;
  });
}

/** Add New Deficiency to a component: 404 for an unknown component, 409 for a name it has already. */
export async function addDeficiency(
  db: Db,
  actor: UserActor,
  categoryId: number,
  name: string,
): Promise<number> {
  authorize(actor, 'category.create');
  return withTransaction(db, async (tx) => {
    if ((await repo.componentName(tx, categoryId)) === null) throw notFound('Component');
    const id = await repo.insertDeficiency(tx, categoryId, name, actor.userId);
    if (id === null)
      throw conflict('This component has a deficiency of that name already.', 'category_exists');
    await writeAudit(tx, actor, {
      action: 'deficiency.create',
      objectType: 'deficiency',
      objectId: id,
      details: { categoryId, name },
    });
    return id;
  });
}

/** Create or edit a photo's note (staff). */
export async function updateNote(
  db: Db,
  actor: UserActor,
  imageId: number,
  text: string,
): Promise<{ id: number; note_text: string }> {
  return withTransaction(db, async (tx) => {
    const image = await requireImage(tx, actor, 'image.note', imageId, { lock: true });
    const id = await repo.upsertNote(tx, imageId, text, actor.userId);
    await writeAudit(tx, actor, {
      action: 'image.note',
      objectType: 'image',
      objectId: imageId,
      details: { projectId: image.project_id, note: text },
    });
    return { id, note_text: text };
  });
}
