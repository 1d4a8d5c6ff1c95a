import { type AiModel, aiReadyForTraining } from '@linewalker/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { Actor, UserActor } from '../../platform/auth/actor.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import type { Deps } from '../../platform/deps.types.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import * as repo from './ai.repository.ts';
import { getModel, isTraining, requireModel } from './ai.service.ts';
import type { HeadWeights, ScoredBox } from './detector/detector.ts';
import { DETECTOR_MODULE, detectorThreads } from './detector/threads.ts';
import { aiTrainingJob } from './training.job.ts';

/** 'Launch Training Now': only at ≥ 100 marked-up images and not while a run is on. */
export async function startTraining(deps: Deps, actor: UserActor, id: number): Promise<AiModel> {
  const db = deps.database.db;
  await requireModel(db, actor, 'ai.manage', id);
  await withTransaction(db, async (tx) => {
    const model = await repo.findModel(tx, id, true);
    if (!model) return;
    if (isTraining(model)) throw conflict('The model is training already', 'training_in_progress');
    if (!aiReadyForTraining(model.imgs_ready)) {
      throw conflict(
        `Training needs at least 100 marked-up images (this model has ${model.imgs_ready})`,
        'not_ready_for_training',
      );
    }
    const job = await enqueue(tx, aiTrainingJob, { modelId: id }, { actor, dedupeKey: `ai-model:${id}` });
    await repo.startTraining(tx, id, job.id);
    await writeAudit(tx, actor, {
      action: 'ai.training.start',
      objectType: 'ai_model',
      objectId: id,
      details: { jobId: job.id, images: model.imgs_ready },
    });
  });
  return getModel(deps, actor, id);
}

/** Cancels the run in progress (the job stops at its next progress write); nothing to cancel is 409. */
export async function cancelTraining(deps: Deps, actor: UserActor, id: number): Promise<AiModel> {
  const db = deps.database.db;
  await requireModel(db, actor, 'ai.manage', id);
  await withTransaction(db, async (tx) => {
    const model = await repo.findModel(tx, id, true);
    if (!model || !isTraining(model)) throw conflict('The model is not training', 'conflict');
    await repo.endTraining(tx, id);
    await writeAudit(tx, actor, { action: 'ai.training.cancel', objectType: 'ai_model', objectId: id });
  });
  return getModel(deps, actor, id);
}

/**
 * The newest version's parsed weights, by weights key (each trained version writes a new key, so a new
 * version is a miss): the detect call reads and parses them once, not on every call.
 */
const lastWeights = new WeakMap<object, { key: string; weights: Promise<HeadWeights> }>();
function versionWeights(deps: Deps, key: string): Promise<HeadWeights> {
  // Per storage: another server's (a test's) storage may hold other weights under the same key.
  const last = lastWeights.get(deps.storage);
  if (last?.key === key) return last.weights;
  const weights = deps.storage.readWhole(key).then((b) => JSON.parse(b.toString('utf8')) as HeadWeights);
  // A failed read is not kept.
  weights.catch(() => {
    if (lastWeights.get(deps.storage)?.weights === weights) lastWeights.delete(deps.storage);
  });
  lastWeights.set(deps.storage, { key, weights });
  return weights;
}

/** The most bytes the detect call takes. */
export const DETECT_MAX_BYTES = 40 * 1024 * 1024;

/** Boxes the newest trained version finds in one image (its pixels), at the version's threshold. */
export async function detect(
  deps: Deps,
  actor: Actor,
  id: number,
  bytes: Buffer,
): Promise<{ boxes: Array<Omit<ScoredBox, never>> }> {
  const db = deps.database.db;
  await requireModel(db, actor, 'ai.read', id);
  const version = (await repo.latestVersions(db, [id])).get(id);
  if (!version) throw conflict('The model has no trained version yet', 'model_not_trained');
  const weights = await versionWeights(deps, version.weights_key);
  try {
    const out = await detectorThreads().run<{ boxes: ScoredBox[] }>(
      DETECTOR_MODULE,
      'detect',
      new Uint8Array(bytes),
      weights,
      version.threshold,
      version.weights_key,
    );
    return {
      boxes: out.boxes.map((b) => ({
        left: Math.round(b.left),
        top: Math.round(b.top),
        width: Math.round(b.width),
        height: Math.round(b.height),
        score: Math.round(b.score * 1000) / 1000,
      })),
    };
  } catch {
    throw badRequest('The body is not a readable JPEG or PNG image', 'unsupported_file');
  }
}
