import { eq } from 'drizzle-orm';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiMarkups, aiModels, aiModelVersions, components, images } from '../../platform/db/schema/index.ts';
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

  it('accepts a markup into an annotation once; dismisses another; a reviewed one answers 409', async () => {
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
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const annotation = answers.find((r) => r.statusCode === 200)!.json().annotation;
    expect(annotation).toMatchObject({
      image_id: photoIds[1],
      rectangle: { x: 10, y: 20, width: 40, height: 30 },
      risk_level: 4,
      category: componentId,
      note: 'found by AI',
    });
    const bad = await api('POST', `/ai/markups/${b}/accept`, inspector, { category: 999_999, risk_level: 3 });
    expect(bad.statusCode).toBe(400);
    expect((await api('POST', `/ai/markups/${b}/dismiss`, inspector)).statusCode).toBe(200);
    expect((await api('POST', `/ai/markups/${b}/dismiss`, inspector)).statusCode).toBe(409);
    expect((await api('POST', `/ai/markups/${c}/dismiss`, user)).statusCode).toBe(403);
    const listed = (await api('GET', `/ai/markups?imageId=${photoIds[1]}`, inspector)).json().markups;
    const byId = new Map(listed.map((m: { id: number }) => [m.id, m]));
    expect(byId.get(a)).toMatchObject({ status: 'accepted', annotation_id: annotation.id });
    expect(byId.get(b)).toMatchObject({ status: 'dismissed', annotation_id: null });
    expect(byId.get(c)).toMatchObject({ status: 'open' });

    // A new run replaces only the open markups: the reviewed ones stay.
    await api('POST', `/ai/model/${modelId}/runOnProject`, pm, { projectId, onlyUnreviewed: false });
    await runDueJobs(ctx.app.deps);
    const after = (await api('GET', `/ai/markups?imageId=${photoIds[1]}`, inspector)).json().markups;
    expect(after.map((m: { id: number }) => m.id)).toEqual(expect.arrayContaining([a, b]));
    expect(after.map((m: { id: number }) => m.id)).not.toContain(c);
  }, 120_000);
});
