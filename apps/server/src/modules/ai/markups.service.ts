import { type AiAcceptBody, type AiMarkup, type Annotation, CreateAnnotationBody } from '@linewalker/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { Actor, UserActor } from '../../platform/auth/actor.ts';
import { authorize } from '../../platform/auth/policy.ts';
import { requireImage, requireProject } from '../../platform/auth/require.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import { createAnnotation } from '../viewer/annotations.service.ts';
import * as repo from './ai.repository.ts';
import { requireModel } from './ai.service.ts';
import * as markups from './markups.repository.ts';
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

/** The AI markups of an inspection photo, best score first (the viewer's AI mode). */
export async function markupsOfImage(
  deps: Deps,
  actor: Actor,
  imageId: number,
): Promise<{ markups: AiMarkup[] }> {
  authorize(actor, 'ai.read');
  const db = deps.database.db;
  await requireImage(db, actor, 'image.read', imageId);
  return { markups: await markups.markupsOfImage(db, imageId) };
}

async function openMarkup(deps: Deps, actor: UserActor, id: number, lock: boolean) {
  const db = deps.database.db;
  const markup = await markups.markupById(db, id, lock);
  if (!markup) throw notFound('Markup');
  await requireImage(db, actor, 'annotation.create', markup.image_id);
  return markup;
}

/** Dismisses an open markup (409 when it was reviewed already, also by someone else at the same time). */
export async function dismissMarkup(deps: Deps, actor: UserActor, id: number): Promise<{ ok: true }> {
  await openMarkup(deps, actor, id, false);
  return withTransaction(deps.database.db, async (tx) => {
    const markup = await markups.markupById(tx, id, true);
    if (markup?.status !== 'open') throw conflict('The markup was reviewed already');
    await markups.reviewMarkup(tx, id, { status: 'dismissed', userId: actor.userId });
    await writeAudit(tx, actor, {
      action: 'ai.markup.dismiss',
      objectType: 'image',
      objectId: markup.image_id,
      details: { markupId: id, modelId: markup.model_id },
    });
    return { ok: true as const };
  });
}

/**
 * Accepts an open markup: it becomes an annotation of the photo with the reviewer's component and risk
 * (the viewer's rules: a component that exists, a deficiency of it), in one transaction with the markup's
 * review (a second accept at the same time answers 409, never a second annotation).
 */
export async function acceptMarkup(
  deps: Deps,
  actor: UserActor,
  id: number,
  body: AiAcceptBody,
): Promise<{ annotation: Annotation }> {
  await openMarkup(deps, actor, id, false);
  return withTransaction(deps.database.db, async (tx) => {
    const markup = await markups.markupById(tx, id, true);
    if (markup?.status !== 'open') throw conflict('The markup was reviewed already');
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
    await markups.reviewMarkup(tx, id, {
      status: 'accepted',
      userId: actor.userId,
      annotationId: annotation.id,
    });
    await writeAudit(tx, actor, {
      action: 'ai.markup.accept',
      objectType: 'image',
      objectId: markup.image_id,
      details: { markupId: id, modelId: markup.model_id, annotationId: annotation.id },
    });
    return { annotation };
  });
}
