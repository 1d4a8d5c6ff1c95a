import type {
  ImageIdentifiersResponse,
  ImageToIdentifiersResponse,
  StepClipResponse,
  UpdateIdentifierResponse,
} from '@linewalker/domain';
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

const cast = useApiCast('Shot Utility');
const { get, put } = cast;
let db: Db;
let companyId: number;
let otherCompanyId: number;
beforeAll(() => {
  ({ db, companyId, otherCompanyId } = cast);
});

/** A structure with two photos in a project of `company` ('0' structure-level, '1' component-level). */
async function photos(company = companyId, inspectionType: '0' | '1' = '0') {
  const projectId = await createProject(db, company, { inspectionType });
  const lineId = await createLine(db, company, projectId);
  const { structureIds, inspectionIds } = await createStructures(db, projectId, lineId, 1);
  const imageIds = [
    await createPlacedImage(db, projectId, structureIds[0]!, { lat: 38.8, lon: -97.6 }),
    await createPlacedImage(db, projectId, structureIds[0]!, { lat: 38.8001, lon: -97.6 }),
  ];
  return { projectId, inspectionId: inspectionIds[0]!, imageIds };
}

const identifierOf = async (imageId: number) => {
  const [row] = await sqlRows<{ id: number }>(
    db,
    sql`select anno_img_id as id from image_identifier_links where image_id = ${imageId}`,
  );
  return row?.id ?? -1;
};
const audits = async (action: string, imageId: number) => {
  const [row] = await sqlRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from audit_log where action = ${action} and object_id = ${String(imageId)}`,
  );
  return row!.n;
};
const stepClipOf = async (imageId: number) => {
  const [row] = await sqlRows<{ s: Record<string, number> | null }>(
    db,
    sql`select stepclip_json as s from images where id = ${imageId}`,
  );
  return row!.s;
};
const setStepClip = (imageId: number, value: Record<string, number>) =>
  db.execute(sql`update images set stepclip_json = ${JSON.stringify(value)}::jsonb where id = ${imageId}`);

describe('shot identifiers', () => {
  it('lists the seeded identifiers by id, to every logged-in caller', async () => {
    for (const who of ['inspector', 'customer_own']) {
      const answer = await get('/annotations/imageIdentifiers', who);
      expect(answer.statusCode).toBe(200);
      const { imageIdentifiers } = answer.json<ImageIdentifiersResponse>();
      expect(imageIdentifiers.map((i) => i.anno_img_name)).toEqual([
        'Overview',
        'Top',
        'Side A',
        'Side B',
        'Base',
        'Structure ID Tag',
        'Close Up',
        'Insulator',
        'Crossarm',
        'Conductor',
        'Hardware',
      ]);
      expect(imageIdentifiers[0]).toEqual({ anno_img_id: 1, anno_img_name: 'Overview' });
    }
    expect((await cast.ctx.app.inject({ url: '/api/v1/annotations/imageIdentifiers' })).statusCode).toBe(401);
  });

  it('staff choose, change and clear (-1) a photo’s identifier; each change is audited once', async () => {
    const { inspectionId, imageIds } = await photos();
    const [first, second] = imageIds as [number, number];
    const set = await put(`/annotations/updateIdentifier?imageId=${first}&identifierId=8`, undefined, 'user');
    expect(set.statusCode).toBe(200);
    expect(set.json<UpdateIdentifierResponse>()).toMatchObject({
      image_id: first,
      anno_img_id: 8,
      changed: true,
    });
    expect(await identifierOf(first)).toBe(8);

    // The same choice again changes nothing and writes no second record.
    const again = await put(`/annotations/updateIdentifier?imageId=${first}&identifierId=8`);
    expect(again.json<UpdateIdentifierResponse>().changed).toBe(false);
    expect(await audits('image.identifier', first)).toBe(1);

    await put(`/annotations/updateIdentifier?imageId=${second}&identifierId=2`, undefined, 'project_manager');
    const mapped = await get(`/annotations/imageToIdentifiers?inspectionId=${inspectionId}`, 'customer_own');
    expect(mapped.statusCode).toBe(200);
    expect(mapped.json<ImageToIdentifiersResponse>().imageToIdentifiers).toEqual([
      { image_id: first, anno_img_id: 8 },
      { image_id: second, anno_img_id: 2 },
    ]);

    const cleared = await put(`/annotations/updateIdentifier?imageId=${first}&identifierId=-1`);
    expect(cleared.json<UpdateIdentifierResponse>()).toMatchObject({ anno_img_id: -1, changed: true });
    expect(await identifierOf(first)).toBe(-1);
    expect(await audits('image.identifier', first)).toBe(2);
    const [record] = await sqlRows<{ details: Record<string, unknown> }>(
      db,
      sql`select details from audit_log where action = 'image.identifier' and object_id = ${String(first)}
          order by id desc limit 1`,
    );
    expect(record!.details).toMatchObject({ from: 8, to: -1 });
  });

  it('bad input answers 400 and writes nothing', async () => {
    const { imageIds } = await photos();
    const image = imageIds[0]!;
    await put(`/annotations/updateIdentifier?imageId=${image}&identifierId=3`);
    for (const query of [
      `imageId=${image}&identifierId=999`,
      `imageId=${image}&identifierId=0`,
      `imageId=${image}&identifierId=-2`,
      `imageId=${image}&identifierId=abc`,
      `imageId=${image}&identifierId=1.5`,
      `imageId=${image}`,
      'identifierId=1',
      `imageId=0&identifierId=1`,
      `imageId=${image}&identifierId=99999999999`,
    ]) {
      const answer = await put(`/annotations/updateIdentifier?${query}`);
      expect(answer.statusCode, query).toBe(400);
    }
    expect((await put(`/annotations/updateIdentifier?imageId=${image}&identifierId=999`)).json().code).toBe(
      'shot_identifier_invalid',
    );
    expect(await identifierOf(image)).toBe(3);
    expect(await audits('image.identifier', image)).toBe(1);
    expect((await get('/annotations/imageToIdentifiers?inspectionId=x')).statusCode).toBe(400);
  });

  it('without an inspection (the spec’s call has no payload): every mapping the caller may see', async () => {
    const own = await photos();
    const other = await photos(otherCompanyId);
    const [accepted, rejected] = own.imageIds as [number, number];
    const otherImage = other.imageIds[0]!;
    for (const [image, id] of [
      [accepted, 2],
      [rejected, 3],
      [otherImage, 4],
    ] as const) {
      expect(
        (await put(`/annotations/updateIdentifier?imageId=${image}&identifierId=${id}`)).statusCode,
      ).toBe(200);
    }
    await db.execute(sql`update images set reject_datetime = now() where id = ${rejected}`);
    const mappings = async (who: string) => {
      const res = await get('/annotations/imageToIdentifiers', who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ImageToIdentifiersResponse>().imageToIdentifiers;
    };
    const staff = await mappings('inspector');
    expect(staff).toEqual(
      expect.arrayContaining([
        { image_id: accepted, anno_img_id: 2 },
        { image_id: rejected, anno_img_id: 3 },
        { image_id: otherImage, anno_img_id: 4 },
      ]),
    );
    // A customer: their company's accepted photos only, as on the inspection's own list.
    const customer = await mappings('customer_own');
    expect(customer).toContainEqual({ image_id: accepted, anno_img_id: 2 });
    expect(customer.map((m) => m.image_id)).not.toContain(rejected);
    expect(customer.map((m) => m.image_id)).not.toContain(otherImage);
    const byInspection = await get(
      `/annotations/imageToIdentifiers?inspectionId=${own.inspectionId}`,
      'customer_own',
    );
    expect(byInspection.json<ImageToIdentifiersResponse>().imageToIdentifiers).toEqual([
      { image_id: accepted, anno_img_id: 2 },
    ]);
  });

  it('customers are refused (403, nothing written); another company’s photo or inspection is 404', async () => {
    const own = await photos();
    const other = await photos(otherCompanyId);
    const image = own.imageIds[0]!;
    const refused = await put(
      `/annotations/updateIdentifier?imageId=${image}&identifierId=1`,
      undefined,
      'customer_own',
    );
    expect(refused.statusCode).toBe(403);
    expect(await identifierOf(image)).toBe(-1);

    // Staff reach every company's photos; a customer of another company does not see this one.
    const outsider = await get(
      `/annotations/imageToIdentifiers?inspectionId=${own.inspectionId}`,
      'customer_other',
    );
    expect(outsider.statusCode).toBe(404);
    const otherImage = other.imageIds[0]!;
    const hidden = await put(
      `/annotations/updateIdentifier?imageId=${otherImage}&identifierId=1`,
      undefined,
      'customer_own',
    );
    expect(hidden.statusCode).toBe(403);
    expect(
      (await get(`/annotations/imageToIdentifiers?inspectionId=${other.inspectionId}`, 'customer_own'))
        .statusCode,
    ).toBe(404);
    expect((await put('/annotations/updateIdentifier?imageId=2000000000&identifierId=1')).statusCode).toBe(
      404,
    );
    expect((await get('/annotations/imageToIdentifiers?inspectionId=2000000000')).statusCode).toBe(404);
    expect(await identifierOf(otherImage)).toBe(-1);
  });

  it('two staff choosing at once both get an answer; the photo keeps one of their choices', async () => {
    const { imageIds } = await photos();
    const image = imageIds[0]!;
    const answers = await Promise.all(
      [4, 5, 6, 7].map((id, k) =>
        put(
          `/annotations/updateIdentifier?imageId=${image}&identifierId=${id}`,
          undefined,
          k % 2 ? 'inspector' : 'user',
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect([4, 5, 6, 7]).toContain(await identifierOf(image));
  });
});

describe('step-clip angles', () => {
  const angles = { topangleouter: 12.5, topangle: 10, bottomangleouter: -3, bottomangle: -4.25 };

  it('staff save the four angles of a component-level photo; audited with before and after', async () => {
    const { imageIds, inspectionId } = await photos(companyId, '1');
    const image = imageIds[0]!;
    await setStepClip(image, { topangleouter: 1, topangle: 2, bottomangleouter: 3, bottomangle: 4 });
    const saved = await put(`/inspections/images/stepclip/${image}`, angles, 'user');
    expect(saved.statusCode).toBe(200);
    expect(saved.json<StepClipResponse>()).toEqual({
      ok: true,
      success: true,
      stepclip_json: angles,
      changed: true,
    });
    expect(await stepClipOf(image)).toEqual(angles);
    const [record] = await sqlRows<{ details: Record<string, unknown> }>(
      db,
      sql`select details from audit_log where action = 'image.stepclip' and object_id = ${String(image)}`,
    );
    expect(record!.details).toMatchObject({
      from: { topangleouter: 1, topangle: 2, bottomangleouter: 3, bottomangle: 4 },
      to: angles,
    });
    // The viewer reads them back with the photos.
    const listed = await get(`/inspections/images/${inspectionId}`, 'customer_own');
    expect(
      listed.json<Array<{ id: number; stepclip_json: unknown }>>().find((i) => i.id === image)?.stepclip_json,
    ).toEqual(angles);

    const again = await put(`/inspections/images/stepclip/${image}`, angles);
    expect(again.json<StepClipResponse>().changed).toBe(false);
    expect(await audits('image.stepclip', image)).toBe(1);
  });

  it('bad angles answer 400 and change nothing', async () => {
    const { imageIds } = await photos(companyId, '1');
    const image = imageIds[0]!;
    const before = { topangleouter: 1, topangle: 2, bottomangleouter: 3, bottomangle: 4 };
    await setStepClip(image, before);
    const bad: unknown[] = [
      { ...angles, topangle: '10' },
      { ...angles, topangle: null },
      { topangleouter: 1, topangle: 2, bottomangleouter: 3 },
      { ...angles, bottomangle: 361 },
      { ...angles, bottomangleouter: -360.5 },
      { ...angles, extra: 1 },
      {},
      [1, 2, 3, 4],
    ];
    for (const body of bad) {
      const answer = await put(`/inspections/images/stepclip/${image}`, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    // A structure-level project's photo has no step-clip angles.
    const plain = (await photos()).imageIds[0]!;
    const refused = await put(`/inspections/images/stepclip/${plain}`, angles);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('step_clip_not_applicable');
    expect(await stepClipOf(plain)).toBeNull();
    expect((await put('/inspections/images/stepclip/abc', angles)).statusCode).toBe(400);
    expect(await stepClipOf(image)).toEqual(before);
    expect(await audits('image.stepclip', image)).toBe(0);
  });

  it('customers are refused (403); another company’s photo is 404 to customers, none is 404', async () => {
    const { imageIds } = await photos(companyId, '1');
    const image = imageIds[0]!;
    for (const who of ['customer_own', 'customer_other']) {
      expect((await put(`/inspections/images/stepclip/${image}`, angles, who)).statusCode).toBe(403);
    }
    expect(await stepClipOf(image)).toBeNull();
    expect((await put('/inspections/images/stepclip/2000000000', angles)).statusCode).toBe(404);
    const other = (await photos(otherCompanyId, '1')).imageIds[0]!;
    // Staff work for every company; the other company's photo is saved by them.
    expect((await put(`/inspections/images/stepclip/${other}`, angles, 'project_manager')).statusCode).toBe(
      200,
    );
  });

  it('two staff saving at once both get answers; the photo keeps one whole set of angles', async () => {
    const { imageIds } = await photos(companyId, '1');
    const image = imageIds[0]!;
    const sets = [1, 2, 3].map((k) => ({
      topangleouter: k,
      topangle: k,
      bottomangleouter: k,
      bottomangle: k,
    }));
    const answers = await Promise.all(
      sets.map((s, k) => put(`/inspections/images/stepclip/${image}`, s, k ? 'inspector' : 'user')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(sets).toContainEqual(await stepClipOf(image));
    expect(await audits('image.stepclip', image)).toBe(3);
  });
});
