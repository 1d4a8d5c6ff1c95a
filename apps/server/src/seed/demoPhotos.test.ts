import { OPERATING_COMPANY_ID, ROLE_IDS } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../platform/db/schema/index.ts';
import { runDueJobs } from '../testing/jobs.ts';
import { sqlRows } from '../testing/rows.ts';
import { createTestApp, type TestContext } from '../testing/testApp.ts';
import { loadDemoData } from './demo.ts';
import { loadDemoDelivery } from './demoDelivery.ts';
import { DEMO_PHOTO_PROJECT, loadDemoPhotos } from './demoPhotos.ts';

describe('demo photos', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    // An install that limits uploads per user and hour still loads its 59 demo photos (the seed is no user).
    ctx = await createTestApp({ UPLOAD_TOKENS_PER_HOUR: '5' });
    await ctx.database.db.insert(users).values({
      companyId: OPERATING_COMPANY_ID,
      roleId: ROLE_IDS.superAdmin,
      firstName: 'Site',
      lastName: 'Administrator',
      email: 'admin@demo.linewalker.app',
      passwordHash: 'kept-as-is',
    });
    await loadDemoData(ctx.database.db);
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('uploads the field photos through the upload service, assigns them by camera pose, and processes them', async () => {
    const now = new Date('2026-11-20T18:00:00Z');
    expect(await loadDemoPhotos(ctx.app.deps, now)).toBe(59);
    const rows = await sqlRows<{ structure_id: number | null; n: number; verified: boolean }>(
      ctx.database.db,
      sql`select i.structure_id, count(*)::int as n, bool_and(i.md5 is not null) as verified
          from images i join projects p on p.id = i.project_id
          where p.project_name = ${DEMO_PHOTO_PROJECT}
          group by i.structure_id order by n desc`,
    );
    const perStructure = rows.filter((r) => r.structure_id !== null).map((r) => r.n);
    // Ten structures with five views, two short ones with three.
    expect(perStructure).toEqual([5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 3, 3]);
    // Two without GPS and the span shot stay for a person to place.
    expect(rows.find((r) => r.structure_id === null)?.n).toBe(3);

    // The same photos again store nothing new: each is already in the project (by md5).
    expect(await loadDemoPhotos(ctx.app.deps, now)).toBe(0);

    await runDueJobs(ctx.app.deps);
    const [processed] = await sqlRows<{ thumbs: number }>(
      ctx.database.db,
      sql`select count(*)::int as thumbs from images where has_thumb and has_medium`,
    );
    expect(processed?.thumbs).toBe(59);
  }, 240_000);

  it('delivers the photos of the first four photographed structures, and builds their package', async () => {
    expect(await loadDemoDelivery(ctx.app.deps)).toBe(20);
    // Run again (a restart on the same data): nothing new to deliver.
    expect(await loadDemoDelivery(ctx.app.deps)).toBe(0);
    await runDueJobs(ctx.app.deps);
    const [pkg] = await sqlRows<{ status: string; image_count: number; archive_name: string }>(
      ctx.database.db,
      sql`select status, image_count, archive_name from delivery_packages`,
    );
    expect(pkg).toEqual({ status: 'ready', image_count: 20, archive_name: 'First patrol delivery' });
  }, 240_000);
});
