import { randomUUID } from 'node:crypto';
import { CAPTURE_MESSAGES } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drones } from '../../platform/db/schema/index.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { runDueJobs } from '../../testing/jobs.ts';
import { createLine, createProject, createStructures } from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;
let pilot: string;
let projectId: number;
let firstStructureId: number;
let droneId: number;

// The project's structures stand at 38.8 N from -97.6 E eastwards; the drone's home is 22 m south of the
// first one, and the simulated camera looks north (heading 0) 30° down.
const HOME = { lat: 38.8 - 22 / 111_320, lon: -97.6, alt: 390 };

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const companyId = await createCompany(db, 'Capture Electric');
  pilot = await loginToken(ctx.app, await createUser(db, 'inspector'));
  projectId = await createProject(db, companyId);
  const lineId = await createLine(db, companyId, projectId);
  firstStructureId = (await createStructures(db, projectId, lineId, 3)).structureIds[0]!;
  const [row] = await db
    .insert(drones)
    .values({
      name: 'Capture Quad',
      serialNumber: `CAP-${process.pid}-${Date.now()}`,
      companyId,
      driver: 'simulator',
      homeLat: HOME.lat,
      homeLon: HOME.lon,
      homeAlt: HOME.alt,
      projectId,
    })
    .returning({ id: drones.id });
  droneId = row!.id;
  const taken = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/drones/${droneId}/control`,
    headers: bearer(pilot),
  });
  expect(taken.statusCode).toBe(200);
});
afterAll(() => ctx.close());

const capture = (requestJson: unknown, requestId = randomUUID()) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/drones/sendCommand/${droneId}`,
    headers: bearer(pilot),
    payload: { requestId, endpoint: '/capture', requestJson },
  });

interface ImageRow {
  id: number;
  project_id: number;
  structure_id: number | null;
  lat: number;
  lon: number;
  altitude: number;
  relative_altitude: number;
  bearing: number;
  gimbal_pitch: number;
  camera_make: string;
  has_thumb: boolean;
  width: number;
  height: number;
}

describe('Tap Capture Image', () => {
  it("puts the camera's frame into the project's photos with the vehicle's GPS, heading and gimbal pitch, processed by the photo job", async () => {
    const requestId = randomUUID();
    const res = await capture({ projectId }, requestId);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ ok: true, result: 'executed', endpoint: '/capture' });
    expect(answer.imageId).toEqual(expect.any(Number));

    // The same job as an uploaded photo makes its thumbnail and medium.
    await runDueJobs(ctx.app.deps);
    const [image] = await sqlRows<ImageRow>(
      ctx.database.db,
      sql`select id, project_id, structure_id, location[1]::float8 as lat, location[0]::float8 as lon,
            altitude, relative_altitude, bearing, gimbal_pitch, camera_make, has_thumb, width, height
          from images where id = ${answer.imageId}`,
    );
    expect(image).toMatchObject({
      project_id: projectId,
      camera_make: 'Linewalker',
      has_thumb: true,
      width: 640,
      height: 360,
    });
    // Landed, at home: EXIF keeps ~3 mm of latitude (1/10000 s of arc).
    expect(image!.lat).toBeCloseTo(HOME.lat, 5);
    expect(image!.lon).toBeCloseTo(HOME.lon, 5);
    expect(image!.altitude).toBeCloseTo(HOME.alt, 0);
    expect(image!.relative_altitude).toBeCloseTo(0, 0);
    expect(image!.bearing).toBeCloseTo(0, 0);
    expect(image!.gimbal_pitch).toBeCloseTo(-30, 0);
    // Assigned like any drone photo: the camera looks at the first structure, 22 m ahead.
    expect(image!.structure_id).toBe(firstStructureId);

    // A repeat of the requestId answers the same photo; the command log keeps the project, not the frame.
    const again = await capture({ projectId }, requestId);
    expect(again.json().imageId).toBe(answer.imageId);
    const [logged] = await sqlRows<{ request_json: unknown; result: Record<string, unknown> }>(
      ctx.database.db,
      sql`select request_json, result from drone_commands where request_id = ${requestId}`,
    );
    expect(logged!.request_json).toEqual({ projectId });
    expect(logged!.result.imageId).toBe(answer.imageId);
    expect(logged!.result).not.toHaveProperty('photo');
  });

  it("without a project in requestJson (spec 3 §3 shows it null), goes to the drone's own project", async () => {
    for (const requestJson of [null, {}]) {
      const res = await capture(requestJson);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ ok: true, result: 'executed', imageId: expect.any(Number) });
      const [image] = await sqlRows<{ project_id: number }>(
        ctx.database.db,
        sql`select project_id from images where id = ${res.json().imageId}`,
      );
      expect(image!.project_id).toBe(projectId);
    }
  });

  it('needs a project the pilot may upload to (400 only when the drone has none either), and logs nothing otherwise', async () => {
    const db = ctx.database.db;
    const [company] = await sqlRows<{ company_id: number }>(
      db,
      sql`select company_id from drones where id = ${droneId}`,
    );
    const [row] = await db
      .insert(drones)
      .values({
        name: 'Projectless Quad',
        serialNumber: `CAP-NONE-${process.pid}-${Date.now()}`,
        companyId: company!.company_id,
        driver: 'simulator',
        homeLat: HOME.lat,
        homeLon: HOME.lon,
        homeAlt: HOME.alt,
      })
      .returning({ id: drones.id });
    const loose = row!.id;
    const taken = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/drones/${loose}/control`,
      headers: bearer(pilot),
    });
    expect(taken.statusCode).toBe(200);
    for (const requestJson of [null, {}]) {
      const none = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/drones/sendCommand/${loose}`,
        headers: bearer(pilot),
        payload: { requestId: randomUUID(), endpoint: '/capture', requestJson },
      });
      expect(none.statusCode).toBe(400);
      expect(none.json().issues).toEqual([
        { path: 'requestJson.projectId', message: CAPTURE_MESSAGES.projectRequired },
      ]);
    }
    const missing = await capture({ projectId: 2_000_000_000 });
    expect(missing.statusCode).toBe(404);
    const [count] = await sqlRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from drone_commands
          where drone_id in (${droneId}, ${loose}) and result is null`,
    );
    expect(count!.n).toBe(0);
    const [logged] = await sqlRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from drone_commands where drone_id = ${loose}`,
    );
    expect(logged!.n).toBe(0);
  });
});
