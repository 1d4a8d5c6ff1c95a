import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiMarkups, aiModels, aiModelVersions, images } from '../../platform/db/schema/index.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { runDueJobs } from '../../testing/jobs.ts';
import {
  createLine,
  createPlacedImage,
  createProject,
  createStructures,
} from '../../testing/projectFactories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import type { ScoredBox } from './detector/detector.ts';
import { syntheticImage } from './detector/syntheticSet.ts';
import { DETECTOR_THREADS } from './detector/threads.ts';
import { detect, train } from './detector/train.task.ts';

const PHOTOS = 8;
const THRESHOLD = 0.05;
let ctx: TestContext;
let pm: Record<string, string>;
let projectId: number;
let modelId: number;
const photos: { id: number; bytes: Buffer }[] = [];
let weights: Awaited<ReturnType<typeof train>>['weights'];

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  pm = bearer(await loginToken(ctx.app, await createUser(db, 'project_manager')));
  const companyId = await createCompany(db, 'AI Run Utility');
  projectId = await createProject(db, companyId, { projectName: 'AI Run Project' });
  const lineId = await createLine(db, companyId, projectId, 'AI Run Line');
  const { structureIds } = await createStructures(db, projectId, lineId, 1, { prefix: 'AIR-' });
  for (let i = 0; i < PHOTOS; i++) {
    const id = await createPlacedImage(db, projectId, structureIds[0]!);
    const s = await syntheticImage(9100 + i);
    const [row] = await db.select({ key: images.storageKey }).from(images).where(eq(images.id, id));
    await ctx.app.deps.storage.write(row!.key, s.bytes, 'image/jpeg');
    photos.push({ id, bytes: s.bytes });
  }
  const [model] = await db
    .insert(aiModels)
    .values({ modelClassName: 'Run Test Discs', modelHoldbackpercentage: 10 })
    .returning({ id: aiModels.id });
  modelId = model!.id;
  const set = await Promise.all(
    Array.from({ length: 8 }, async (_, i) => {
      const s = await syntheticImage(8000 + i);
      return { bytes: new Uint8Array(s.bytes), boxes: s.boxes, validation: i >= 6 };
    }),
  );
  const out = await train({ images: set, epochs: 3, seed: 3, threshold: 0.5 }, () => {});
  weights = out.weights;
  const key = `ai/models/${modelId}/v1-run-test.json`;
  await ctx.app.deps.storage.write(key, Buffer.from(JSON.stringify(out.weights)), 'application/json');
  await db.insert(aiModelVersions).values({
    modelId,
    version: 1,
    trainImages: out.trainImages,
    validationImages: out.validationImages,
    precision: out.metrics.precision,
    recall: out.metrics.recall,
    ap50: out.metrics.ap50,
    // Low, so that this briefly trained head marks something on most photos.
    threshold: THRESHOLD,
    confusion: out.metrics.confusion,
    prCurve: out.metrics.pr_curve,
    weightsKey: key,
  });
}, 240_000);
afterAll(() => ctx.close());

const stored = async (imageId: number) =>
  (
    await ctx.database.db
      .select({
        left: aiMarkups.left,
        top: aiMarkups.top,
        width: aiMarkups.width,
        height: aiMarkups.height,
        score: aiMarkups.score,
      })
      .from(aiMarkups)
      .where(eq(aiMarkups.imageId, imageId))
  ).sort((a, b) => b.score - a.score || a.left - b.left);

const rounded = (boxes: readonly ScoredBox[]) =>
  boxes.map((b) => [b.left, b.top, b.width, b.height, b.score].map((v) => Math.round(v * 1e4) / 1e4));

async function runOnce() {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/ai/model/${modelId}/runOnProject`,
    headers: pm,
    payload: { projectId, onlyUnreviewed: false },
  });
  expect(res.statusCode, res.body).toBe(200);
  await runDueJobs(ctx.app.deps);
  const job = await ctx.app.inject({ method: 'GET', url: `/api/v1/jobs/${res.json().job_id}`, headers: pm });
  return job.json();
}

describe('Run on project', () => {
  it('spreads the photos over the detector threads and finds what one thread finds, again on a second run', async () => {
    expect(DETECTOR_THREADS).toBeGreaterThanOrEqual(2);
    const job = await runOnce();
    expect(job.state).toBe('succeeded');
    expect(job.result).toMatchObject({ photos: PHOTOS, version: 1 });
    // An observable fact: the ids of the threads that answered (not timing).
    expect(job.result.threads).toBeGreaterThanOrEqual(2);
    expect(job.progress).toEqual({ done: PHOTOS, total: PHOTOS });

    // The same photos, one after the other in this test's own thread.
    let total = 0;
    const single = new Map<number, ReturnType<typeof rounded>>();
    for (const photo of photos) {
      const out = await detect(new Uint8Array(photo.bytes), weights, THRESHOLD);
      const sorted = [...out.boxes].sort((a, b) => b.score - a.score || a.left - b.left);
      single.set(photo.id, rounded(sorted));
      total += out.boxes.length;
    }
    expect(total).toBeGreaterThan(0);
    expect(job.result.markups).toBe(total);
    for (const photo of photos) expect(rounded(await stored(photo.id))).toEqual(single.get(photo.id));

    // Idempotent: a second run leaves the same open markups, none doubled.
    const again = await runOnce();
    expect(again.result).toMatchObject({ photos: PHOTOS, markups: total });
    for (const photo of photos) expect(rounded(await stored(photo.id))).toEqual(single.get(photo.id));
  }, 240_000);
});
