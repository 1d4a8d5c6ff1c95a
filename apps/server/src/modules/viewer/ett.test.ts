import type { EttArm, InspectionImage } from '@linewalker/domain';
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

const cast = useApiCast('ETT Utility');
const { get, post } = cast;
let db: Db;
let companyId: number;
beforeAll(() => {
  ({ db, companyId } = cast);
});

const PTYPE = { Distribution: 1, ETT: 3, ABB: 4 } as const;

/** A project of the type with two structures, two photos on the first and one on the second. */
async function fixture(ptype: keyof typeof PTYPE = 'ETT') {
  const projectId = await createProject(db, companyId, { ptypeId: PTYPE[ptype] });
  const lineId = await createLine(db, companyId, projectId, `ETT Line ${projectId}`);
  const { structureIds, inspectionIds } = await createStructures(db, projectId, lineId, 2, { prefix: 'E-' });
  const a = await createPlacedImage(db, projectId, structureIds[0]!, { name: 'A.JPG' });
  const b = await createPlacedImage(db, projectId, structureIds[0]!, { name: 'B.JPG' });
  const elsewhere = await createPlacedImage(db, projectId, structureIds[1]!, { name: 'C.JPG' });
  return {
    projectId,
    inspectionId: inspectionIds[0]!,
    otherInspectionId: inspectionIds[1]!,
    a,
    b,
    elsewhere,
  };
}

const count = async (table: 'ett_arms' | 'ett_arm_notes' | 'audit_log' | 'image_abb_types') =>
  (await sqlRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;

const imageRow = async (id: number) =>
  (
    await sqlRows<{
      ett_photo_type_id: number | null;
      ett_arm_id: number | null;
      arm_position_id: number | null;
      knuckle_flat_position_id: number | null;
    }>(
      db,
      sql`select ett_photo_type_id::int as ett_photo_type_id, ett_arm_id, arm_position_id, knuckle_flat_position_id
          from images where id = ${id}`,
    )
  )[0]!;

const saveArm = (inspectionId: number, body: unknown, who = 'inspector') =>
  post(`/inspections/ett/saveArmEdits?inspectionId=${inspectionId}`, body, who);

describe('the arms of an inspection', () => {
  it('lists every arm position, creates an arm on its first save and updates it on the next, keeping notes', async () => {
    const f = await fixture();
    const armsUrl = `/inspections/ett/arms?inspection_id=${f.inspectionId}&project_id=${f.projectId}`;
    const empty = (await get(armsUrl)).json<EttArm[]>();
    expect(empty.map((a) => a.arm_position_text).slice(0, 3)).toEqual([
      'Shield Wire Left',
      'Shield Wire Right',
      'Top Left',
    ]);
    expect(empty.every((a) => a.ett_arm_id === null && a.notes.length === 0)).toBe(true);

    const audits = await count('audit_log');
    const first = await saveArm(f.inspectionId, {
      arm_position_id: 3,
      classification: 'Remanufactured',
      manufacturer: 'H',
      part: ' P-77 ',
      serial_num: 'SN-1',
      release_num: '',
      newNote: 'Knuckle weld looks rough',
    });
    expect(first.statusCode, first.body).toBe(200);
    const armId = first.json<{ ett_arm_id: number }>().ett_arm_id;
    expect(await count('audit_log')).toBe(audits + 1);

    const second = await saveArm(
      f.inspectionId,
      {
        ett_arm_id: armId,
        arm_position_id: 3,
        classification: 'Replacement',
        manufacturer: 'V',
        newNote: 'Checked again',
      },
      'super_admin',
    );
    expect(second.json()).toEqual({ ok: true, success: true, ett_arm_id: armId });

    const arms = (await get(armsUrl, 'customer_own')).json<EttArm[]>();
    const topLeft = arms.find((a) => a.arm_position_id === 3)!;
    expect(topLeft).toMatchObject({
      ett_arm_id: armId,
      classification: 'Replacement',
      manufacturer: 'V',
      part: null,
      serial_num: null,
      release_num: null,
      image_count: 0,
    });
    expect(topLeft.notes.map((n) => n.note_text)).toEqual(['Knuckle weld looks rough', 'Checked again']);
    expect(topLeft.notes[0]!.created_by_name).toBeTruthy();
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const f = await fixture();
    const { ett_arm_id: otherArm } = (await saveArm(f.otherInspectionId, { arm_position_id: 1 })).json<{
      ett_arm_id: number;
    }>();
    const before = [await count('ett_arms'), await count('ett_arm_notes'), await count('audit_log')];
    const bad: unknown[] = [
      { arm_position_id: 1, classification: 'Used' },
      { arm_position_id: 1, manufacturer: 'X' },
      { arm_position_id: 1, serial_num: 'x'.repeat(101) },
      { arm_position_id: 1, newNote: 'x'.repeat(501) },
      { classification: 'Original' },
      { arm_position_id: 'top' },
      { arm_position_id: 99 },
      { arm_position_id: 1, ett_arm_id: otherArm },
    ];
    for (const body of bad) {
      const res = await saveArm(f.inspectionId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await saveArm(f.inspectionId, { arm_position_id: 1, ett_arm_id: otherArm })).json(),
    ).toMatchObject({
      code: 'arm_not_in_inspection',
    });
    expect(
      (await post('/inspections/ett/saveArmEdits?inspectionId=x', { arm_position_id: 1 })).statusCode,
    ).toBe(400);
    const plain = await fixture('Distribution');
    const notEtt = await saveArm(plain.inspectionId, { arm_position_id: 1 });
    expect(notEtt.statusCode).toBe(400);
    expect(notEtt.json()).toMatchObject({ code: 'not_ett_project' });
    expect(
      (await get(`/inspections/ett/arms?inspection_id=${f.inspectionId}&project_id=${plain.projectId}`))
        .statusCode,
    ).toBe(400);
    expect((await get(`/inspections/ett/arms?inspection_id=${f.inspectionId}`)).statusCode).toBe(400);
    expect([await count('ett_arms'), await count('ett_arm_notes'), await count('audit_log')]).toEqual(before);
  });

  it('lets customers read their own company’s arms only, and change nothing', async () => {
    const f = await fixture();
    const armsUrl = `/inspections/ett/arms?inspection_id=${f.inspectionId}&project_id=${f.projectId}`;
    expect((await get(armsUrl, 'customer_own')).statusCode).toBe(200);
    expect((await get(armsUrl, 'customer_other')).statusCode).toBe(404);
    expect((await get(armsUrl, 'user')).statusCode).toBe(200);
    expect((await saveArm(f.inspectionId, { arm_position_id: 1 }, 'customer_own')).statusCode).toBe(403);
    expect((await saveArm(f.inspectionId, { arm_position_id: 1 }, 'customer_other')).statusCode).toBe(403);
    expect((await saveArm(2_000_000_000, { arm_position_id: 1 })).statusCode).toBe(404);
    expect(
      (
        await cast.ctx.app.inject({
          method: 'POST',
          url: `/api/v1/inspections/ett/saveArmEdits?inspectionId=${f.inspectionId}`,
          payload: { arm_position_id: 1 },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('answers concurrent saves of one arm sensibly: one arm, the last save wins, every note kept', async () => {
    const f = await fixture();
    const saves = await Promise.all(
      ['F', 'H', 'T', 'V'].map((manufacturer, i) =>
        saveArm(
          f.inspectionId,
          { arm_position_id: 5, manufacturer, newNote: `Note ${i}` },
          i % 2 === 0 ? 'inspector' : 'super_admin',
        ),
      ),
    );
    expect(saves.map((s) => s.statusCode)).toEqual([200, 200, 200, 200]);
    const ids = new Set(saves.map((s) => s.json<{ ett_arm_id: number }>().ett_arm_id));
    expect(ids.size).toBe(1);
    const arms = (
      await get(`/inspections/ett/arms?inspection_id=${f.inspectionId}&project_id=${f.projectId}`)
    ).json<EttArm[]>();
    const arm = arms.find((a) => a.arm_position_id === 5)!;
    expect(['F', 'H', 'T', 'V']).toContain(arm.manufacturer);
    expect(arm.notes.map((n) => n.note_text).sort()).toEqual(['Note 0', 'Note 1', 'Note 2', 'Note 3']);
  });
});

describe('photo types', () => {
  it('sets ID, Arm and Knuckle/Flat types, clearing the other selections, and lists them with the photos', async () => {
    const f = await fixture();
    const { ett_arm_id: armId } = (await saveArm(f.inspectionId, { arm_position_id: 4 })).json<{
      ett_arm_id: number;
    }>();
    const setType = (image: number, body: unknown, who = 'inspector') =>
      post(`/inspections/ett/updateImageType?image_id=${image}`, body, who);

    const arm = await setType(f.a, { ett_photo_type_id: 2, ett_arm_id: armId });
    expect(arm.json()).toEqual({ ok: true, success: true, changed: true });
    expect(await imageRow(f.a)).toEqual({
      ett_photo_type_id: 2,
      ett_arm_id: armId,
      arm_position_id: 4,
      knuckle_flat_position_id: null,
    });
    expect((await setType(f.a, { ett_photo_type_id: 2, ett_arm_id: armId })).json()).toMatchObject({
      changed: false,
    });
    expect((await setType(f.a, { ett_photo_type_id: 3, knuckle_flat_position_id: 2 })).statusCode).toBe(200);
    expect(await imageRow(f.a)).toEqual({
      ett_photo_type_id: 3,
      ett_arm_id: null,
      arm_position_id: null,
      knuckle_flat_position_id: 2,
    });
    expect((await setType(f.b, { ett_photo_type_id: 1 })).statusCode).toBe(200);
    expect((await setType(f.b, { ett_photo_type_id: 2, ett_arm_id: armId }, 'user')).statusCode).toBe(200);

    const images = (await get(`/inspections/images/${f.inspectionId}`, 'customer_own')).json<
      InspectionImage[]
    >();
    expect(
      images.map((i) => [i.image_name, i.ett_photo_type_id, i.ett_arm_id, i.knuckle_flat_position_id]),
    ).toEqual([
      ['A.JPG', 3, null, 2],
      ['B.JPG', 2, armId, null],
    ]);
    const arms = (
      await get(`/inspections/ett/arms?inspection_id=${f.inspectionId}&project_id=${f.projectId}`)
    ).json<EttArm[]>();
    expect(arms.find((a) => a.ett_arm_id === armId)!.image_count).toBe(1);
  });

  it('refuses bad types with 400, customers with 403 and other companies’ photos with 404, writing nothing', async () => {
    const f = await fixture();
    const { ett_arm_id: otherArm } = (await saveArm(f.otherInspectionId, { arm_position_id: 1 })).json<{
      ett_arm_id: number;
    }>();
    const audits = await count('audit_log');
    const setType = (image: number, body: unknown, who = 'inspector') =>
      post(`/inspections/ett/updateImageType?image_id=${image}`, body, who);
    for (const body of [
      {},
      { ett_photo_type_id: 4 },
      { ett_photo_type_id: 2 },
      { ett_photo_type_id: 3 },
      { ett_photo_type_id: 3, knuckle_flat_position_id: 1, ett_arm_id: otherArm },
      { ett_photo_type_id: 1, knuckle_flat_position_id: 1 },
      { ett_photo_type_id: 3, knuckle_flat_position_id: 99 },
      { ett_photo_type_id: 2, ett_arm_id: otherArm },
    ]) {
      expect((await setType(f.a, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await post('/inspections/ett/updateImageType', { ett_photo_type_id: 1 })).statusCode).toBe(400);
    expect((await setType(f.a, { ett_photo_type_id: 1 }, 'customer_own')).statusCode).toBe(403);
    expect((await setType(2_000_000_000, { ett_photo_type_id: 1 })).statusCode).toBe(404);
    const plain = await fixture('Distribution');
    expect((await setType(plain.a, { ett_photo_type_id: 1 })).json()).toMatchObject({
      code: 'not_ett_project',
    });
    expect(await imageRow(f.a)).toEqual({
      ett_photo_type_id: null,
      ett_arm_id: null,
      arm_position_id: null,
      knuckle_flat_position_id: null,
    });
    expect(await count('audit_log')).toBe(audits);
  });
});

describe('lookups and ABB id types', () => {
  it('answers the evaluation codes and knuckle/flat positions of ETT/ABB projects the caller sees', async () => {
    const f = await fixture('ABB');
    const codes = await get(`/inspections/ett/evaluationCodes?project_id=${f.projectId}`, 'customer_own');
    expect(codes.statusCode).toBe(200);
    expect(codes.json()[0]).toEqual({ id: 1, code_value: '1', description: 'No visible defects' });
    const flats = await get(`/inspections/ett/knuckleFlats?project_id=${f.projectId}`);
    expect(flats.json()[0]).toEqual({ id: 1, name: 'Knuckle Top' });
    expect(
      (await get(`/inspections/ett/knuckleFlats?project_id=${f.projectId}`, 'customer_other')).statusCode,
    ).toBe(404);
    expect((await get('/inspections/ett/evaluationCodes?project_id=2000000000')).statusCode).toBe(404);
    expect((await get('/inspections/ett/evaluationCodes')).statusCode).toBe(400);
    const plain = await fixture('Distribution');
    expect((await get(`/inspections/ett/evaluationCodes?project_id=${plain.projectId}`)).statusCode).toBe(
      400,
    );
    const types = await get('/inspections/abb/abb-id-types', 'customer_other');
    expect(types.json().abbIdTypes[1]).toEqual({ id: 2, id_type_name: 'RFID Tag' });
  });

  it('replaces a photo’s ABB id types; bad input is 400 with nothing written', async () => {
    const f = await fixture('ABB');
    const update = (body: unknown, who = 'inspector') => post('/inspections/abb/updateAbbTypes', body, who);
    expect((await update({ imageId: f.a, abbTypeIds: [3, 1] })).json()).toEqual({
      ok: true,
      success: true,
      changed: true,
    });
    expect((await update({ imageId: f.a, abbTypeIds: [1, 3] })).json()).toMatchObject({ changed: false });
    expect((await update({ imageId: f.a, abbTypeIds: [2] }, 'user')).statusCode).toBe(200);
    let images = (await get(`/inspections/images/${f.inspectionId}`)).json<InspectionImage[]>();
    expect(images.map((i) => i.ab_id_types)).toEqual([[2], []]);

    const before = [await count('image_abb_types'), await count('audit_log')];
    for (const body of [
      { imageId: f.a, abbTypeIds: [1, 1] },
      { imageId: f.a, abbTypeIds: [99] },
      { imageId: f.a, abbTypeIds: 'RFID' },
      { imageId: f.a },
      { abbTypeIds: [1] },
    ]) {
      expect((await update(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const ett = await fixture('ETT');
    expect((await update({ imageId: ett.a, abbTypeIds: [1] })).json()).toMatchObject({
      code: 'not_ett_project',
    });
    expect((await update({ imageId: f.a, abbTypeIds: [1] }, 'customer_own')).statusCode).toBe(403);
    expect((await update({ imageId: 2_000_000_000, abbTypeIds: [1] })).statusCode).toBe(404);
    expect([await count('image_abb_types'), await count('audit_log')]).toEqual(before);

    expect((await update({ imageId: f.a, abbTypeIds: [] })).json()).toMatchObject({ changed: true });
    images = (await get(`/inspections/images/${f.inspectionId}`)).json<InspectionImage[]>();
    expect(images[0]!.ab_id_types).toEqual([]);
  });
});

describe('ETT-mode annotations', () => {
  const rectangle = { x: 10, y: 10, width: 40, height: 30 };
  const base = { rectangle, image_width: 4000, image_height: 3000 };

  it('stores an evaluation code and a knuckle/flat position instead of a component', async () => {
    const f = await fixture('ETT');
    const res = await post('/annotations', {
      ...base,
      image_id: f.a,
      ettAnnoEvalCodeId: 4,
      ettKnuckleFlatPosId: 2,
      text: 'Pitting',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().annotation).toMatchObject({
      category: null,
      ett_evaluation_code_value: '4',
      ett_evaluation_description: 'Section loss or pitting, schedule repair',
      ett_knuckle_flat_position: 'Knuckle Bottom',
      note: 'Pitting',
    });
    const list = (await get(`/inspections/getImageAnnotations/${f.a}`, 'customer_own')).json();
    expect(list[0]).toMatchObject({
      ett_evaluation_code_value: '4',
      ett_knuckle_flat_position: 'Knuckle Bottom',
    });
  });

  it('refuses an incomplete or unknown ETT annotation, and one on another project type, writing nothing', async () => {
    const f = await fixture('ETT');
    const plain = await fixture('Distribution');
    const before = await count('audit_log');
    for (const [body, code] of [
      [{ ...base, image_id: f.a, ettAnnoEvalCodeId: 4 }, 'validation_failed'],
      [{ ...base, image_id: f.a, ettKnuckleFlatPosId: 2 }, 'validation_failed'],
      [{ ...base, image_id: f.a }, 'validation_failed'],
      [{ ...base, image_id: f.a, ettAnnoEvalCodeId: 99, ettKnuckleFlatPosId: 2 }, 'annotation_invalid'],
      [{ ...base, image_id: plain.a, ettAnnoEvalCodeId: 1, ettKnuckleFlatPosId: 1 }, 'not_ett_project'],
    ] as const) {
      const res = await post('/annotations', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(code);
    }
    expect(await count('audit_log')).toBe(before);
    expect((await get(`/inspections/getImageAnnotations/${f.a}`)).json()).toEqual([]);
  });
});
