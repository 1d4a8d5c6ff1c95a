import type { InspectionImage, ViewerInspection } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/client.ts';
import { useApiCast } from '../../testing/apiCast.ts';
import {
  createAnnotation,
  createLine,
  createPlacedImage,
  createProject,
  createStructures,
  reviewInspections,
} from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';

const cast = useApiCast('Review Utility', { inspector2: 'inspector' });
const { get, post } = cast;
let db: Db;
let companyId: number;
beforeAll(() => {
  ({ db, companyId } = cast);
});

/** A project with one structure (two photos, one rejected and annotated), an unassigned photo near it and one far. */
async function fixture() {
  const projectId = await createProject(db, companyId);
  const lineId = await createLine(db, companyId, projectId, `Review Line ${projectId}`);
  const { structureIds, inspectionIds } = await createStructures(db, projectId, lineId, 2, { prefix: 'R-' });
  // createStructures puts structure 1 at (-97.6, 38.8).
  const b = await createPlacedImage(db, projectId, structureIds[0]!, {
    name: 'B.JPG',
    lat: 38.8,
    lon: -97.6,
  });
  const a = await createPlacedImage(db, projectId, structureIds[0]!, {
    name: 'A.JPG',
    rejected: { at: new Date(), reason: 'Blurred' },
  });
  await createAnnotation(db, a, 4);
  const near = await createPlacedImage(db, projectId, null, { name: 'NEAR.JPG', lat: 38.8003, lon: -97.6 });
  await createPlacedImage(db, projectId, null, { name: 'FAR.JPG', lat: 38.9, lon: -97.6 });
  return { projectId, structureIds, inspectionId: inspectionIds[0]!, other: inspectionIds[1]!, a, b, near };
}

const auditCount = async (action: string) => {
  const [row] = await sqlRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from audit_log where action = ${action}`,
  );
  return row!.n;
};

describe('the viewer reads', () => {
  it('answers the inspection with its project and the unassigned photos within 100 m', async () => {
    const f = await fixture();
    const res = await get(`/review/inspections/${f.inspectionId}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ViewerInspection>();
    expect(body.inspection).toMatchObject({ id: f.inspectionId, structure: 'R-1', date_reviewed: null });
    expect(body.project_id).toBe(f.projectId);
    expect(body.unassigned_nearby.map((i) => i.image_name)).toEqual(['NEAR.JPG']);
    expect(body.unassigned_nearby[0]!.meters).toBeGreaterThan(30);
    expect(body.unassigned_nearby[0]!.meters).toBeLessThan(40);
    expect((await get(`/review/inspections/${f.inspectionId}`, 'customer_own')).statusCode).toBe(200);
    expect((await get(`/review/inspections/${f.inspectionId}`, 'customer_other')).statusCode).toBe(404);
    expect((await get('/review/inspections/2000000000')).statusCode).toBe(404);
    expect((await get('/review/inspections/abc')).statusCode).toBe(400);
  });

  it('lists the photos by name, rejected ones included, with annotation counts; notes only for staff', async () => {
    const f = await fixture();
    await cast.ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/annotations/updateNote?imageId=${f.b}`,
      headers: cast.headers('inspector'),
      payload: { imageNote: 'Look at the crossarm' },
    });
    const res = await get(`/inspections/images/${f.inspectionId}`);
    expect(res.statusCode, res.body).toBe(200);
    const images = res.json<InspectionImage[]>();
    expect(
      images.map((i) => [i.image_name, i.anno_count, i.max_risk_level, i.reject_datetime !== null]),
    ).toEqual([
      ['A.JPG', 1, 4, true],
      ['B.JPG', 0, null, false],
    ]);
    expect(images[1]!.note_text).toBe('Look at the crossarm');
    expect(images[1]!.latitude).toBeCloseTo(38.8);
    const forCustomer = (await get(`/inspections/images/${f.inspectionId}`, 'customer_own')).json<
      InspectionImage[]
    >();
    // A customer is shown the accepted photos only, without notes.
    expect(forCustomer.map((i) => [i.image_name, i.note_text])).toEqual([['B.JPG', null]]);
    expect((await get(`/inspections/images/${f.inspectionId}`, 'customer_other')).statusCode).toBe(404);
    const mismatch = await get(`/inspections/images/${f.inspectionId}?component_id=5`);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ code: 'component_mismatch' });
    // Spec 2 §7: a client with no component writes it empty or as null; that is no component.
    for (const none of ['', 'null']) {
      const res = await get(`/inspections/images/${f.inspectionId}?component_id=${none}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<InspectionImage[]>().map((i) => i.image_name)).toEqual(['A.JPG', 'B.JPG']);
    }
  });
});

describe('imageViewed and imageZoomed', () => {
  it('set first_viewed / first_zoomed once, for inspecting roles only', async () => {
    const f = await fixture();
    const before = await auditCount('image.viewed');
    expect((await post('/inspections/imageViewed', { imageId: f.b }, 'customer_own')).json()).toMatchObject({
      changed: false,
    });
    expect((await post('/inspections/imageViewed', { imageId: f.b }, 'user')).json().changed).toBe(false);
    expect((await post('/inspections/imageViewed', { imageId: f.b })).json().changed).toBe(true);
    expect((await post('/inspections/imageViewed', { imageId: f.b }, 'inspector2')).json().changed).toBe(
      false,
    );
    expect(await auditCount('image.viewed')).toBe(before + 1);
    expect((await post('/inspections/imageZoomed', { imageId: f.b })).json().changed).toBe(true);
    const [row] = await sqlRows<{ v: boolean; z: boolean }>(
      db,
      sql`select first_viewed is not null as v, first_zoomed is not null as z from images where id = ${f.b}`,
    );
    expect(row).toEqual({ v: true, z: true });
    expect((await post('/inspections/imageViewed', { imageId: f.b }, 'customer_other')).statusCode).toBe(404);
    expect((await post('/inspections/imageViewed', { imageId: 'x' })).statusCode).toBe(400);
    expect((await post('/inspections/imageViewed', {})).statusCode).toBe(400);
  });
});

describe('Request Reshoot and withdraw', () => {
  it('needs a reason of at most 500 characters and writes nothing otherwise', async () => {
    const f = await fixture();
    for (const payload of [
      {},
      { reason: '' },
      { reason: '   ' },
      { reason: 'x'.repeat(501) },
      { reason: 5 },
    ]) {
      const res = await post(`/inspections/requestReshoot/${f.inspectionId}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const [row] = await sqlRows<{ review_status: string | null }>(
      db,
      sql`select review_status from inspections where id = ${f.inspectionId}`,
    );
    expect(row!.review_status).toBeNull();
  });

  it('sets Reshoot Requested with the reason, and withdrawing makes it pending again', async () => {
    const f = await fixture();
    const res = await post(`/inspections/requestReshoot/${f.inspectionId}`, {
      reason: 'Top of the pole cut off',
      pole: 'R-1',
      line: 'L',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, changed: true });
    const viewed = (await get(`/review/inspections/${f.inspectionId}`)).json<ViewerInspection>();
    expect(viewed.inspection.review_status).toBe('Reshoot Requested');
    expect(viewed.reshoot_reason).toBe('Top of the pole cut off');
    expect((await post(`/inspections/unRequestReshoot/${f.inspectionId}`, undefined)).json().changed).toBe(
      true,
    );
    expect((await post(`/inspections/unRequestReshoot/${f.inspectionId}`, undefined)).json().changed).toBe(
      false,
    );
    const after = (await get(`/review/inspections/${f.inspectionId}`)).json<ViewerInspection>();
    expect(after.inspection.review_status).toBeNull();
    expect(after.reshoot_reason).toBeNull();
  });

  it('refuses users and customers, and a completed inspection', async () => {
    const f = await fixture();
    for (const who of ['user', 'customer_own', 'customer_other']) {
      expect(
        (await post(`/inspections/requestReshoot/${f.inspectionId}`, { reason: 'x' }, who)).statusCode,
      ).toBe(403);
    }
    await reviewInspections(db, [f.other]);
    const res = await post(`/inspections/requestReshoot/${f.other}`, { reason: 'Again' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'inspection_completed' });
    expect((await post('/inspections/requestReshoot/2000000000', { reason: 'x' })).statusCode).toBe(404);
  });

  it('gives two inspectors requesting at once both a sensible answer', async () => {
    const f = await fixture();
    const [one, two] = await Promise.all([
      post(`/inspections/requestReshoot/${f.inspectionId}`, { reason: 'First' }),
      post(`/inspections/requestReshoot/${f.inspectionId}`, { reason: 'Second' }, 'inspector2'),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const withdraws = await Promise.all([
      post(`/inspections/unRequestReshoot/${f.inspectionId}`, undefined),
      post(`/inspections/unRequestReshoot/${f.inspectionId}`, undefined, 'inspector2'),
    ]);
    expect(withdraws.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(withdraws.map((r) => r.json().changed).sort()).toEqual([false, true]);
  });
});

describe('Escalate', () => {
  it('records the first escalation and e-mails super admins and project managers', async () => {
    const f = await fixture();
    const res = await post(`/inspections/escalate/${f.inspectionId}`, undefined);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().changed).toBe(true);
    expect(
      (await post(`/inspections/escalate/${f.inspectionId}`, undefined, 'inspector2')).json().changed,
    ).toBe(false);
    const viewed = (await get(`/review/inspections/${f.inspectionId}`)).json<ViewerInspection>();
    expect(viewed.escalated_at).not.toBeNull();
    const mails = await sqlRows<{ recipient: string; body: string }>(
      db,
      sql`select recipient, body from outbox where subject like 'Inspection escalated: R-1%'`,
    );
    expect(mails.map((m) => m.recipient)).toContain(cast.people.project_manager!.email);
    expect(mails.map((m) => m.recipient)).not.toContain(cast.people.inspector!.email);
    expect(mails[0]!.body).toContain(`inspectionId=${f.inspectionId}`);
    expect((await post(`/inspections/escalate/${f.inspectionId}`, undefined, 'user')).statusCode).toBe(403);
  });
});

describe('reject and un-reject from the viewer', () => {
  it('gives two inspectors rejecting one photo at once both 200 and rejects it once', async () => {
    const f = await fixture();
    const [one, two] = await Promise.all([
      post('/inspections/images/reject', { notes: 'Blurred', imageIds: [f.b] }),
      post('/inspections/images/reject', { notes: 'Too dark', imageIds: [f.b] }, 'inspector2'),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.json().count + two.json().count).toBe(1);
    const tooLong = await post('/inspections/images/reject', { notes: 'x'.repeat(500), imageIds: [f.b] });
    expect(tooLong.statusCode).toBe(400);
    const [u1, u2] = await Promise.all([
      post(`/inspections/images/unreject/${f.b}`, undefined),
      post(`/inspections/images/unreject/${f.b}`, undefined, 'inspector2'),
    ]);
    expect([u1.statusCode, u2.statusCode]).toEqual([200, 200]);
    expect(u1.json().count + u2.json().count).toBe(1);
  });
});

describe('review history', () => {
  it("lists the inspection's review actions newest first, for staff only", async () => {
    const f = await fixture();
    await post('/inspections/images/reject', { notes: 'Blurred', imageIds: [f.b] });
    await post(`/inspections/images/unreject/${f.b}`, undefined);
    await post(`/inspections/requestReshoot/${f.inspectionId}`, { reason: 'Closer please' });
    await post('/annotations', {
      image_id: f.b,
      rectangle: { x: 1, y: 1, width: 30, height: 30 },
      category: 1,
      risk_level: 3,
      image_width: 100,
      image_height: 100,
    });
    const res = await get(`/review/inspections/${f.inspectionId}/history`);
    expect(res.statusCode, res.body).toBe(200);
    const entries =
      res.json<Array<{ action: string; detail: string; image_name: string | null; user_name: string }>>();
    expect(entries.map((e) => e.action)).toEqual([
      'annotation.create',
      'inspection.reshoot_request',
      'image.unreject',
      'images.reject',
    ]);
    expect(entries[1]!.detail).toBe('Requested a reshoot: Closer please');
    expect(entries[0]!.image_name).toBe('B.JPG');
    expect(entries[0]!.user_name).toBe('Test inspector');
    // Another inspection's actions are not in it.
    const other = (await get(`/review/inspections/${f.other}/history`)).json<unknown[]>();
    expect(other).toEqual([]);
    expect((await get(`/review/inspections/${f.inspectionId}/history`, 'customer_own')).statusCode).toBe(403);
  });
});
