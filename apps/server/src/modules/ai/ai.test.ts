import { AI_MIN_TRAINING_IMAGES } from '@linewalker/domain';
import { eq } from 'drizzle-orm';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiImages, aiModelImages } from '../../platform/db/schema/index.ts';
import { pathOf } from '../../testing/csvUploads.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { claimingSize } from '../../testing/jpegBytes.ts';
import { md5Base64 } from '../../testing/photoUploads.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;
let pm: Record<string, string>;
let inspector: Record<string, string>;
let user: Record<string, string>;
let customer: Record<string, string>;
let sequence = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const companyId = await createCompany(db, 'AI Test Utility');
  pm = bearer(await loginToken(ctx.app, await createUser(db, 'project_manager')));
  inspector = bearer(await loginToken(ctx.app, await createUser(db, 'inspector')));
  user = bearer(await loginToken(ctx.app, await createUser(db, 'user')));
  customer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));
});
afterAll(() => ctx.close());

const api = (
  method: 'GET' | 'POST' | 'PUT',
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

async function newModel(name = `Cracked Insulator ${process.pid} ${++sequence}`): Promise<number> {
  const res = await api('POST', '/ai/model', pm, { className: name, description: 'notes', holdback_pct: 15 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().model_id;
}

/** A small JPEG of a colour (a different colour is a different image). */
const jpeg = (seed: number, width = 64, height = 48) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: seed % 256, g: (seed * 7) % 256, b: (seed * 13) % 256 },
    },
  })
    .jpeg()
    .toBuffer();

async function uploadImage(
  modelId: number,
  bytes: Buffer,
  opts: { md5?: string; headers?: Record<string, string> } = {},
) {
  const headers = opts.headers ?? inspector;
  const token = await api('GET', `/ai/upload_img_token/${modelId}`, headers);
  expect(token.statusCode, token.body).toBe(200);
  const { signedTokenUrl, imageUrl } = token.json();
  const put = await ctx.app.inject({
    method: 'PUT',
    url: pathOf(signedTokenUrl),
    payload: bytes,
    headers: { 'content-type': 'image/jpeg' },
  });
  expect(put.statusCode).toBe(200);
  return api('POST', `/ai/image_uploaded/${modelId}`, headers, {
    imageUrl,
    fileName: `img-${sequence}.jpg`,
    md5_hash: opts.md5 ?? md5Base64(bytes),
    img_width: 1,
    img_height: 1,
  });
}

describe('AI models', () => {
  it('creates a model and answers its id; names are unique in any case; holdback is 0–100', async () => {
    const id = await newModel('Bird Nest');
    const again = await api('POST', '/ai/model', pm, { className: 'bird NEST', holdback_pct: 10 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('model_name_taken');
    for (const holdback_pct of [-1, 101, 5.5]) {
      const bad = await api('POST', '/ai/model', pm, { className: `Holdback ${holdback_pct}`, holdback_pct });
      expect(bad.statusCode).toBe(400);
    }
    // A missing or non-numeric value gets the same plain message, not zod's 'received NaN'.
    for (const holdback_pct of [undefined, 'ten']) {
      const bad = await api('POST', '/ai/model', pm, { className: 'Holdback missing', holdback_pct });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('body.holdback_pct: Hold back percent is a number from 0 to 100');
    }
    expect((await api('POST', '/ai/model', pm, { className: 'Edge 0', holdback_pct: 0 })).statusCode).toBe(
      200,
    );
    expect(
      (await api('POST', '/ai/model', pm, { className: 'Edge 100', holdback_pct: 100 })).statusCode,
    ).toBe(200);

    const model = (await api('GET', `/ai/model/${id}`, inspector)).json();
    expect(model).toMatchObject({
      id,
      model_class_name: 'Bird Nest',
      model_holdbackpercentage: 15,
      model_notes: 'notes',
      imgs_total: 0,
      imgs_ready_for_training: 0,
      state: 'Waiting for Images',
      currentstep: 0,
      totalstepcount: 0,
      userinitatedstarttrainingdate: null,
      latest_version: null,
    });
    const list = (await api('GET', '/ai/models', inspector)).json();
    expect(list.map((m: { id: number }) => m.id)).toContain(id);
  });

  it('two creations of one name at once: one model, the other 409', async () => {
    const name = `Parallel ${process.pid}`;
    const answers = await Promise.all(
      [name, name.toUpperCase()].map((className) =>
        api('POST', '/ai/model', pm, { className, holdback_pct: 10 }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('edits the summary; a name another model has is refused', async () => {
    const id = await newModel();
    await newModel('Rusted Bolt');
    const res = await api('PUT', `/ai/model/${id}`, pm, {
      className: 'Rotten Crossarm',
      description: 'wood rot',
      holdback_pct: 20,
      model_class_id: 7,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      model_class_name: 'Rotten Crossarm',
      model_notes: 'wood rot',
      model_holdbackpercentage: 20,
      model_class_id: 7,
    });
    // Its own name in another case is fine.
    expect(
      (await api('PUT', `/ai/model/${id}`, pm, { className: 'ROTTEN crossarm', holdback_pct: 20 }))
        .statusCode,
    ).toBe(200);
    const taken = await api('PUT', `/ai/model/${id}`, pm, { className: 'rusted bolt', holdback_pct: 20 });
    expect(taken.statusCode).toBe(409);
    expect(
      (await api('PUT', '/ai/model/999999', pm, { className: 'Nope', holdback_pct: 20 })).statusCode,
    ).toBe(404);
  });

  it('inspectors mark up but may not create models; users and customers reach nothing', async () => {
    const id = await newModel();
    expect((await api('POST', '/ai/model', inspector, { className: 'X', holdback_pct: 10 })).statusCode).toBe(
      403,
    );
    expect(
      (await api('PUT', `/ai/model/${id}`, inspector, { className: 'X', holdback_pct: 10 })).statusCode,
    ).toBe(403);
    for (const h of [user, customer]) {
      expect((await api('GET', '/ai/models', h)).statusCode).toBe(403);
      expect((await api('GET', `/ai/model/${id}`, h)).statusCode).toBe(403);
      expect((await api('GET', `/ai/upload_img_token/${id}`, h)).statusCode).toBe(403);
    }
  });

  it('uploads an image once: the same id again, for another model too; md5 verified', async () => {
    const a = await newModel();
    const b = await newModel();
    const bytes = await jpeg(1000 + sequence, 80, 60);
    const first = await uploadImage(a, bytes);
    expect(first.statusCode, first.body).toBe(200);
    const imageId = first.json().image_id;
    expect((await uploadImage(a, bytes)).json().image_id).toBe(imageId);
    expect((await uploadImage(b, bytes)).json().image_id).toBe(imageId);
    const stored = await ctx.database.db.select().from(aiImages);
    expect(stored.filter((i) => i.id === imageId)).toHaveLength(1);
    expect(stored.find((i) => i.id === imageId)).toMatchObject({ imgWidth: 80, imgHeight: 60 });
    expect((await api('GET', `/ai/model/${a}`, pm)).json()).toMatchObject({
      imgs_total: 1,
      imgs_ready_for_training: 0,
      imgs_not_ready_for_training: 1,
      users_contibuting: 1,
      state: 'Waiting for Markup',
    });

    const other = await jpeg(2000 + sequence);
    const wrongMd5 = await uploadImage(a, other, { md5: md5Base64(Buffer.from('something else')) });
    expect(wrongMd5.statusCode).toBe(400);
    expect(wrongMd5.json().code).toBe('md5_mismatch');
    const text = Buffer.from('not an image at all');
    const notImage = await uploadImage(a, text);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().code).toBe('unsupported_file');
    expect((await api('GET', `/ai/model/${a}`, pm)).json().imgs_total).toBe(1);
  });

  it('reads only the header of an uploaded image, never the whole file into memory', async () => {
    // 8 MB of padding segments before the frame header (legal JPEG): the completion read it all into a buffer.
    const photo = await jpeg(++sequence, 320, 240);
    const pad = Buffer.alloc(65_537, 0x20);
    pad.writeUInt16BE(0xffef, 0);
    pad.writeUInt16BE(65_535, 2);
    const padded = Buffer.concat([photo.subarray(0, 2), ...Array(128).fill(pad), photo.subarray(2)]);
    const storage = ctx.app.deps.storage;
    const wholeReads: string[] = [];
    const { readWhole } = storage;
    // Instrumented, not replaced: each whole read is noted and then done by the real driver.
    storage.readWhole = (key) => {
      wholeReads.push(key);
      return readWhole.call(storage, key);
    };
    try {
      const res = await uploadImage(await newModel(), padded);
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await ctx.database.db.select().from(aiImages).where(eq(aiImages.id, res.json().image_id));
      expect(row).toMatchObject({ imgWidth: 320, imgHeight: 240 });
    } finally {
      storage.readWhole = readWhole;
    }
    expect(wholeReads).toEqual([]);
  });

  it("refuses an image over the photos' pixel cap, keeping nothing", async () => {
    const id = await newModel();
    // Over the cap (200 MP) yet under sharp's own limit (268 MP), which alone refused larger headers.
    const huge = claimingSize(await jpeg(++sequence, 64, 48), 20_000, 10_001);
    const res = await uploadImage(id, huge);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'unsupported_file' });
    expect(res.json().message).toContain('20000 × 10001 pixels');
    expect((await api('GET', `/ai/model/${id}`, pm)).json().imgs_total).toBe(0);
  });

  it("refuses a completion of another model's upload and one that never arrived", async () => {
    const a = await newModel();
    const b = await newModel();
    const token = (await api('GET', `/ai/upload_img_token/${a}`, inspector)).json();
    const body = { imageUrl: token.imageUrl, fileName: 'x.jpg', md5_hash: md5Base64(await jpeg(3)) };
    expect((await api('POST', `/ai/image_uploaded/${b}`, inspector, body)).statusCode).toBe(404);
    const early = await api('POST', `/ai/image_uploaded/${a}`, inspector, body);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('upload_incomplete');
    // Another user's upload is not the caller's.
    const put = await ctx.app.inject({
      method: 'PUT',
      url: pathOf(token.signedTokenUrl),
      payload: await jpeg(3),
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(put.statusCode).toBe(200);
    expect((await api('POST', `/ai/image_uploaded/${a}`, pm, body)).statusCode).toBe(409);
    expect((await api('POST', `/ai/image_uploaded/${a}`, inspector, body)).statusCode).toBe(200);
  });

  it('marks up patches inside the image of the model; lists and deletes them', async () => {
    const a = await newModel();
    const b = await newModel();
    const imageId = (await uploadImage(a, await jpeg(4000 + sequence, 100, 50))).json().image_id;
    const patch = {
      image_id: imageId,
      left: 10,
      top: 5,
      width: 40,
      height: 20,
      polygon: null,
      note: 'crack',
    };
    const res = await api('POST', `/ai/patch/${a}`, inspector, patch);
    expect(res.statusCode, res.body).toBe(200);
    const patchId = res.json().id;
    const poly = await api('POST', `/ai/patch/${a}`, inspector, {
      ...patch,
      polygon: [
        [10, 5],
        [50, 5],
        [30, 25],
      ],
    });
    expect(poly.statusCode, poly.body).toBe(200);

    for (const outside of [
      { left: 70, width: 40 },
      { top: 40, height: 20 },
      {
        polygon: [
          [10, 5],
          [120, 5],
          [30, 25],
        ],
      },
    ]) {
      const r = await api('POST', `/ai/patch/${a}`, inspector, { ...patch, ...outside });
      expect(r.statusCode).toBe(400);
      expect(r.json().code).toBe('patch_outside_image');
    }
    expect((await api('POST', `/ai/patch/${a}`, inspector, { ...patch, left: -1 })).statusCode).toBe(400);
    const otherModel = await api('POST', `/ai/patch/${b}`, inspector, patch);
    expect(otherModel.statusCode).toBe(400);
    expect(otherModel.json().code).toBe('image_not_in_model');
    expect((await api('POST', `/ai/patch/${a}`, user, patch)).statusCode).toBe(403);

    const listed = (await api('GET', `/ai/model/${a}/images`, pm)).json();
    expect(listed.images).toHaveLength(1);
    expect(listed.images[0]).toMatchObject({ image_id: imageId, marked_up: true, nothing_to_find: false });
    expect(listed.images[0].patches.map((p: { id: number }) => p.id)).toContain(patchId);
    expect(listed.images[0].patches[1].polygon).toEqual([
      [10, 5],
      [50, 5],
      [30, 25],
    ]);
    expect((await api('GET', `/ai/model/${a}`, pm)).json().imgs_ready_for_training).toBe(1);

    expect((await api('POST', `/ai/deletePatch/${patchId}`, inspector)).statusCode).toBe(200);
    expect((await api('POST', `/ai/deletePatch/${patchId}`, inspector)).statusCode).toBe(404);
    const after = (await api('GET', `/ai/model/${a}/images`, pm)).json();
    expect(after.images[0].patches).toHaveLength(1);
  });

  it("'nothing to find here' makes a negative that counts as marked up", async () => {
    const a = await newModel();
    const imageId = (await uploadImage(a, await jpeg(5000 + sequence))).json().image_id;
    const url = `/ai/model/${a}/images/${imageId}/nothingToFind`;
    expect((await api('POST', url, inspector, { nothing_to_find: true })).statusCode).toBe(200);
    expect((await api('GET', `/ai/model/${a}`, pm)).json().imgs_ready_for_training).toBe(1);
    const img = (await api('GET', `/ai/model/${a}/images`, pm)).json().images[0];
    expect(img).toMatchObject({ nothing_to_find: true, marked_up: true, patches: [] });
    expect((await api('POST', url, inspector, { nothing_to_find: false })).statusCode).toBe(200);
    expect((await api('GET', `/ai/model/${a}`, pm)).json().imgs_ready_for_training).toBe(0);
    const b = await newModel();
    expect(
      (
        await api('POST', `/ai/model/${b}/images/${imageId}/nothingToFind`, inspector, {
          nothing_to_find: true,
        })
      ).statusCode,
    ).toBe(404);
  });

  it(`is Ready to Train at ${AI_MIN_TRAINING_IMAGES} marked-up images, not one fewer`, async () => {
    const a = await newModel();
    const db = ctx.database.db;
    // Images straight into the tables: the upload path is tested above.
    const rows = await db
      .insert(aiImages)
      .values(
        Array.from({ length: AI_MIN_TRAINING_IMAGES }, (_, i) => ({
          md5: `ready-${a}-${i}`,
          imageName: `r${i}.jpg`,
          storageKey: `ai/test/${a}/${i}.jpg`,
          imgWidth: 10,
          imgHeight: 10,
        })),
      )
      .returning({ id: aiImages.id });
    await db
      .insert(aiModelImages)
      .values(rows.map((r, i) => ({ modelId: a, aiImageId: r.id, nothingToFind: i > 0 })));
    expect((await api('GET', `/ai/model/${a}`, pm)).json()).toMatchObject({
      imgs_ready_for_training: AI_MIN_TRAINING_IMAGES - 1,
      state: 'Waiting for Markup',
    });
    await api('POST', `/ai/model/${a}/images/${rows[0]!.id}/nothingToFind`, inspector, {
      nothing_to_find: true,
    });
    expect((await api('GET', `/ai/model/${a}`, pm)).json()).toMatchObject({
      imgs_ready_for_training: AI_MIN_TRAINING_IMAGES,
      state: 'Ready to Train',
    });
  });
});
