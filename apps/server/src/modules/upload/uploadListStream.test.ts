import { UploadImage, UploadStructure } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { LIST_CHUNK_ROWS } from '../../platform/db/rowChunks.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { createImage, createLine, createProject, createStructures } from '../../testing/projectFactories.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { projectStructures, unassignedImages } from './upload.repository.ts';

/**
 * The Upload tab's whole lists (every structure, every unassigned photo) are streamed a chunk at a time
 * (issue 21 §5): the same bytes as the one-statement answers they replace, across chunk boundaries.
 */
let ctx: TestContext;
let db: Db;
let projectId: number;
let staff: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  const companyId = await createCompany(db, 'Upload Stream Utility');
  staff = bearer(await loginToken(ctx.app, await createUser(db, 'project_manager')));
  projectId = await createProject(db, companyId);
  const line = await createLine(db, companyId, projectId, 'Feeder "7"');
  const { structureIds, inspectionIds } = await createStructures(db, projectId, line, LIST_CHUNK_ROWS + 40);
  await createImage(db, projectId, structureIds[3]!);
  await createImage(db, projectId, structureIds[LIST_CHUNK_ROWS + 1]!);
  await db.execute(sql`update inspections set date_reviewed = now() where id = ${inspectionIds[3]!}`);
  // Unassigned photos whose names tie and sort across the chunk boundary (name, then id).
  const first = await createImage(db, projectId, null);
  await db.execute(sql`
    insert into images (project_id, md5, image_name, storage_key, uploaded_at, capture_time, location)
    select ${projectId}, 'md5-stream-' || g, 'DJI_' || lpad((g % 700)::text, 4, '0') || '.JPG',
      'photos/stream/' || g || '.jpg', '2026-05-01T10:00:00Z'::timestamptz + g * interval '1 second',
      case when g % 3 = 0 then null else '2026-04-30T08:00:00Z'::timestamptz end,
      point(-97.6 + g * 0.0001, 38.8)
    from generate_series(1, ${LIST_CHUNK_ROWS + 100}) g`);
  await db.execute(sql`update images set reject_datetime = now() where id = ${first}`);
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ url, headers: staff });

describe('the Upload tab lists, streamed', () => {
  it('every structure: the same JSON as the one-statement answer', async () => {
    const res = await get(`/api/v1/inspections/structures?projectId=${projectId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toHaveLength(LIST_CHUNK_ROWS + 40);
    const reference = JSON.stringify(z.array(UploadStructure).parse(await projectStructures(db, projectId)));
    expect(res.body).toBe(reference);
  });

  it('every unassigned photo: the same JSON, name ties kept in id order across chunks', async () => {
    const res = await get(`/api/v1/inspections/getUnassignedImages?projectId=${projectId}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json<UploadImage[]>();
    expect(rows).toHaveLength(LIST_CHUNK_ROWS + 100);
    expect(new Set(rows.map((r) => r.image_id)).size).toBe(rows.length);
    const reference = JSON.stringify(z.array(UploadImage).parse(await unassignedImages(db, projectId)));
    expect(res.body).toBe(reference);
  });

  it('an empty project answers [] and another company is refused before anything is sent', async () => {
    const empty = await createProject(db, await createCompany(db, 'Upload Stream Empty'));
    expect((await get(`/api/v1/inspections/structures?projectId=${empty}`)).body).toBe('[]');
    expect((await get(`/api/v1/inspections/getUnassignedImages?projectId=${empty}`)).body).toBe('[]');
    const customer = bearer(
      await loginToken(ctx.app, await createUser(db, 'customer', { companyId: await createCompany(db) })),
    );
    const refused = await ctx.app.inject({
      url: `/api/v1/inspections/structures?projectId=${projectId}`,
      headers: customer,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'not_found' });
  });
});
