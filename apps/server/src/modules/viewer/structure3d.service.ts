import type { Check3DResponse, Model3DStatus, Process3DResponse } from '@linewalker/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { requireInspection } from '../../platform/auth/require.ts';
import type { Db } from '../../platform/db/client.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import { MODEL3D_JOB, model3dDedupeKey, structureModel3dJob } from './structure3d.job.ts';
import * as repo from './structure3d.repository.ts';

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/** Whether the inspection's structure has a 3D model, is building one, and the model itself. */
export async function check3D(db: Db, actor: Actor, inspectionId: number): Promise<Check3DResponse> {
  const ref = await requireInspection(db, actor, 'structure.model3d.read', inspectionId);
  const [stored, job, photoIds] = await Promise.all([
    repo.findModel(db, ref.structure_id),
    repo.latestBuildJob(db, MODEL3D_JOB, model3dDedupeKey(ref.structure_id)),
    repo.currentPhotoIds(db, ref.structure_id),
  ]);
  let status: Model3DStatus;
  if (job && (job.state === 'queued' || job.state === 'running')) status = 'processing';
  else if (stored) status = 'ready';
  else if (job?.state === 'failed') status = 'failed';
  else status = 'none';
  return {
    inspection_id: ref.id,
    structure_id: ref.structure_id,
    status,
    job_id: job?.id ?? null,
    built_at: stored?.built_at ?? null,
    stale: stored ? !sameIds(stored.image_ids, photoIds) : false,
    model: stored?.model ?? null,
  };
}

/**
 * Queues the build of the inspection's structure's 3D model (staff only). While a build of that structure
 * is queued or running, the same job is answered (`created` false) and nothing is added, so a double click
 * or two inspectors at once start one build.
 */
export async function process3D(db: Db, actor: Actor, inspectionId: number): Promise<Process3DResponse> {
  const ref = await requireInspection(db, actor, 'structure.model3d.process', inspectionId);
  return withTransaction(db, async (tx) => {
    const job = await enqueue(
      tx,
      structureModel3dJob,
      { structureId: ref.structure_id },
      { actor, dedupeKey: model3dDedupeKey(ref.structure_id) },
    );
    await writeAudit(tx, actor, {
      action: 'structure.model3d.process',
      objectType: 'structure',
      objectId: ref.structure_id,
      details: { inspectionId, jobId: job.id, created: job.created },
    });
    return { job_id: job.id, created: job.created };
  });
}
