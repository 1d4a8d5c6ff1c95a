import { eq } from 'drizzle-orm';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aiImages,
  aiMarkups,
  aiModels,
  aiModelVersions,
  aiPatches,
  components,
  images,
} from '../../platform/db/schema/index.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { runDueJobs } from '../../testing/jobs.ts';
import {
  createLine,
  createPlacedImage,
  createProject,
  createStructures,
} from '../../testing/projectFactories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { syntheticImage } from './detector/syntheticSet.ts';
import { train } from './detector/train.task.ts';

let ctx: TestContext;
let pm: Record<string, string>;
let inspector: Record<string, string>;
let user: Record<string, string>;
let customer: Record<string, string>;
let projectId: number;
let photoIds: number[];
let modelId: number;
let componentId: number;

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

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  pm = bearer(await loginToken(ctx.app, await createUser(db, 'project_manager')));
  inspector = bearer(await loginToken(ctx.app, await createUser(db, 'inspector')));
  user = bearer(await loginToken(ctx.app, await createUser(db, 'user')));
  const companyId = await createCompany(db, 'AI Markup Utility');
  customer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));
  projectId = await createProject(db, companyId, { projectName: 'AI Markup Project' });
  const lineId = await createLine(db, companyId, projectId, 'AI Line');
  const { structureIds } = await createStructures(db, projectId, lineId, 1, { prefix: 'AIM-' });
  // Three photos with generated objects stored as their originals; the third rejected.
  photoIds = [];
  for (let i = 0; i < 3; i++) {
    const id = await createPlacedImage(db, projectId, structureIds[0]!, {
      ...(i === 2 ? { rejected: { at: new Date(), reason: 'blurry' } } : {}),
    });
    const s = await syntheticImage(7000 + i);
    const [row] = await db.select({ key: images.storageKey }).from(images).where(eq(images.id, id));
    await ctx.app.deps.storage.write(row!.key, s.bytes, 'image/jpeg');
    await db.update(images).set({ width: s.width, height: s.height }).where(eq(images.id, id));
    photoIds.push(id);
  }
  // A model with a quickly trained version (a few generated images: this file tests the plumbing).
  const [model] = await db
    .insert(aiModels)
    .values({ modelClassName: 'Markup Test Discs', modelHoldbackpercentage: 10 })
    .returning({ id: aiModels.id });
  modelId = model!.id;
  const set = await Promise.all(
    Array.from({ length: 8 }, async (_, i) => {
      const s = await syntheticImage(8000 + i);
      return { bytes: new Uint8Array(s.bytes), boxes: s.boxes, validation: i >= 6 };
    }),
  );
  const out = await train({ images: set, epochs: 3, seed: 3, threshold: 0.5 }, () => {});
  const key = `ai/models/${modelId}/v1-test.json`;
  await ctx.app.deps.storage.write(key, Buffer.from(JSON.stringify(out.weights)), 'application/json');
  await db.insert(aiModelVersions).values({
    modelId,
    version: 1,
    trainImages: out.trainImages,
    validationImages: out.validationImages,
    precision: out.metrics.precision,
    recall: out.metrics.recall,
    ap50: out.metrics.ap50,
    // A low threshold so that even this barely trained head marks something.
    threshold: 0.05,
    confusion: out.metrics.confusion,
    prCurve: out.metrics.pr_curve,
    weightsKey: key,
  });
  const [component] = await db
    .insert(components)
    .values({ displayText: 'AI Test Insulator' })
    .returning({ id: components.id });
  componentId = component!.id;
}, 180_000);
afterAll(() => ctx.close());

describe('AI markups', () => {
  it('runs the model over the project’s photos (rejected ones skipped) and lists its markups', async () => {
    expect(
      (await api('POST', `/ai/model/${modelId}/runOnProject`, inspector, { projectId })).statusCode,
    ).toBe(403);
    const res = await api('POST', `/ai/model/${modelId}/runOnProject`, pm, {
      projectId,
      onlyUnreviewed: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    await runDueJobs(ctx.app.deps);
    const job = (await api('GET', `/jobs/${res.json().job_id}`, pm)).json();
    expect(job.state).toBe('succeeded');
    expect(job.result).toMatchObject({ photos: 2, version: 1 });
    const rejected = (await api('GET', `/ai/markups?imageId=${photoIds[2]}`, inspector)).json();
    expect(rejected.markups).toEqual([]);
    expect((await api('GET', `/ai/markups?imageId=${photoIds[0]}`, user)).statusCode).toBe(403);
    const first = (await api('GET', `/ai/markups?imageId=${photoIds[0]}`, inspector)).json();
    for (const m of first.markups) {
      expect(m).toMatchObject({
        model_id: modelId,
        model_class_name: 'Markup Test Discs',
        version: 1,
        status: 'open',
      });
      expect(m.score).toBeGreaterThanOrEqual(0.05);
    }
  }, 120_000);

  it('accepts a markup into one annotation (twice at once), dismisses another, feeds both back to the model', async () => {
    const db = ctx.database.db;
    const made = await db
      .insert(aiMarkups)
      .values(
        [0, 1, 2].map((i) => ({
          modelId,
          version: 1,
          imageId: photoIds[1]!,
          left: 10 + i * 50,
          top: 20,
          width: 40,
          height: 30,
          score: 0.9 - i / 10,
        })),
      )
      .returning({ id: aiMarkups.id });
    const [a, b, c] = made.map((m) => m.id);
    const accept = { category: componentId, risk_level: 4, text: 'found by AI' };
    const answers = await Promise.all([
      api('POST', `/ai/markups/${a}/accept`, inspector, accept),
      api('POST', `/ai/markups/${a}/accept`, pm, accept),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const [first, second] = answers.map((r) => r.json().annotation);
    expect(second.id).toBe(first.id);
    const annotation = first;
    expect(annotation).toMatchObject({
      image_id: photoIds[1],
      rectangle: { x: 10, y: 20, width: 40, height: 30 },
      risk_level: 4,
      category: componentId,
      note: 'found by AI',
    });
    const made1 = (await api('GET', `/inspections/getImageAnnotations/${photoIds[1]}`, inspector)).json();
    expect(JSON.stringify(made1).match(/found by AI/g)?.length).toBe(1);
    const bad = await api('POST', `/ai/markups/${b}/accept`, inspector, { category: 999_999, risk_level: 3 });
    expect(bad.statusCode).toBe(400);
    expect((await api('POST', `/ai/markups/${b}/dismiss`, inspector)).statusCode).toBe(200);
    // Dismissing again is no change; accepting a dismissed one, or dismissing an accepted one, is 409.
    expect((await api('POST', `/ai/markups/${b}/dismiss`, inspector)).statusCode).toBe(200);
    expect((await api('POST', `/ai/markups/${b}/accept`, inspector, accept)).json().code).toBe(
      'markup_reviewed',
    );
    expect((await api('POST', `/ai/markups/${a}/dismiss`, inspector)).statusCode).toBe(409);
    expect((await api('POST', `/ai/markups/${c}/dismiss`, user)).statusCode).toBe(403);
    expect((await api('POST', `/ai/markups/${c}/dismiss`, customer)).statusCode).toBe(403);
    expect((await api('POST', `/ai/markups/${c}/accept`, customer, accept)).statusCode).toBe(403);
    expect((await api('GET', `/ai/markups?imageId=${photoIds[1]}`, customer)).statusCode).toBe(403);
    expect((await api('POST', '/ai/markups/999999/accept', inspector, accept)).statusCode).toBe(404);
    const listed = (await api('GET', `/ai/markups?imageId=${photoIds[1]}`, inspector)).json().markups;
    const byId = new Map(listed.map((m: { id: number }) => [m.id, m]));
    expect(byId.get(a)).toMatchObject({ status: 'accepted', annotation_id: annotation.id });
    expect(byId.get(b)).toMatchObject({ status: 'dismissed', annotation_id: null });
    expect(byId.get(c)).toMatchObject({ status: 'open' });

    // Feedback: the photo is one of the model's training images, the accepted markup a positive patch,
    // the dismissed one a negative region; once each.
    const patches = await db.select().from(aiPatches).where(eq(aiPatches.modelId, modelId));
    const fed = patches.filter((p) => p.markupId === a || p.markupId === b);
    expect(fed.map((p) => [p.markupId, p.negative]).sort()).toEqual([
      [a, false],
      [b, true],
    ]);
    const [trainingImage] = await db.select().from(aiImages).where(eq(aiImages.sourceImageId, photoIds[1]!));
    expect(trainingImage).toBeDefined();
    expect(fed.every((p) => p.aiImageId === trainingImage!.id)).toBe(true);
    const modelImages = (await api('GET', `/ai/model/${modelId}/images`, pm)).json().images;
    const mine = modelImages.find((i: { image_id: number }) => i.image_id === trainingImage!.id);
    // The model's own listing shows the positive only (a negative region is no patch to draw).
    expect(mine.patches.map((p: { left: number }) => p.left)).toEqual([10]);

    // A new run replaces only the open markups: the reviewed ones stay.
    await api('POST', `/ai/model/${modelId}/runOnProject`, pm, { projectId, onlyUnreviewed: false });
    await runDueJobs(ctx.app.deps);
    const after = (await api('GET', `/ai/markups?imageId=${photoIds[1]}`, inspector)).json().markups;
    expect(after.map((m: { id: number }) => m.id)).toEqual(expect.arrayContaining([a, b]));
    expect(after.map((m: { id: number }) => m.id)).not.toContain(c);
  }, 120_000);

  it('accepts or dismisses every open markup above a score; the Inspect tab flags and filters by them', async () => {
    const db = ctx.database.db;
    await db.delete(aiMarkups).where(eq(aiMarkups.imageId, photoIds[0]!));
    const made = await db
      .insert(aiMarkups)
      .values(
        [0.95, 0.8, 0.6, 0.3].map((score, i) => ({
          modelId,
          version: 1,
          imageId: photoIds[0]!,
          left: 5 + i * 60,
          top: 5,
          width: 50,
          height: 50,
          score,
        })),
      )
      .returning({ id: aiMarkups.id });
    const list = async (q = '') =>
      (await api('GET', `/inspections/${projectId}?limit=100${q}`, inspector)).json() as {
        ai_markups?: number;
      }[];
    expect((await list())[0]!.ai_markups).toBeGreaterThanOrEqual(4);
    expect(await list('&aiMarkups=open')).toHaveLength(1);
    expect(
      (await api('GET', `/inspections/${projectId}?aiMarkups=open`, customer)).json()[0].ai_markups,
    ).toBe(undefined);
    // Accepting without a component is refused, nothing changed.
    const noComponent = await api('POST', '/ai/markups/reviewAll', inspector, {
      imageId: photoIds[0],
      minScore: 0.7,
      action: 'accept',
      risk_level: 3,
    });
    expect(noComponent.statusCode).toBe(400);
    const body = { imageId: photoIds[0], minScore: 0.7, modelId, category: componentId, risk_level: 3 };
    const [accepted, again] = await Promise.all([
      api('POST', '/ai/markups/reviewAll', inspector, { ...body, action: 'accept' }),
      api('POST', '/ai/markups/reviewAll', pm, { ...body, action: 'accept' }),
    ]);
    expect([accepted.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(accepted.json().reviewed + again.json().reviewed).toBe(2);
    expect(
      (await api('POST', '/ai/markups/reviewAll', customer, { ...body, action: 'dismiss' })).statusCode,
    ).toBe(403);
    const dismissed = await api('POST', '/ai/markups/reviewAll', inspector, {
      imageId: photoIds[0],
      minScore: 0.5,
      action: 'dismiss',
    });
    expect(dismissed.json()).toMatchObject({ reviewed: 1, annotations: [] });
    const statuses = (await api('GET', `/ai/markups?imageId=${photoIds[0]}`, inspector)).json().markups;
    const byId = new Map(statuses.map((m: { id: number; status: string }) => [m.id, m.status]));
    expect(made.map((m) => byId.get(m.id))).toEqual(['accepted', 'accepted', 'dismissed', 'open']);
    const fed = await db.select().from(aiPatches).where(eq(aiPatches.modelId, modelId));
    expect(fed.filter((p) => made.some((m) => m.id === p.markupId))).toHaveLength(3);
  }, 120_000);
});
