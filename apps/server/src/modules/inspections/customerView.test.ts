import type { InspectionImage, InspectionRow, ViewerInspection } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/client.ts';
import { useApiCast } from '../../testing/apiCast.ts';
import { createImage, createLine, createProject, createStructures } from '../../testing/projectFactories.ts';

/**
 * Who sees what (spec 2 §6; issue 21 §6): a customer sees the delivered, accepted result, never the
 * inspection company's quality work (rejected photos and counts, unassigned photos). Staff see it all.
 */
const cast = useApiCast('Customer View Utility');
let db: Db;
let companyId: number;
beforeAll(() => {
  ({ db, companyId } = cast);
});
const get = (url: string, who: string) => cast.ctx.app.inject({ url, headers: cast.headers(who) });

async function rejectImage(imageId: number) {
  await db.execute(
    sql`update images set reject_datetime = now(), reject_reason = 'Blurred' where id = ${imageId}`,
  );
}

/**
 * One line with three structures: the first has two photos (one rejected), the second one rejected photo
 * only, the third none; plus two unassigned photos (one of them rejected).
 */
async function project() {
  const projectId = await createProject(db, companyId);
  const lineId = await createLine(db, companyId, projectId, `Feeder ${projectId}`);
  const s = await createStructures(db, projectId, lineId, 3, { prefix: 'S-' });
  const accepted = await createImage(db, projectId, s.structureIds[0]!);
  const rejected = await createImage(db, projectId, s.structureIds[0]!);
  await rejectImage(rejected);
  const rejectedOnly = await createImage(db, projectId, s.structureIds[1]!);
  await rejectImage(rejectedOnly);
  const unassigned = await createImage(db, projectId, null);
  await rejectImage(await createImage(db, projectId, null));
  // Every structure and photo at one point: all of them are near each other and inside one map view.
  await db.execute(sql`update structures set location = point(-97.6, 38.8) where project_id = ${projectId}`);
  await db.execute(sql`update images set location = point(-97.6, 38.8) where project_id = ${projectId}`);
  return { projectId, s, accepted, rejected, rejectedOnly, unassigned };
}

describe('the Inspect list and its counts', () => {
  it('answers a customer no rejected count; staff get it', async () => {
    const { projectId } = await project();
    for (const query of ['', '?q=S-']) {
      const url = `/api/v1/inspections/counts/${projectId}${query}`;
      const customer = await get(url, 'customer_own');
      expect(customer.statusCode, url).toBe(200);
      expect(customer.json(), url).toEqual([{ all_count: 3, pending: 3, completed: 0 }]);
      const staff = await get(url, 'inspector');
      expect(staff.json(), url).toEqual([{ all_count: 3, pending: 3, completed: 0, rejected: 2 }]);
    }
  });

  it('lets nothing through the Rejected filter for a customer, in the list and the export', async () => {
    const { projectId } = await project();
    const urls = [
      `/api/v1/inspections/${projectId}?status=rejected`,
      `/api/v1/inspections/${projectId}?status=rejected&limit=10`,
      `/api/v1/inspections/export?projectId=${projectId}&status=rejected`,
    ];
    for (const url of urls) {
      const customer = await get(url, 'customer_own');
      expect(customer.statusCode, url).toBe(200);
      expect(customer.json(), url).toEqual([]);
      const staff = await get(url, 'inspector');
      expect(
        staff.json<InspectionRow[]>().map((r) => r.structure),
        url,
      ).toEqual(['S-1', 'S-2']);
    }
  });

  it('refuses a customer the reject count sort (400) and sorts their Count by accepted photos', async () => {
    const { projectId } = await project();
    for (const url of [
      `/api/v1/inspections/${projectId}?sort=rejectCount`,
      `/api/v1/inspections/${projectId}?sort=rejectCount&limit=10`,
      `/api/v1/inspections/export?projectId=${projectId}&sort=rejectCount`,
    ]) {
      const customer = await get(url, 'customer_own');
      expect(customer.statusCode, url).toBe(400);
      expect(customer.json(), url).toMatchObject({ code: 'sort_not_allowed' });
      expect((await get(url, 'inspector')).statusCode, url).toBe(200);
    }
    // S-2 has one photo, rejected: to the customer it has none, so it sorts with S-3, after S-1.
    const url = `/api/v1/inspections/${projectId}?sort=count&direction=desc&limit=10`;
    const customer = (await get(url, 'customer_own')).json<InspectionRow[]>();
    expect(customer.map((r) => [r.structure, r.count])).toEqual([
      ['S-1', 1],
      ['S-2', 0],
      ['S-3', 0],
    ]);
    const staff = (await get(url, 'inspector')).json<InspectionRow[]>();
    expect(staff.map((r) => [r.structure, r.count])).toEqual([
      ['S-1', 2],
      ['S-2', 1],
      ['S-3', 0],
    ]);
  });
});

describe('the project header and the Upload reads', () => {
  it('answers a customer no unassigned count and counts only accepted photos on structures', async () => {
    const { projectId } = await project();
    const upload = `/api/v1/inspections/uploadStats?projectId=${projectId}`;
    const customerUpload = (await get(upload, 'customer_own')).json();
    expect(customerUpload).not.toHaveProperty('unassigned_img_count');
    expect(customerUpload).toMatchObject({ img_count: 1 });
    expect((await get(upload, 'inspector')).json()).toMatchObject({ img_count: 2, unassigned_img_count: 1 });

    const counts = `/api/v1/structures/counts/${projectId}`;
    const customerCounts = (await get(counts, 'customer_own')).json();
    expect(customerCounts).not.toHaveProperty('unassigned_img_count');
    expect(customerCounts).toMatchObject({ img_count: 1 });
    expect((await get(counts, 'inspector')).json()).toMatchObject({ img_count: 5, unassigned_img_count: 2 });
  });

  it('refuses a customer the unassigned photo list (403)', async () => {
    const { projectId } = await project();
    const url = `/api/v1/inspections/getUnassignedImages?projectId=${projectId}`;
    expect((await get(url, 'customer_own')).statusCode).toBe(403);
    const staff = await get(url, 'user');
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toHaveLength(1);
  });

  it("leaves rejected and unassigned photos out of a customer's photo list and map", async () => {
    const { projectId, accepted, rejected, rejectedOnly, unassigned } = await project();
    const list = `/api/v1/inspections/images?projectId=${projectId}&limit=50&offset=0`;
    const customer = (await get(list, 'customer_own')).json<{
      rows: { image_id: number }[];
      total: number;
    }>();
    expect(customer.rows.map((r) => r.image_id)).toEqual([accepted]);
    expect(customer.total).toBe(1);
    const staff = (await get(list, 'inspector')).json<{ rows: { image_id: number }[]; total: number }>();
    expect(staff.rows.map((r) => r.image_id)).toEqual(
      expect.arrayContaining([accepted, rejected, rejectedOnly, unassigned]),
    );

    const map = `/api/v1/inspections/images/byBounds?projectId=${projectId}&bounds=-97.7,38.7,-97.5,38.9`;
    const customerMap = (await get(map, 'customer_own')).json<{ images: { image_id: number }[] }>();
    expect(customerMap.images.map((i) => i.image_id)).toEqual([accepted]);
    const staffMap = (await get(map, 'inspector')).json<{ images: { image_id: number }[] }>();
    expect(staffMap.images.map((i) => i.image_id).sort((x, y) => x - y)).toEqual([accepted, unassigned]);
  });

  it("answers 404 to a customer for a rejected or unassigned photo's metadata; staff 200", async () => {
    const { accepted, rejected, unassigned } = await project();
    const exif = (id: number) => `/api/v1/inspections/images/getExif?imageId=${id}`;
    expect((await get(exif(accepted), 'customer_own')).statusCode).toBe(200);
    for (const id of [rejected, unassigned]) {
      expect((await get(exif(id), 'customer_own')).statusCode).toBe(404);
      expect((await get(exif(id), 'inspector')).statusCode).toBe(200);
    }
    const photo = await get(`/api/v1/image/${rejected}?size=FULL_IMG`, 'customer_own');
    expect(photo.statusCode).toBe(404);
    // Nor their markups: every call naming one photo answers a customer as its lists do.
    const annotations = (id: number) => `/api/v1/inspections/getImageAnnotations/${id}`;
    expect((await get(annotations(accepted), 'customer_own')).statusCode).toBe(200);
    for (const id of [rejected, unassigned]) {
      expect((await get(annotations(id), 'customer_own')).statusCode).toBe(404);
      expect((await get(annotations(id), 'inspector')).statusCode).toBe(200);
    }
  });
});

describe('the inspection viewer', () => {
  it("shows a customer the accepted photos only, no nearby unassigned ones, and the list's customer row", async () => {
    const { s, accepted, rejected, unassigned } = await project();
    const id = s.inspectionIds[0]!;
    const images = `/api/v1/inspections/images/${id}`;
    expect((await get(images, 'customer_own')).json<InspectionImage[]>().map((i) => i.id)).toEqual([
      accepted,
    ]);
    expect((await get(images, 'inspector')).json<InspectionImage[]>().map((i) => i.id)).toEqual([
      accepted,
      rejected,
    ]);

    const review = `/api/v1/review/inspections/${id}`;
    const customer = (await get(review, 'customer_own')).json<ViewerInspection>();
    expect(customer.unassigned_nearby).toEqual([]);
    expect(customer.inspection).toMatchObject({ count: 1 });
    expect(customer.inspection).not.toHaveProperty('reject_count');
    const staff = (await get(review, 'inspector')).json<ViewerInspection>();
    expect(staff.inspection).toMatchObject({ count: 2, reject_count: 1 });
    expect(staff.unassigned_nearby.map((u) => u.id)).toContain(unassigned);
  });
});
