import { IMAGE_BATCH_SIZE, MAX_IMAGE_SELECTION, metresBetween, REJECT_REASON_MAX } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/client.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import {
  createLine,
  createPlacedImage,
  createProject,
  createStructures,
} from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;
let db: Db;
const h: Record<string, Record<string, string>> = {};
const userIds: Record<string, number> = {};
let companyId: number;
let projectId: number;
let otherProjectId: number;
let structures: number[];
let otherStructure: number;

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  companyId = await createCompany(db, 'Image Actions Utility');
  const otherCompanyId = await createCompany(db, 'Image Actions Other Utility');
  for (const role of ['super_admin', 'project_manager', 'inspector', 'user'] as const) {
    const u = await createUser(db, role);
    userIds[role] = u.id;
    h[role] = bearer(await loginToken(ctx.app, u));
  }
  h.customer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));
  h.otherCustomer = bearer(
    await loginToken(ctx.app, await createUser(db, 'customer', { companyId: otherCompanyId })),
  );
  projectId = await createProject(db, companyId);
  const line = await createLine(db, companyId, projectId);
  structures = (await createStructures(db, projectId, line, 3)).structureIds;
  otherProjectId = await createProject(db, companyId);
  const otherLine = await createLine(db, companyId, otherProjectId);
  [otherStructure] = (await createStructures(db, otherProjectId, otherLine, 1)).structureIds as [number];
}, 60_000);
afterAll(() => ctx.close());

interface ImageState {
  id: number;
  structure_id: number | null;
  assigned_at: string | null;
  meters_from_struct: number | null;
  assignment_confidence: number | null;
  reject_datetime: string | null;
  reject_reason: string | null;
  rejected_by: number | null;
}

const states = (ids: number[]) =>
  sqlRows<ImageState>(
    db,
    sql`select id, structure_id, assigned_at::text, meters_from_struct, assignment_confidence,
          reject_datetime::text, reject_reason, rejected_by
        from images where id = any(${`{${ids.join(',')}}`}::int[]) order by id`,
  );

const auditCount = async (action: string) => {
  const [row] = await sqlRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from audit_log where action = ${action}`,
  );
  return row!.n;
};

const reassign = (imageIds: unknown, structureId: number, headers = h.project_manager, project = projectId) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/inspections/reassignImages?newStructureId=${structureId}&projectId=${project}`,
    payload: { imageIds },
    headers,
  });

const reject = (imageIds: unknown, notes: unknown, headers = h.inspector) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/inspections/images/reject',
    payload: { imageIds, notes },
    headers,
  });

const unreject = (id: number, headers = h.inspector) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/inspections/images/unreject/${id}`, headers });

/** `n` photos of the project around the first structure, made in the database. */
async function bulkImages(n: number, project = projectId): Promise<number[]> {
  const tag = `bulk-${Math.random().toString(36).slice(2)}`;
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`insert into images (project_id, md5, image_name, storage_key, location)
        select ${project}::int, ${tag} || g, 'B_' || g || '.JPG', ${`${tag}/`} || g,
          point(-97.6 + (g % 50) * 0.00001, 38.8 + (g / 50) * 0.00001)
        from generate_series(1, ${n}::int) g returning id`,
  );
  return rows.map((r) => r.id);
}

describe('PUT /api/v1/inspections/reassignImages', () => {
  it('puts the photos on the structure, recomputes their distance, clears the confidence and is idempotent', async () => {
    const a = await createPlacedImage(db, projectId, null, { lat: 38.8003, lon: -97.6004 });
    const b = await createPlacedImage(db, projectId, structures[1]!, {
      lat: 38.8,
      lon: -97.5995,
      metersFromStruct: 43,
      assignmentConfidence: 0.8,
    });
    const noGps = await createPlacedImage(db, projectId, null);
    const audits = await auditCount('images.reassign');
    const res = await reassign([b, a, noGps, a], structures[0]!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, success: true, count: 3 });
    const after = await states([a, b, noGps]);
    for (const s of after) {
      expect(s.structure_id).toBe(structures[0]);
      expect(s.assignment_confidence).toBeNull();
      expect(s.assigned_at).not.toBeNull();
    }
    // The structure is at (-97.6, 38.8).
    expect(after[0]!.meters_from_struct).toBeCloseTo(metresBetween(38.8003, -97.6004, 38.8, -97.6), 6);
    expect(after[1]!.meters_from_struct).toBeCloseTo(metresBetween(38.8, -97.5995, 38.8, -97.6), 6);
    expect(after[2]!.meters_from_struct).toBeNull();
    expect(await auditCount('images.reassign')).toBe(audits + 1);

    const again = await reassign([a, b, noGps], structures[0]!);
    expect(again.statusCode).toBe(200);
    expect(await states([a, b, noGps])).toEqual(after);
  });

  it('takes more than the 500 a person may select: batches of up to 10,000, and refuses 10,001', async () => {
    expect(MAX_IMAGE_SELECTION).toBe(500);
    const ids = await bulkImages(IMAGE_BATCH_SIZE);
    const res = await reassign(ids, structures[2]!);
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(IMAGE_BATCH_SIZE);
    const [row] = await sqlRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from images where structure_id = ${structures[2]!} and meters_from_struct is not null`,
    );
    expect(row!.n).toBe(IMAGE_BATCH_SIZE);
    const tooMany = await reassign([...ids, ids[0]! + 1_000_000], structures[1]!);
    expect(tooMany.statusCode).toBe(400);
    const [still] = await sqlRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from images where structure_id = ${structures[2]!}`,
    );
    expect(still!.n).toBe(IMAGE_BATCH_SIZE);
  }, 120_000);

  it('changes nothing when one photo is of another project, or the structure is not in the project', async () => {
    const mine = await createPlacedImage(db, projectId, null, { lat: 38.8, lon: -97.6 });
    const foreign = await createPlacedImage(db, otherProjectId, null, { lat: 38.8, lon: -97.6 });
    const before = await states([mine, foreign]);
    const mixed = await reassign([mine, foreign], structures[0]!);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toMatchObject({ code: 'images_not_in_project' });
    const missing = await reassign([mine, 2_000_000_000], structures[0]!);
    expect(missing.statusCode).toBe(400);
    const wrongStructure = await reassign([mine], otherStructure);
    expect(wrongStructure.statusCode).toBe(404);
    expect(wrongStructure.json().message).toBe('Structure not found');
    expect((await reassign([mine], 999_999)).statusCode).toBe(404);
    expect((await reassign([mine], structures[0]!, h.project_manager, 999_999)).statusCode).toBe(404);
    for (const bad of [[], ['x'], [0], 'abc', null]) {
      expect((await reassign(bad, structures[0]!)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await states([mine, foreign])).toEqual(before);
  });

  it('is for staff: every staff role may, customers may not', async () => {
    const id = await createPlacedImage(db, projectId, null);
    for (const role of ['super_admin', 'project_manager', 'inspector', 'user']) {
      expect((await reassign([id], structures[0]!, h[role])).statusCode, role).toBe(200);
    }
    expect((await reassign([id], structures[1]!, h.customer)).statusCode).toBe(403);
    expect((await reassign([id], structures[1]!, h.otherCustomer)).statusCode).toBe(403);
    expect((await states([id]))[0]!.structure_id).toBe(structures[0]);
  });
});

describe('POST /api/v1/inspections/images/reject and unreject/{id}', () => {
  it('rejects with a reason and who, keeps a first rejection, and is idempotent', async () => {
    const a = await createPlacedImage(db, projectId, null);
    const b = await createPlacedImage(db, projectId, structures[0]!, {
      rejected: { at: new Date('2026-01-01T00:00:00Z'), reason: 'First reason', by: userIds.super_admin },
    });
    const audits = await auditCount('images.reject');
    const res = await reject([a, b], 'Out of focus');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, success: true, count: 1 });
    const [sa, sb] = await states([a, b]);
    expect(sa).toMatchObject({ reject_reason: 'Out of focus', rejected_by: userIds.inspector });
    expect(sa!.reject_datetime).not.toBeNull();
    expect(sb).toMatchObject({ reject_reason: 'First reason', rejected_by: userIds.super_admin });
    expect(sb!.reject_datetime).toContain('2026-01-01');
    expect(await auditCount('images.reject')).toBe(audits + 1);

    const again = await reject([a, b], 'Another reason');
    expect(again.json().count).toBe(0);
    expect(await states([a, b])).toEqual([sa, sb]);

    const unreject1 = await unreject(a);
    expect(unreject1.json()).toEqual({ ok: true, success: true, count: 1 });
    expect((await states([a]))[0]).toMatchObject({
      reject_datetime: null,
      reject_reason: null,
      rejected_by: null,
    });
    expect((await unreject(a)).json().count).toBe(0);
  });

  it('takes a photo out of the Upload page lists and back', async () => {
    const id = await createPlacedImage(db, otherProjectId, null);
    const unassigned = async () =>
      (
        await ctx.app.inject({
          url: `/api/v1/inspections/getUnassignedImages?projectId=${otherProjectId}`,
          headers: h.inspector,
        })
      )
        .json()
        .map((i: { image_id: number }) => i.image_id);
    expect(await unassigned()).toContain(id);
    await reject([id], 'Duplicate');
    expect(await unassigned()).not.toContain(id);
    await unreject(id);
    expect(await unassigned()).toContain(id);
  });

  it('requires a reason of at most 499 characters and photos of one project; bad input changes nothing', async () => {
    const a = await createPlacedImage(db, projectId, null);
    const foreign = await createPlacedImage(db, otherProjectId, null);
    for (const notes of ['', '   ', undefined, 'x'.repeat(REJECT_REASON_MAX + 1), 'bad\u0000']) {
      expect((await reject([a], notes)).statusCode, String(notes)).toBe(400);
    }
    expect((await reject([], 'Reason')).statusCode).toBe(400);
    expect((await reject([a, foreign], 'Reason')).json().code).toBe('images_not_in_project');
    expect((await reject([a, 2_000_000_000], 'Reason')).statusCode).toBe(400);
    expect((await reject([2_000_000_000], 'Reason')).statusCode).toBe(404);
    expect((await states([a, foreign])).every((s) => s.reject_datetime === null)).toBe(true);
    const longest = await reject([a], 'x'.repeat(REJECT_REASON_MAX));
    expect(longest.statusCode).toBe(200);
    expect((await unreject(2_000_000_000)).statusCode).toBe(404);
  });

  it('is for inspecting roles (role id below 4)', async () => {
    const id = await createPlacedImage(db, projectId, null);
    for (const role of ['super_admin', 'project_manager', 'inspector']) {
      expect((await reject([id], 'Reason', h[role])).statusCode, role).toBe(200);
      expect((await unreject(id, h[role])).statusCode, role).toBe(200);
    }
    for (const who of ['user', 'customer', 'otherCustomer']) {
      expect((await reject([id], 'Reason', h[who])).statusCode, who).toBe(403);
      expect((await unreject(id, h[who])).statusCode, who).toBe(403);
    }
    expect((await states([id]))[0]!.reject_datetime).toBeNull();
  });
});

describe('reassigning and rejecting the same photos at once', () => {
  it('answers every request and leaves each photo on one structure with its distance, rejected once', async () => {
    const ids = await bulkImages(400);
    const shuffled = (seed: number) =>
      [...ids]
        .map((id, i) => ({ id, k: (i * 7919 + seed * 104729) % 1009 }))
        .sort((x, y) => x.k - y.k)
        .map((x) => x.id)
        .slice(0, 300);
    const requests = Array.from({ length: 12 }, (_, i) =>
      i % 3 === 2
        ? reject(shuffled(i), `Reason ${i}`)
        : reassign(shuffled(i), structures[i % 2]!, i % 2 ? h.user : h.project_manager),
    );
    const answers = await Promise.all(requests);
    expect(answers.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const rows = await sqlRows<{ ok: boolean }>(
      db,
      sql`select (i.meters_from_struct is null) = (i.structure_id is null)
            and (s.id is null or abs(i.meters_from_struct - (
              2 * 6371008.8 * asin(least(1, sqrt(power(sin(radians(s.location[1] - i.location[1]) / 2), 2)
              + cos(radians(i.location[1])) * cos(radians(s.location[1]))
              * power(sin(radians(s.location[0] - i.location[0]) / 2), 2)))))) < 1e-6)
            and (i.reject_datetime is null) = (i.reject_reason is null) as ok
          from images i left join structures s on s.id = i.structure_id
          where i.id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    expect(rows.every((r) => r.ok)).toBe(true);
  }, 120_000);
});
