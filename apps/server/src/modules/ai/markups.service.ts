import {
  type AiAcceptBody,
  type AiMarkup,
  type AiMarkupList,
  type AiReviewAllBody,
  type Annotation,
  CreateAnnotationBody,
} from '@linewalker/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { Actor, UserActor } from '../../platform/auth/actor.ts';
import { authorize } from '../../platform/auth/policy.ts';
import { requireImage, requireProject } from '../../platform/auth/require.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import { annotationsOfImage, createAnnotation } from '../viewer/annotations.service.ts';
import * as repo from './ai.repository.ts';
import { requireModel } from './ai.service.ts';
import * as markups from './markups.repository.ts';
import { photoImgId, photoPatches } from './photoPatches.repository.ts';
import { aiRunOnProjectJob } from './runOnProject.job.ts';

/** Queues 'Run on project' (409 model_not_trained before the first version). */
export async function runOnProject(
  deps: Deps,
  actor: UserActor,
  modelId: number,
  body: { projectId: number; onlyUnreviewed: boolean },
): Promise<{ job_id: number }> {
  const db = deps.database.db;
  await requireModel(db, actor, 'ai.manage', modelId);
  await requireProject(db, actor, 'project.read', body.projectId);
  if (!(await repo.latestVersions(db, [modelId])).get(modelId)) {
    throw conflict('The model has no trained version yet', 'model_not_trained');
  }
  return withTransaction(db, async (tx) => {
    const job = await enqueue(
      tx,
      aiRunOnProjectJob,
      { modelId, ...body },
      {
        actor,
        dedupeKey: `ai-run:${modelId}:${body.projectId}`,
      },
    );
    await writeAudit(tx, actor, {
      action: 'ai.run_on_project',
      objectType: 'ai_model',
      objectId: modelId,
      details: { projectId: body.projectId, onlyUnreviewed: body.onlyUnreviewed, jobId: job.id },
    });
    return { job_id: job.id };
  });
}

/** The AI markups of an inspection photo, best score first, and the patches drawn on it (the viewer's AI mode). */
export async function markupsOfImage(deps: Deps, actor: Actor, imageId: number): Promise<AiMarkupList> {
  authorize(actor, 'ai.read');
  const db = deps.database.db;
  await requireImage(db, actor, 'image.read', imageId);
  const [list, imgId, drawn] = await Promise.all([
    markups.markupsOfImage(db, imageId),
    photoImgId(db, imageId),
    photoPatches(db, imageId),
  ]);
  return { markups: list, img_id: imgId, patches: drawn };
}

async function openMarkup(deps: Deps, actor: UserActor, id: number) {
  const db = deps.database.db;
  const markup = await markups.markupById(db, id);
  if (!markup) throw notFound('Markup');
  await requireImage(db, actor, 'annotation.create', markup.image_id);
  return markup;
}

type Tx = Parameters<Parameters<typeof withTransaction>[1]>[0];

/** Sends a reviewed markup back to its model's training images (positive or negative), once per markup. */
async function feedback(tx: Tx, actor: UserActor, markup: AiMarkup, negative: boolean): Promise<void> {
  const aiImageId = await markups.photoTrainingImage(tx, markup.model_id, markup.image_id, actor.userId);
  await markups.feedbackPatch(tx, markup, aiImageId, negative, actor.userId);
  // Something to find here after all.
  if (!negative) await repo.setNothingToFind(tx, markup.model_id, aiImageId, false, actor.userId);
}

/** Dismisses one locked, open markup (in the caller's transaction). */
async function dismissLocked(tx: Tx, actor: UserActor, markup: AiMarkup): Promise<void> {
  await markups.reviewMarkup(tx, markup.id, { status: 'dismissed', userId: actor.userId });
  await feedback(tx, actor, markup, true);
  await writeAudit(tx, actor, {
    action: 'ai.markup.dismiss',
    objectType: 'image',
    objectId: markup.image_id,
    details: { markupId: markup.id, modelId: markup.model_id },
  });
}

/**
 * Dismisses an open markup: it goes back to the model as a negative region. Idempotent: dismissing a
 * dismissed markup (also twice at once) answers ok; an accepted one answers 409.
 */
export async function dismissMarkup(deps: Deps, actor: UserActor, id: number): Promise<{ ok: true }> {
  await openMarkup(deps, actor, id);
  return withTransaction(deps.database.db, async (tx) => {
    const markup = await markups.markupById(tx, id, true);
    if (!markup) throw notFound('Markup');
    if (markup.status === 'accepted') throw conflict('The markup was accepted already', 'markup_reviewed');
    if (markup.status === 'open') await dismissLocked(tx, actor, markup);
    return { ok: true as const };
  });
}

/** Accepts one locked, open markup into an annotation (in the caller's transaction). */
async function acceptLocked(tx: Tx, actor: UserActor, markup: AiMarkup, body: AiAcceptBody) {
  const size = await markups.imageSize(tx, markup.image_id);
  const annotation = await createAnnotation(
    tx,
    actor,
    CreateAnnotationBody.parse({
      image_id: markup.image_id,
      rectangle: { x: markup.left, y: markup.top, width: markup.width, height: markup.height },
      category: body.category,
      sub_category: body.sub_category ?? null,
      risk_level: body.risk_level,
      text: body.text ?? null,
      image_width: size.width ?? Math.ceil(markup.left + markup.width),
      image_height: size.height ?? Math.ceil(markup.top + markup.height),
    }),
  );
  await markups.reviewMarkup(tx, markup.id, {
    status: 'accepted',
    userId: actor.userId,
    annotationId: annotation.id,
  });
  await feedback(tx, actor, markup, false);
  await writeAudit(tx, actor, {
    action: 'ai.markup.accept',
    objectType: 'image',
    objectId: markup.image_id,
    details: { markupId: markup.id, modelId: markup.model_id, annotationId: annotation.id },
  });
  return annotation;
}

/**
 * Accepts an open markup: it becomes an annotation of the photo with the reviewer's component and risk
 * (the viewer's rules: a component that exists, a deficiency of it) and goes back to the model as a
 * positive, in one transaction under the markup's row lock. Idempotent: a markup accepted already (also by a
 * second accept at the same time) answers its one annotation; a dismissed one answers 409.
 */
export async function acceptMarkup(
  deps: Deps,
  actor: UserActor,
  id: number,
  body: AiAcceptBody,
): Promise<{ annotation: Annotation }> {
  await openMarkup(deps, actor, id);
  const db = deps.database.db;
  return withTransaction(db, async (tx) => {
    const markup = await markups.markupById(tx, id, true);
    if (!markup) throw notFound('Markup');
    if (markup.status === 'dismissed') throw conflict('The markup was dismissed already', 'markup_reviewed');
    if (markup.status === 'accepted') {
      const existing = markup.annotation_id
        ? (await annotationsOfImage(tx, actor, markup.image_id)).find((a) => a.id === markup.annotation_id)
        : undefined;
      if (!existing)
        throw conflict('The markup was accepted and its annotation deleted since', 'markup_reviewed');
      return { annotation: existing };
    }
    return { annotation: await acceptLocked(tx, actor, markup, body) };
  });
}

/**
 * Every open markup of a photo at or above a score (of one model or all) accepted with one component and
 * risk, or dismissed: the slider's 'all above'. Locks them in id order; markups reviewed meanwhile are
 * left out. Answers how many were reviewed (and the annotations made).
 */
export async function reviewAllAbove(
  deps: Deps,
  actor: UserActor,
  body: AiReviewAllBody,
): Promise<{ reviewed: number; annotations: Annotation[] }> {
  const db = deps.database.db;
  await requireImage(db, actor, 'annotation.create', body.imageId);
  if (body.action === 'accept' && body.category == null) {
    throw badRequest('Pick a component to accept the markups.', 'annotation_invalid');
  }
  return withTransaction(db, async (tx) => {
    await requireImage(tx, actor, 'annotation.create', body.imageId, { lock: true });
    const ids = await markups.openMarkupIds(tx, body.imageId, body.minScore, body.modelId ?? null);
    const annotations: Annotation[] = [];
    for (const id of ids) {
      const markup = (await markups.markupById(tx, id))!;
      if (body.action === 'dismiss') await dismissLocked(tx, actor, markup);
      else
        annotations.push(
          await acceptLocked(tx, actor, markup, {
            category: body.category!,
            sub_category: body.sub_category ?? null,
            risk_level: body.risk_level,
            text: body.text ?? null,
          }),
        );
    }
    await writeAudit(tx, actor, {
      action: `ai.markup.${body.action}_all`,
      objectType: 'image',
      objectId: body.imageId,
      details: { minScore: body.minScore, modelId: body.modelId ?? null, markupIds: ids },
    });
    return { reviewed: ids.length, annotations };
  });
}
