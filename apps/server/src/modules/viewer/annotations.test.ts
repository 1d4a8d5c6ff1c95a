import type { Annotation, CategoriesResponse } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/client.ts';
import { useApiCast } from '../../testing/apiCast.ts';
import {
  createLine,
  createPlacedImage,
  createProject,
  createStructures,
} from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';

const cast = useApiCast('Annotation Utility', {
  project_manager2: 'project_manager',
  inspector2: 'inspector',
});
const { get, post } = cast;
let db: Db;
let companyId: number;
beforeAll(() => {
  ({ db, companyId } = cast);
});

async function photo() {
  const projectId = await createProject(db, companyId);
  const lineId = await createLine(db, companyId, projectId);
  const { structureIds, inspectionIds } = await createStructures(db, projectId, lineId, 1);
  const imageId = await createPlacedImage(db, projectId, structureIds[0]!);
  return { imageId, inspectionId: inspectionIds[0]! };
}

const rectangle = (imageId: number, extra: Record<string, unknown> = {}) => ({
  image_id: imageId,
  rectangle: { x: 100.5, y: 200, width: 300, height: 150 },
  category: 1,
  sub_category: 101,
  risk_level: 3,
  text: 'Woodpecker holes near the top',
  image_width: 4000,
  image_height: 3000,
  ...extra,
});

const annotationCount = async (imageId: number) => {
  const [row] = await sqlRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from annotations where image_id = ${imageId}`,
  );
  return row!.n;
};
const risk = async (inspectionId: number) => {
  const [row] = await sqlRows<{ r: number | null }>(
    db,
    sql`select max_risk_level::int as r from inspections where id = ${inspectionId}`,
  );
  return row!.r;
};

describe('annotations', () => {
  it('stores a rectangle and a polygon in image pixels and answers them by number', async () => {
    const { imageId, inspectionId } = await photo();
    const rect = await post('/annotations', rectangle(imageId));
    expect(rect.statusCode, rect.body).toBe(200);
    expect(rect.json<{ annotation: Annotation }>().annotation).toMatchObject({
      annotation_number: 1,
      shape: 'rect',
      rectangle: { x: 100.5, y: 200, width: 300, height: 150 },
      category_text: 'Pole / Structure',
      sub_category_text: 'Woodpecker Damage',
      risk_level: 3,
      note: 'Woodpecker holes near the top',
      image_width: 4000,
      created_by_name: 'Test inspector',
    });
    const poly = await post('/annotations', {
      image_id: imageId,
      polygon: [
        [10, 10],
        [50, 12],
        [30, 60],
      ],
      category: 2,
      image_width: 4000,
      image_height: 3000,
    });
    expect(poly.statusCode, poly.body).toBe(200);
    expect(poly.json().annotation).toMatchObject({ annotation_number: 2, risk_level: 2, sub_category: null });
    const list = (await get(`/inspections/getImageAnnotations/${imageId}`, 'customer_own')).json<
      Annotation[]
    >();
    expect(list.map((a) => [a.annotation_number, a.shape])).toEqual([
      [1, 'rect'],
      [2, 'polygon'],
    ]);
    expect(list[1]!.polygon).toEqual([
      [10, 10],
      [50, 12],
      [30, 60],
    ]);
    expect(await risk(inspectionId)).toBe(3);
    expect((await get(`/inspections/getImageAnnotations/${imageId}`, 'customer_other')).statusCode).toBe(404);
  });

  it("accepts the spec's payload {rectangle, polygon, data} with the polygon as text or numbers", async () => {
    const { imageId } = await photo();
    const data = { image_id: imageId, category: 1, sub_category: 101, risk_level: 4, text: 'Split crossarm' };
    const size = { image_width: 4000, image_height: 3000 };
    const rect = await post('/annotations', {
      rectangle: { x: 10, y: 20, width: 11, height: 40 },
      polygon: null,
      data: { ...data, ...size, category_label: 'Pole / Structure', sub_category_label: 'x' },
    });
    expect(rect.statusCode, rect.body).toBe(200);
    expect(rect.json<{ annotation: Annotation }>().annotation).toMatchObject({
      shape: 'rect',
      rectangle: { x: 10, y: 20, width: 11, height: 40 },
      category_text: 'Pole / Structure',
      sub_category_text: 'Woodpecker Damage',
      risk_level: 4,
      note: 'Split crossarm',
    });
    const triangle = [
      [10, 10],
      [50, 12.5],
      [30, 60],
    ];
    const polygons: unknown[] = [
      '10,10 50,12.5 30,60',
      '(10,10) (50,12.5) (30,60)',
      '10 10, 50 12.5, 30 60',
      JSON.stringify(triangle),
      triangle,
      [10, 10, 50, 12.5, 30, 60],
      triangle.map(([x, y]) => ({ x, y })),
    ];
    for (const polygon of polygons) {
      const res = await post('/annotations', { rectangle: null, polygon, data: { ...data, ...size } });
      expect(res.statusCode, `${JSON.stringify(polygon)}: ${res.body}`).toBe(200);
      expect(res.json<{ annotation: Annotation }>().annotation.polygon).toEqual(triangle);
    }
    for (const polygon of [
      '10,10 50,12',
      '10,10 50,x 30,60',
      'POLYGON((10 10, 50 12, 30 60))',
      [10, 10, 50, 12, 30],
    ]) {
      const res = await post('/annotations', { rectangle: null, polygon, data: { ...data, ...size } });
      expect(res.statusCode, JSON.stringify(polygon)).toBe(400);
    }
    // Numbers as text, as a form gives them (ids already were): the risk and the canvas size too.
    const asText = await post('/annotations', {
      rectangle: { x: 10, y: 20, width: 30, height: 40 },
      polygon: null,
      data: {
        ...data,
        image_id: String(imageId),
        risk_level: '5',
        image_width: '4000',
        image_height: '3000',
      },
    });
    expect(asText.statusCode, asText.body).toBe(200);
    expect(asText.json<{ annotation: Annotation }>().annotation).toMatchObject({ risk_level: 5 });
    expect(await annotationCount(imageId)).toBe(2 + polygons.length);
  });

  it("takes the spec's payload for a rectangle with an empty polygon (no points, as a list or as text)", async () => {
    const { imageId } = await photo();
    const data = { image_id: imageId, category: 1, risk_level: 2, image_width: 4000, image_height: 3000 };
    for (const polygon of [[], '[]', '', ' ']) {
      const res = await post('/annotations', {
        rectangle: { x: 10, y: 20, width: 30, height: 40 },
        polygon,
        data,
      });
      expect(res.statusCode, `${JSON.stringify(polygon)}: ${res.body}`).toBe(200);
      expect(res.json<{ annotation: Annotation }>().annotation).toMatchObject({
        shape: 'rect',
        polygon: null,
      });
    }
    // Without a rectangle an empty polygon is no shape at all.
    const none = await post('/annotations', { rectangle: null, polygon: [], data });
    expect(none.statusCode).toBe(400);
    expect(await annotationCount(imageId)).toBe(4);
  });

  it('keeps a rectangle only when both sides exceed 10 image pixels', async () => {
    const { imageId } = await photo();
    for (const [width, height] of [
      [5, 5],
      [10, 300],
      [300, 10],
    ]) {
      const res = await post(
        '/annotations',
        rectangle(imageId, { rectangle: { x: 1, y: 1, width, height } }),
      );
      expect(res.statusCode, `${width} × ${height}`).toBe(400);
      expect(res.json().issues).toContainEqual({
        path: 'body.rectangle',
        message: 'A rectangle must be more than 10 pixels wide and more than 10 pixels high in the image.',
      });
    }
    expect(await annotationCount(imageId)).toBe(0);
    const kept = await post(
      '/annotations',
      rectangle(imageId, { rectangle: { x: 1, y: 1, width: 10.5, height: 11 } }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('judges a rectangle’s sides in the photo’s own pixels when it was drawn on another size', async () => {
    const { imageId } = await photo();
    await db.execute(sql`update images set width = 1024, height = 768 where id = ${imageId}`);
    const drawn = (width: number, height: number, size: { image_width: number; image_height: number }) =>
      post('/annotations', rectangle(imageId, { rectangle: { x: 1, y: 1, width, height }, ...size }));
    // 11 × 11 on a 10,240 × 7,680 canvas is 1.1 × 1.1 pixels of the 1,024 × 768 photo.
    const tiny = await drawn(11, 11, { image_width: 10_240, image_height: 7_680 });
    expect(tiny.statusCode, tiny.body).toBe(400);
    expect(tiny.json().issues).toContainEqual({
      path: 'body.rectangle',
      message: 'A rectangle must be more than 10 pixels wide and more than 10 pixels high in the image.',
    });
    expect(await annotationCount(imageId)).toBe(0);
    // 6 × 6 on a 512 × 384 canvas is 12 × 12 pixels of the photo: kept.
    const half = await drawn(6, 6, { image_width: 512, image_height: 384 });
    expect(half.statusCode, half.body).toBe(200);
    // 5 × 40 there is 10 pixels wide in the photo: refused.
    expect((await drawn(5, 40, { image_width: 512, image_height: 384 })).statusCode).toBe(400);
    expect(await annotationCount(imageId)).toBe(1);
  });

  it('refuses bad shapes, risks and categories with 400 and writes nothing', async () => {
    const { imageId } = await photo();
    const bad: Array<Record<string, unknown>> = [
      { rectangle: null },
      {
        polygon: [
          [1, 1],
          [2, 2],
          [3, 1],
        ],
      },
      {
        rectangle: null,
        polygon: [
          [1, 1],
          [2, 2],
        ],
      },
      { rectangle: { x: 3900, y: 0, width: 200, height: 10 } },
      { rectangle: { x: -1, y: 0, width: 20, height: 10 } },
      { rectangle: { x: 1, y: 0, width: 0, height: 10 } },
      { risk_level: 1 },
      { risk_level: 6 },
      { risk_level: 2.5 },
      { risk_level: '6' },
      { risk_level: [3] },
      { risk_level: true },
      { image_width: 'wide' },
      { category: undefined },
      { category: 999_999 },
      { sub_category: 201 },
      { text: 'x'.repeat(501) },
      { image_width: 0 },
      { image_id: 'abc' },
    ];
    for (const change of bad) {
      const res = await post('/annotations', rectangle(imageId, change));
      expect(res.statusCode, `${JSON.stringify(change)}: ${res.body}`).toBe(400);
    }
    expect(await annotationCount(imageId)).toBe(0);
  });

  it('lets only inspecting roles annotate and delete', async () => {
    const { imageId } = await photo();
    for (const who of ['user', 'customer_own', 'customer_other']) {
      expect((await post('/annotations', rectangle(imageId), who)).statusCode).toBe(403);
    }
    expect((await post('/annotations', rectangle(2_000_000_000))).statusCode).toBe(404);
    const id = (await post('/annotations', rectangle(imageId))).json().annotation.id;
    expect((await post(`/annotations/delete/${id}`, undefined, 'user')).statusCode).toBe(403);
    expect((await post(`/annotations/delete/${id}`, undefined, 'customer_own')).statusCode).toBe(403);
    expect(await annotationCount(imageId)).toBe(1);
  });

  it('numbers two inspectors annotating one photo at once one after the other', async () => {
    const { imageId } = await photo();
    const results = await Promise.all([
      post('/annotations', rectangle(imageId)),
      post('/annotations', rectangle(imageId, { risk_level: 5 }), 'inspector2'),
      post('/annotations', rectangle(imageId, { risk_level: 4 })),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(results.map((r) => r.json().annotation.annotation_number).sort()).toEqual([1, 2, 3]);
  });

  it('deletes once: the inspector who comes second gets 404, and the risk falls back', async () => {
    const { imageId, inspectionId } = await photo();
    const low = (await post('/annotations', rectangle(imageId, { risk_level: 2 }))).json().annotation.id;
    const high = (await post('/annotations', rectangle(imageId, { risk_level: 5 }))).json().annotation.id;
    expect(await risk(inspectionId)).toBe(5);
    const [one, two] = await Promise.all([
      post(`/annotations/delete/${high}`, undefined),
      post(`/annotations/delete/${high}`, undefined, 'inspector2'),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 404]);
    expect(await risk(inspectionId)).toBe(2);
    expect((await post(`/annotations/delete/${low}`, undefined)).statusCode).toBe(200);
    expect(await risk(inspectionId)).toBeNull();
    const audits = await sqlRows<{ action: string }>(
      db,
      sql`select action from audit_log where object_type = 'image' and object_id = ${String(imageId)} order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual([
      'annotation.create',
      'annotation.create',
      'annotation.delete',
      'annotation.delete',
    ]);
  });
});

describe('components and deficiencies', () => {
  it('lists components with their deficiencies', async () => {
    const body = (await get('/annotations/categories', 'customer_own')).json<CategoriesResponse>();
    expect(body.categories.find((c) => c.id === 1)?.display_text).toBe('Pole / Structure');
    expect(body.subCategories.find((d) => d.id === 101)).toMatchObject({ category_id: 1 });
  });

  it('Add New Component: at most 35 characters, unique in any case, super admins and project managers', async () => {
    const add = (newComponent: unknown, who = 'project_manager') =>
      post('/annotations/newComponent/addComponent', { newComponent }, who);
    for (const name of ['', '   ', 'x'.repeat(36), 7]) expect((await add(name)).statusCode).toBe(400);
    expect((await add('Bird Guard', 'inspector')).statusCode).toBe(403);
    const ok = await add(` Bird Guard `);
    expect(ok.statusCode, ok.body).toBe(200);
    const { id } = ok.json<{ id: number }>();
    const listed = (await get('/annotations/categories')).json<CategoriesResponse>();
    expect(listed.categories.find((c) => c.id === id)?.display_text).toBe('Bird Guard');
    const dup = await add('BIRD GUARD', 'super_admin');
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'category_exists' });
    expect((await add('x'.repeat(35))).statusCode).toBe(200);
    // Two managers adding one name at once: one gets it, the other is told it exists.
    const both = await Promise.all([add('Spacer Damper'), add('spacer damper', 'project_manager2')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('Add New Deficiency: a name per component, 404 for an unknown component', async () => {
    const add = (newDeficiency: unknown, categoryId: unknown, who = 'project_manager') =>
      post('/annotations/newDeficiency/addDeficiency', { newDeficiency, categoryId }, who);
    expect((await add('Loose Bolt', 2_000_000_000)).statusCode).toBe(404);
    expect((await add('x'.repeat(36), 1)).statusCode).toBe(400);
    expect((await add('Loose Bolt', 1, 'inspector')).statusCode).toBe(403);
    const ok = await add('Loose Bolt', 1);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await add('loose bolt', 1)).statusCode).toBe(409);
    expect((await add('Loose Bolt', 2)).statusCode).toBe(200);
    const listed = (await get('/annotations/categories')).json<CategoriesResponse>();
    expect(
      listed.subCategories.filter((d) => d.sub_category_text === 'Loose Bolt').map((d) => d.category_id),
    ).toEqual([1, 2]);
  });
});

describe('image notes', () => {
  const put = (imageId: number, payload: unknown, who = 'inspector') =>
    cast.ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/annotations/updateNote?imageId=${imageId}`,
      headers: cast.headers(who),
      payload: payload as object,
    });

  it("creates and edits a photo's note: not blank, at most 500 characters, staff only", async () => {
    const { imageId } = await photo();
    const blank = await put(imageId, { imageNote: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().issues[0].message).toBe('Note cannot be blank');
    expect((await put(imageId, { imageNote: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await put(imageId, { imageNote: 'First' }, 'customer_own')).statusCode).toBe(403);
    expect((await put(imageId, { imageNote: 'x'.repeat(500) }, 'user')).statusCode).toBe(200);
    const edit = await put(imageId, { imageNote: 'Second' });
    expect(edit.json()).toMatchObject({ ok: true, note: { note_text: 'Second' } });
    const [row] = await sqlRows<{ n: number; t: string }>(
      db,
      sql`select count(*)::int as n, max(note_text) as t from image_notes where image_id = ${imageId}`,
    );
    expect(row).toEqual({ n: 1, t: 'Second' });
    expect((await put(2_000_000_000, { imageNote: 'x' })).statusCode).toBe(404);
  });
});
