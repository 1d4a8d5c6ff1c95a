import { AI_MIN_TRAINING_IMAGES } from '@linewalker/domain';
import { eq } from 'drizzle-orm';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiImages, aiModelImages, aiModels, aiPatches, jobs } from '../../platform/db/schema/index.ts';
import { bearer, createUser, loginToken } from '../../testing/factories.ts';
import { runDueJobs } from '../../testing/jobs.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { syntheticImage } from './detector/syntheticSet.ts';
import { isHeldBack } from './training.job.ts';

let ctx: TestContext;
let pm: Record<string, string>;
let inspector: Record<string, string>;
let sequence = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  pm = bearer(await loginToken(ctx.app, await createUser(ctx.database.db, 'project_manager')));
  inspector = bearer(await loginToken(ctx.app, await createUser(ctx.database.db, 'inspector')));
});
afterAll(() => ctx.close());

const api = (
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
): Promise<LightMyRequestResponse> =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function newModel(): Promise<number> {
  const res = await api('POST', '/ai/model', pm, {
    className: `Train ${process.pid} ${++sequence}`,
    holdback_pct: 20,
  });
  return res.json().model_id;
}

/** `count` generated images stored and marked up for the model (their objects as patches, or none to find). */
async function markedUpImages(modelId: number, count: number, firstSeed: number): Promise<void> {
  const db = ctx.database.db;
  for (let i = 0; i < count; i++) {
    const s = await syntheticImage(firstSeed + i);
    const key = `ai/test/${modelId}/${i}.jpg`;
    await ctx.app.deps.storage.write(key, s.bytes, 'image/jpeg');
    const [image] = await db
      .insert(aiImages)
      .values({
        md5: `t-${modelId}-${i}`,
        imageName: `${i}.jpg`,
        storageKey: key,
        imgWidth: s.width,
        imgHeight: s.height,
      })
      .returning({ id: aiImages.id });
    await db
      .insert(aiModelImages)
      .values({ modelId, aiImageId: image!.id, nothingToFind: s.boxes.length === 0 });
    if (s.boxes.length > 0) {
      await db.insert(aiPatches).values(s.boxes.map((b) => ({ modelId, aiImageId: image!.id, ...b })));
    }
  }
}

describe('training', () => {
  it('keeps an image on its side of the hold-back split, about the share asked for', () => {
    const held = Array.from({ length: 2000 }, (_, i) => isHeldBack(42, i + 1, 15)).filter(Boolean).length;
    expect(held).toBeGreaterThan(220);
    expect(held).toBeLessThan(380);
    expect(isHeldBack(42, 7, 15)).toBe(isHeldBack(42, 7, 15));
    expect(Array.from({ length: 100 }, (_, i) => isHeldBack(1, i, 0)).some(Boolean)).toBe(false);
  });

  it('is refused below 100 marked-up images and to inspectors; detect needs a trained version', async () => {
    const id = await newModel();
    await markedUpImages(id, 2, 500);
    const early = await api('POST', `/ai/startTraining/${id}`, pm);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('not_ready_for_training');
    expect((await api('POST', `/ai/startTraining/${id}`, inspector)).statusCode).toBe(403);
    const detect = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/ai/model/${id}/detect`,
      headers: { ...inspector, 'content-type': 'image/jpeg' },
      payload: (await syntheticImage(1)).bytes,
    });
    expect(detect.statusCode).toBe(409);
    expect(detect.json().code).toBe('model_not_trained');
  });

  // One real training run (100 generated images through the frozen trunk, ~30 s of one core).
  it('trains a version with held-back metrics, then detects; cancelled and failed runs never leave it Training', async () => {
    const id = await newModel();
    // The split (and the head's initial weights) are drawn from the model's random seed; pinned here so the
    // quality bars below judge one reproducible run, not the luck of a 20-image draw (one seed in many
    // scored precision 0.44). The detector's own quality is pinned the same way in detector.test.ts.
    await ctx.database.db.update(aiModels).set({ splitSeed: 20_261_129 }).where(eq(aiModels.id, id));
    await markedUpImages(id, AI_MIN_TRAINING_IMAGES, 2000);
    expect((await api('GET', `/ai/model/${id}`, pm)).json().state).toBe('Ready to Train');

    // Cancelled before it ran: the job finds nothing to do.
    expect((await api('POST', `/ai/startTraining/${id}`, pm)).json().state).toBe('Training');
    expect((await api('POST', `/ai/startTraining/${id}`, pm)).json().code).toBe('training_in_progress');
    expect((await api('POST', `/ai/model/${id}/cancelTraining`, pm)).json()).toMatchObject({
      state: 'Ready to Train',
      userinitatedstarttrainingdate: null,
    });
    await runDueJobs(ctx.app.deps);
    expect((await api('GET', `/ai/model/${id}`, pm)).json().latest_version).toBeNull();

    // A job that failed for good (its worker killed on every attempt) does not leave the model Training.
    const started = (await api('POST', `/ai/startTraining/${id}`, pm)).json();
    expect(started.state).toBe('Training');
    await ctx.database.db.update(jobs).set({ state: 'failed', attempts: 2 }).where(eq(jobs.name, 'ai.train'));
    expect((await api('GET', `/ai/model/${id}`, pm)).json().state).toBe('Ready to Train');

    // A real run.
    expect((await api('POST', `/ai/startTraining/${id}`, pm)).statusCode).toBe(200);
    await runDueJobs(ctx.app.deps);
    const model = (await api('GET', `/ai/model/${id}`, pm)).json();
    expect(model.state).toBe('Trained');
    expect(model.currentstep).toBe(model.totalstepcount);
    const v = model.latest_version;
    expect(v).toMatchObject({
      version: 1,
      train_images: expect.any(Number),
      validation_images: expect.any(Number),
    });
    expect(v.train_images + v.validation_images).toBe(AI_MIN_TRAINING_IMAGES);
    expect(v.validation_images).toBeGreaterThan(5);
    expect(v.pr_curve.length).toBeGreaterThan(5);
    expect(v.precision).toBeGreaterThanOrEqual(0.5);
    expect(v.recall).toBeGreaterThanOrEqual(0.5);

    // Detect on an image with objects: boxes in its pixels.
    const probe = await syntheticImage(1_000_003);
    const detect = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/ai/model/${id}/detect`,
      headers: { ...inspector, 'content-type': 'image/jpeg' },
      payload: probe.bytes,
    });
    expect(detect.statusCode, detect.body).toBe(200);
    for (const b of detect.json().boxes) {
      expect(b.left).toBeGreaterThanOrEqual(0);
      expect(b.left + b.width).toBeLessThanOrEqual(probe.width + 1);
      expect(b.score).toBeGreaterThanOrEqual(v.threshold);
    }
    const notImage = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/ai/model/${id}/detect`,
      headers: { ...inspector, 'content-type': 'image/png' },
      payload: Buffer.from('not a png'),
    });
    expect(notImage.statusCode).toBe(400);
    const text = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/ai/model/${id}/detect`,
      headers: { ...inspector, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().code).toBe('unsupported_file');
  }, 400_000);
});
