import { and, eq } from 'drizzle-orm';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aiImages,
  aiMarkups,
  aiModelImages,
  aiPatches,
  components,
  images,
} from '../../platform/db/schema/index.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import {
  createLine,
  createPlacedImage,
  createProject,
  createStructures,
} from '../../testing/projectFactories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import * as repo from './ai.repository.ts';
import { syntheticImage } from './detector/syntheticSet.ts';
import { trainingSet } from './training.job.ts';

let ctx: TestContext;
let pm: Record<string, string>;
let inspector: Record<string, string>;
let user: Record<string, string>;
let customer: Record<string, string>;
let photoIds: number[];
let modelId: number;
let otherModelId: number;
let componentId: number;
const SIZE = { width: 0, height: 0 };

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

const patchCount = async () =>
  (await ctx.database.db.select({ id: aiPatches.id }).from(aiPatches).where(eq(aiPatches.modelId, modelId)))
    .length;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  pm = bearer(await loginToken(ctx.app, await createUser(db, 'project_manager')));
  inspector = bearer(await loginToken(ctx.app, await createUser(db, 'inspector')));
  user = bearer(await loginToken(ctx.app, await createUser(db, 'user')));
  const companyId = await createCompany(db, 'AI Patch Utility');
  customer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));
  const projectId = await createProject(db, companyId, { projectName: 'AI Patch Project' });
  const lineId = await createLine(db, companyId, projectId, 'AI Patch Line');
  const { structureIds } = await createStructures(db, projectId, lineId, 1, { prefix: 'AIP-' });
  photoIds = [];
  for (let i = 0; i < 3; i++) {
    const id = await createPlacedImage(db, projectId, structureIds[0]!);
    const s = await syntheticImage(9100 + i);
    const [row] = await db.select({ key: images.storageKey }).from(images).where(eq(images.id, id));
    await ctx.app.deps.storage.write(row!.key, s.bytes, 'image/jpeg');
    await db.update(images).set({ width: s.width, height: s.height }).where(eq(images.id, id));
    SIZE.width = s.width;
    SIZE.height = s.height;
    photoIds.push(id);
  }
  const create = async (className: string) =>
    (await api('POST', '/ai/model', pm, { className, holdback_pct: 0 })).json().model_id as number;
  modelId = await create(`Viewer Patch Discs ${process.pid}`);
  otherModelId = await create(`Viewer Patch Other ${process.pid}`);
  const [component] = await db
    .insert(components)
    .values({ displayText: 'AI Patch Insulator' })
    .returning({ id: components.id });
  componentId = component!.id;
}, 120_000);
afterAll(() => ctx.close());

describe('Insert AI patch from the viewer (POST /annotations with model_id)', () => {
  it('saves a rectangle with no component as a training patch of the model on the photo', async () => {
    const before = await api('GET', `/ai/markups?imageId=${photoIds[0]}`, inspector);
    expect(before.json()).toMatchObject({ markups: [], img_id: null, patches: [] });

    const res = await api('POST', '/annotations', inspector, {
      image_id: photoIds[0],
      rectangle: { x: 10, y: 20, width: 40, height: 30 },
      model_id: modelId,
      text: 'a disc',
      image_width: SIZE.width,
      image_height: SIZE.height,
    });
    expect(res.statusCode, res.body).toBe(200);
    const patch = res.json().patch;
    expect(res.json().annotation).toBeUndefined();
    expect(patch).toMatchObject({
      model_id: modelId,
      left: 10,
      top: 20,
      width: 40,
      height: 30,
      polygon: null,
      note: 'a disc',
      created_by_name: expect.any(String),
    });

    // The photo's AI view lists it; its annotations do not (no component, no risk).
    const after = (await api('GET', `/ai/markups?imageId=${photoIds[0]}`, inspector)).json();
    expect(after.img_id).toEqual(expect.any(Number));
    expect(after.patches.map((p: { id: number }) => p.id)).toEqual([patch.id]);
    const annotations = await api('GET', `/inspections/getImageAnnotations/${photoIds[0]}`, inspector);
    expect(annotations.json()).toEqual([]);

    // The photo is one of the model's marked-up images with the patch: a training image and patch.
    const model = (await api('GET', `/ai/model/${modelId}`, pm)).json();
    expect(model).toMatchObject({ imgs_total: 1, imgs_ready_for_training: 1 });
    const listed = (await api('GET', `/ai/model/${modelId}/images`, pm)).json().images;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ image_id: after.img_id, marked_up: true, img_width: SIZE.width });
    expect(listed[0].patches.map((p: { id: number }) => p.id)).toEqual([patch.id]);
    const set = await trainingSet(ctx.app.deps, (await repo.findModel(ctx.database.db, modelId))!);
    expect(set.map((i) => ({ id: i.id, boxes: i.boxes }))).toEqual([
      { id: after.img_id, boxes: [{ left: 10, top: 20, width: 40, height: 30 }] },
    ]);
  });

  it('saves a polygon with its bounding box; another model’s patches stay that model’s', async () => {
    const res = await api('POST', '/annotations', pm, {
      image_id: photoIds[1],
      polygon: [
        [5, 5],
        [45, 8],
        [30, 50],
      ],
      model_id: otherModelId,
      image_width: SIZE.width,
      image_height: SIZE.height,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().patch).toMatchObject({
      model_id: otherModelId,
      left: 5,
      top: 5,
      width: 40,
      height: 45,
      polygon: [
        [5, 5],
        [45, 8],
        [30, 50],
      ],
    });
    expect((await api('GET', `/ai/model/${modelId}`, pm)).json().imgs_total).toBe(1);
    expect((await api('GET', `/ai/model/${otherModelId}`, pm)).json().imgs_total).toBe(1);
  });

  it('refuses an unknown model, a patch outside the photo, users and customers; nothing is written', async () => {
    const body = {
      image_id: photoIds[2],
      rectangle: { x: 10, y: 10, width: 20, height: 20 },
      model_id: modelId,
      image_width: SIZE.width,
      image_height: SIZE.height,
    };
    const count = await patchCount();
    const unknown = await api('POST', '/annotations', inspector, { ...body, model_id: 999_999 });
    expect(unknown.statusCode).toBe(404);
    // Inside the size the client claims, outside the photo's stored pixels.
    const outside = await api('POST', '/annotations', inspector, {
      ...body,
      rectangle: { x: SIZE.width - 5, y: 10, width: 20, height: 20 },
      image_width: SIZE.width + 100,
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().code).toBe('patch_outside_image');
    const beyond = await api('POST', '/annotations', inspector, {
      ...body,
      rectangle: { x: 10, y: 10, width: SIZE.width + 50, height: 20 },
    });
    expect(beyond.statusCode).toBe(400);
    const ett = await api('POST', '/annotations', inspector, {
      ...body,
      ettAnnoEvalCodeId: 1,
      ettKnuckleFlatPosId: 1,
    });
    expect(ett.statusCode).toBe(400);
    expect((await api('POST', '/annotations', user, body)).statusCode).toBe(403);
    expect((await api('POST', '/annotations', customer, body)).statusCode).toBe(403);
    expect((await api('POST', '/annotations', inspector, { ...body, image_id: 999_999 })).statusCode).toBe(
      404,
    );
    expect(await patchCount()).toBe(count);
    // A plain annotation still needs its component.
    const plain = await api('POST', '/annotations', inspector, { ...body, model_id: undefined });
    expect(plain.statusCode).toBe(400);
    const annotated = await api('POST', '/annotations', inspector, {
      ...body,
      model_id: undefined,
      category: componentId,
    });
    expect(annotated.statusCode).toBe(200);
    expect(annotated.json().annotation.id).toEqual(expect.any(Number));
  });

  it('Delete AI patch: those who may inspect; users and customers refused; gone once', async () => {
    const res = await api('POST', '/annotations', inspector, {
      image_id: photoIds[2],
      rectangle: { x: 30, y: 30, width: 20, height: 20 },
      model_id: modelId,
      image_width: SIZE.width,
      image_height: SIZE.height,
    });
    const id = res.json().patch.id as number;
    expect((await api('POST', `/ai/deletePatch/${id}`, user)).statusCode).toBe(403);
    expect((await api('POST', `/ai/deletePatch/${id}`, customer)).statusCode).toBe(403);
    expect((await api('POST', `/ai/deletePatch/${id}`, inspector)).statusCode).toBe(200);
    expect((await api('POST', `/ai/deletePatch/${id}`, inspector)).statusCode).toBe(404);
    const view = (await api('GET', `/ai/markups?imageId=${photoIds[2]}`, inspector)).json();
    expect(view.patches).toEqual([]);
  });

  it('two reviewers drawing on one photo for one model at once both save, on one training image', async () => {
    const draw = (x: number) =>
      api('POST', '/annotations', inspector, {
        image_id: photoIds[1],
        rectangle: { x, y: 60, width: 20, height: 20 },
        model_id: modelId,
        image_width: SIZE.width,
        image_height: SIZE.height,
      });
    const answers = await Promise.all([draw(10), draw(50)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const view = (await api('GET', `/ai/markups?imageId=${photoIds[1]}`, inspector)).json();
    expect(view.patches.filter((p: { model_id: number }) => p.model_id === modelId)).toHaveLength(2);
  });
});

describe('negative examples in training', () => {
  it("trains on 'nothing to find here' images and dismissed markups as negatives", async () => {
    const db = ctx.database.db;
    const id = (
      await api('POST', '/ai/model', pm, { className: `Negatives ${process.pid}`, holdback_pct: 0 })
    ).json().model_id as number;
    // An uploaded image marked 'nothing to find here' on the model page's markup flow.
    const s = await syntheticImage(9200);
    await ctx.app.deps.storage.write('ai/test/negative.jpg', s.bytes, 'image/jpeg');
    const [uploaded] = await db
      .insert(aiImages)
      .values({
        md5: `neg-${process.pid}`,
        imageName: 'negative.jpg',
        storageKey: 'ai/test/negative.jpg',
        imgWidth: s.width,
        imgHeight: s.height,
      })
      .returning({ id: aiImages.id });
    await db.insert(aiModelImages).values({ modelId: id, aiImageId: uploaded!.id });
    // An uploaded image nobody marked up yet: not in the set.
    await ctx.app.deps.storage.write('ai/test/unmarked.jpg', s.bytes, 'image/jpeg');
    const [unmarked] = await db
      .insert(aiImages)
      .values({
        md5: `unmarked-${process.pid}`,
        imageName: 'unmarked.jpg',
        storageKey: 'ai/test/unmarked.jpg',
      })
      .returning({ id: aiImages.id });
    await db.insert(aiModelImages).values({ modelId: id, aiImageId: unmarked!.id });
    const marked = await api('POST', `/ai/model/${id}/images/${uploaded!.id}/nothingToFind`, inspector, {
      nothing_to_find: true,
    });
    expect(marked.statusCode, marked.body).toBe(200);

    // A markup the model made on a photo, dismissed by a reviewer.
    const [markup] = await db
      .insert(aiMarkups)
      .values({
        modelId: id,
        version: 1,
        imageId: photoIds[0]!,
        left: 12,
        top: 14,
        width: 30,
        height: 25,
        score: 0.9,
      })
      .returning({ id: aiMarkups.id });
    expect((await api('POST', `/ai/markups/${markup!.id}/dismiss`, inspector)).statusCode).toBe(200);

    const model = (await api('GET', `/ai/model/${id}`, pm)).json();
    expect(model).toMatchObject({ imgs_total: 3, imgs_ready_for_training: 2 });
    const set = await trainingSet(ctx.app.deps, (await repo.findModel(db, id))!);
    const photoImage = (await api('GET', `/ai/markups?imageId=${photoIds[0]}`, inspector)).json().img_id;
    expect(set.map((i) => ({ id: i.id, boxes: i.boxes, negatives: i.negatives }))).toEqual(
      [
        { id: uploaded!.id, boxes: [], negatives: [] },
        { id: photoImage, boxes: [], negatives: [{ left: 12, top: 14, width: 30, height: 25 }] },
      ].sort((a, b) => a.id - b.id),
    );
    expect(set.every((i) => i.bytes.length > 0 && i.validation === false)).toBe(true);
    expect(set.some((i) => i.id === unmarked!.id)).toBe(false);

    // Unmarking takes the image out again.
    await api('POST', `/ai/model/${id}/images/${uploaded!.id}/nothingToFind`, inspector, {
      nothing_to_find: false,
    });
    const again = await trainingSet(ctx.app.deps, (await repo.findModel(db, id))!);
    expect(again.map((i) => i.id)).toEqual([photoImage]);
    const left = await db
      .select({ n: aiModelImages.nothingToFind })
      .from(aiModelImages)
      .where(and(eq(aiModelImages.modelId, id), eq(aiModelImages.aiImageId, uploaded!.id)));
    expect(left).toEqual([{ n: false }]);
  });
});
