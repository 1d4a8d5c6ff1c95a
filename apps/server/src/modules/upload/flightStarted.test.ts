import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dronePhoto } from '../../testing/dronePhotos.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { uploadPhoto } from '../../testing/photoUploads.ts';
import { createLine, createProject, createStructures } from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { insertPlan } from '../flightPlans/flightPlans.repository.ts';

/**
 * Spec 2 §3: a project's wibotic entries (flight plans) have flight_started_date. It is the earliest EXIF
 * capture time of the project's photos taken since the plan was uploaded, set as photos are ingested and
 * never moved later.
 */
let ctx: TestContext;
let pm: Record<string, string>;
let projectId: number;
let userId: number;
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const companyId = await createCompany(db, 'Flight Start Utility');
  const user = await createUser(db, 'project_manager');
  userId = user.id;
  pm = bearer(await loginToken(ctx.app, user));
  projectId = await createProject(db, companyId, { timeZone: 'America/Chicago' });
  const lineId = await createLine(db, companyId, projectId);
  await createStructures(db, projectId, lineId, 1);
}, 120_000);
afterAll(() => ctx.close());

/** A plan uploaded at `createdAt` (now when not given). */
async function plan(boxId: string, createdAt?: string) {
  const id = await insertPlan(ctx.database.db, {
    projectId,
    boxId,
    storageKey: `plans/${boxId}.plan`,
    filename: `${boxId}.plan`,
    uploadedBy: userId,
    format: 'qgc',
    waypoints: [],
  });
  if (createdAt) {
    await ctx.database.db.execute(
      sql`update flight_plans set created_date = ${createdAt}::timestamptz where id = ${id}`,
    );
  }
}

const startedDates = async () =>
  (
    await sqlRows<{ box_id: string; started: string | null }>(
      ctx.database.db,
      sql`select box_id, to_char(flight_started_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as started
        from flight_plans where project_id = ${projectId} order by box_id`,
    )
  ).map((r) => [r.box_id, r.started]);

/** A photo taken at this local (Chicago) time. */
async function photoAt(local: string) {
  const bytes = await dronePhoto({
    label: `flight ${++n}`,
    latitude: 38.8,
    longitude: -97.6,
    dateTimeOriginal: local,
  });
  const { res } = await uploadPhoto(ctx.app, pm, projectId, bytes);
  expect(res!.statusCode).toBe(200);
}

describe('flight_started_date', () => {
  it('is unset until a photo taken after the upload arrives, then the earliest of them; never moved later', async () => {
    await plan('BOX-A', '2026-01-15T12:00:00Z');
    expect(await startedDates()).toEqual([['BOX-A', null]]);

    await photoAt('2026:01:15 10:00:00'); // 16:00 UTC in January in Chicago
    expect(await startedDates()).toEqual([['BOX-A', '2026-01-15T16:00:00Z']]);

    await photoAt('2026:01:15 11:30:00');
    expect(await startedDates()).toEqual([['BOX-A', '2026-01-15T16:00:00Z']]);

    // A photo taken earlier (uploaded later) moves it earlier.
    await photoAt('2026:01:15 09:15:00');
    expect(await startedDates()).toEqual([['BOX-A', '2026-01-15T15:15:00Z']]);

    // A photo taken before the plan was uploaded belongs to an earlier flight.
    await photoAt('2026:01:15 05:30:00'); // 11:30 UTC
    expect(await startedDates()).toEqual([['BOX-A', '2026-01-15T15:15:00Z']]);

    // A plan sent after every photo was taken has not flown yet; the API shows both.
    await plan('BOX-B');
    expect(await startedDates()).toEqual([
      ['BOX-A', '2026-01-15T15:15:00Z'],
      ['BOX-B', null],
    ]);
    const listed = await ctx.app.inject({
      url: `/api/v1/wibotic/flightplan?projectId=${projectId}`,
      headers: pm,
    });
    expect(listed.statusCode).toBe(200);
    const dates = (listed.json() as Array<{ box_id: string; flight_started_date: string | null }>).map(
      (p) => [p.box_id, p.flight_started_date && new Date(p.flight_started_date).toISOString()],
    );
    expect(dates).toEqual([
      ['BOX-B', null],
      ['BOX-A', '2026-01-15T15:15:00.000Z'],
    ]);
  });

  it('concurrent uploads settle on the earliest taken since the upload', async () => {
    await Promise.all([
      photoAt('2026:01:15 08:00:00'),
      photoAt('2026:01:15 08:30:00'),
      photoAt('2026:01:15 07:45:00'),
    ]);
    expect(await startedDates()).toEqual([
      ['BOX-A', '2026-01-15T13:45:00Z'],
      ['BOX-B', null],
    ]);
  });
});
