import { FLIGHT_PLAN_MESSAGE } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { createLine, createProject, createStructures } from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;
let inspector: Record<string, string>;
let manager: Record<string, string>;
let userRole: Record<string, string>;
let customer: Record<string, string>;
let projectId: number;
let otherProjectId: number;

/** A QGroundControl plan flying east along the structures' row (they are 0.001° of longitude apart at 38.8°N). */
function qgcPlan(points: Array<[number, number]>): string {
  return JSON.stringify({
    fileType: 'Plan',
    version: 1,
    groundStation: 'QGroundControl',
    geoFence: { circles: [], polygons: [], version: 2 },
    rallyPoints: { points: [], version: 2 },
    mission: {
      version: 2,
      firmwareType: 12,
      vehicleType: 2,
      cruiseSpeed: 15,
      hoverSpeed: 5,
      plannedHomePosition: points[0] ? [points[0][0], points[0][1], 380] : [0, 0, 0],
      items: [
        {
          type: 'SimpleItem',
          command: 22,
          frame: 3,
          params: [0, 0, 0, null, 0, 0, 30],
          doJumpId: 1,
          autoContinue: true,
        },
        ...points.map(([lat, lon], i) => ({
          type: 'SimpleItem',
          command: 16,
          frame: 3,
          params: [0, 0, 0, null, lat, lon, 30],
          doJumpId: i + 2,
          autoContinue: true,
        })),
        {
          type: 'SimpleItem',
          command: 20,
          frame: 2,
          params: [0, 0, 0, 0, 0, 0, 0],
          doJumpId: 99,
          autoContinue: true,
        },
      ],
    },
  });
}

const pathOf = (url: string) => {
  const u = new URL(url, 'http://localhost');
  return u.pathname + u.search;
};

async function token(headers: Record<string, string>, ext = 'plan', pid = projectId, box = 'BOX-7') {
  return ctx.app.inject({
    url: `/api/v1/wibotic/flightplan/uploadToken?projectId=${pid}&wibotic_box_id=${encodeURIComponent(box)}&extension=${ext}`,
    headers,
  });
}

async function putPlan(signedTokenUrl: string, text: string) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: pathOf(signedTokenUrl),
    payload: Buffer.from(text),
    headers: { 'content-type': 'application/json' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

function reportUploaded(headers: Record<string, string>, url: string, filename: string, pid = projectId) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/wibotic/flightplan/uploaded?projectId=${pid}&wibotic_box_id=BOX-7`,
    headers,
    payload: { url, filename },
  });
}

/**
 * Token, PUT and report: the whole upload as the browser does it. A name the token would refuse is signed as
 * .plan, so the report's own check of the name is what is tested.
 */
async function upload(text: string, filename: string, headers = inspector) {
  const ext = filename.split('.').pop()?.toLowerCase();
  const t = await token(headers, ext === 'json' ? 'json' : 'plan');
  expect(t.statusCode, t.body).toBe(200);
  await putPlan(t.json().signedTokenUrl, text);
  return {
    url: t.json().imageUrl as string,
    res: await reportUploaded(headers, t.json().imageUrl, filename),
  };
}

const planCount = async () =>
  (await sqlRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from flight_plans`))[0]!.n;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const companyId = await createCompany(db, 'Flight Plan Utility');
  inspector = bearer(await loginToken(ctx.app, await createUser(db, 'inspector')));
  manager = bearer(await loginToken(ctx.app, await createUser(db, 'project_manager')));
  userRole = bearer(await loginToken(ctx.app, await createUser(db, 'user')));
  customer = bearer(await loginToken(ctx.app, await createUser(db, 'customer', { companyId })));
  projectId = await createProject(db, companyId);
  otherProjectId = await createProject(db, companyId);
  const line = await createLine(db, companyId, projectId, 'Plan Line');
  // 10 structures 0.001° of longitude (~87 m) apart along 38.8°N, from -97.6 eastwards.
  await createStructures(db, projectId, line, 10, { prefix: 'P-' });
});
afterAll(() => ctx.close());

describe('flight plan upload', () => {
  it('signs a PUT, reads the QGroundControl plan and lists it with box, file and dates', async () => {
    const text = qgcPlan([
      [38.8, -97.6],
      [38.8, -97.595],
    ]);
    const { res } = await upload(text, 'Line survey.plan');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      box_id: 'BOX-7',
      filename: 'Line survey.plan',
      format: 'qgc',
      waypoint_count: 3,
      flight_started_date: null,
      created_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const list = await ctx.app.inject({
      url: `/api/v1/wibotic/flightplan?projectId=${projectId}`,
      headers: manager,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((p: { filename: string }) => p.filename)).toContain('Line survey.plan');
    const audit = await sqlRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from audit_log where action = 'flight_plan.upload'`,
    );
    expect(audit[0]!.n).toBeGreaterThan(0);
  });

  it('draws the path and lists the structures it does not come within N metres of', async () => {
    // Along P-1..P-6 (-97.600 .. -97.595); P-7..P-10 are 87 m and more past the end.
    const { res } = await upload(
      qgcPlan([
        [38.8, -97.6],
        [38.8, -97.595],
      ]),
      'coverage.plan',
    );
    const detail = await ctx.app.inject({
      url: `/api/v1/wibotic/flightplan/${res.json().flight_plan_id}`,
      headers: inspector,
    });
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    expect(body.coverage_metres).toBe(50);
    expect(body.waypoints[0]).toEqual({ lat: 38.8, lon: -97.6, alt: 380 });
    expect(body.structure_count).toBe(10);
    expect(body.uncovered_count).toBe(4);
    expect(body.uncovered.map((s: { struct_num: string }) => s.struct_num)).toEqual([
      'P-7',
      'P-8',
      'P-9',
      'P-10',
    ]);
    expect(body.uncovered[0].metres).toBeGreaterThan(80);
    expect(body.uncovered[0].metres).toBeLessThan(95);
  });

  it('accepts a JSON mission in a .json file', async () => {
    const { res } = await upload(
      JSON.stringify({
        waypoints: [
          { latitude: 38.8, longitude: -97.6, altitude: 40 },
          { lat: 38.8, lng: -97.59 },
        ],
      }),
      'mission.JSON',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ format: 'json', waypoint_count: 2 });
  });

  it("refuses another extension at the token: 'Only .plan/.json files are supported.'", async () => {
    const res = await token(inspector, 'txt');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(FLIGHT_PLAN_MESSAGE);
  });

  it.each([
    ['notes.txt', qgcPlan([[38.8, -97.6]])],
    ['broken.plan', '{"fileType": "Plan", "mission": '],
    ['not-a-plan.json', JSON.stringify({ hello: 'world' })],
    [
      'no-positions.plan',
      qgcPlan([]).replace(/"plannedHomePosition":\[[^\]]*\]/, '"plannedHomePosition":[0,0,0]'),
    ],
    [
      'bad-point.json',
      JSON.stringify([
        { lat: 38.8, lon: -97.6 },
        { lat: 'x', lon: 2 },
      ]),
    ],
    ['binary.plan', '\u0000\u00ff\u00fe'],
    // Nested past any real plan: 100,000 arrays, and QGroundControl complex items 50,000 deep (no stack overflow).
    ['deep.json', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
    ['deep-complex.plan', deepComplexPlan(50_000)],
  ])('refuses %s by its name or content, deletes the file and writes nothing', async (filename, text) => {
    const before = await planCount();
    const { url, res } = await upload(text, filename);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'unsupported_file', message: FLIGHT_PLAN_MESSAGE });
    expect(await planCount()).toBe(before);
    expect(await ctx.app.deps.storage.exists(url)).toBe(false);
  });

  it('answers the same plan when an upload is reported twice, also at once', async () => {
    const t = (await token(inspector)).json();
    await putPlan(t.signedTokenUrl, qgcPlan([[38.8, -97.6]]));
    const before = await planCount();
    const [a, b] = await Promise.all([
      reportUploaded(inspector, t.imageUrl, 'twice.plan'),
      reportUploaded(inspector, t.imageUrl, 'twice.plan'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().flight_plan_id).toBe(b.json().flight_plan_id);
    const again = await reportUploaded(inspector, t.imageUrl, 'twice.plan');
    expect(again.json().flight_plan_id).toBe(a.json().flight_plan_id);
    expect(await planCount()).toBe(before + 1);
  });

  it("answers 404 for another user's upload, one for another project, or one never uploaded", async () => {
    const t = (await token(inspector)).json();
    await putPlan(t.signedTokenUrl, qgcPlan([[38.8, -97.6]]));
    expect((await reportUploaded(manager, t.imageUrl, 'x.plan')).statusCode).toBe(404);
    expect((await reportUploaded(inspector, t.imageUrl, 'x.plan', otherProjectId)).statusCode).toBe(404);
    const never = (await token(inspector)).json();
    expect((await reportUploaded(inspector, never.imageUrl, 'x.plan')).statusCode).toBe(404);
    expect((await reportUploaded(inspector, 'uploads/csv/x.csv', 'x.plan')).statusCode).toBe(404);
  });

  it('is for users who can inspect: role User and customers get 403, anonymous 401', async () => {
    for (const headers of [userRole, customer]) {
      expect((await token(headers)).statusCode).toBe(403);
      const list = await ctx.app.inject({
        url: `/api/v1/wibotic/flightplan?projectId=${projectId}`,
        headers,
      });
      expect(list.statusCode).toBe(403);
    }
    expect(
      (await ctx.app.inject({ url: `/api/v1/wibotic/flightplan?projectId=${projectId}` })).statusCode,
    ).toBe(401);
    expect((await token(inspector, 'plan', 999999)).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ url: '/api/v1/wibotic/flightplan/999999', headers: inspector })).statusCode,
    ).toBe(404);
  });

  it.each([
    'wibotic_box_id=&extension=plan',
    'wibotic_box_id=%3Cscript%3E&extension=plan',
    `wibotic_box_id=${'b'.repeat(101)}&extension=plan`,
    'wibotic_box_id=BOX&extension=',
    'wibotic_box_id=BOX',
  ])('answers 400 for a bad token query %s', async (query) => {
    const res = await ctx.app.inject({
      url: `/api/v1/wibotic/flightplan/uploadToken?projectId=${projectId}&${query}`,
      headers: inspector,
    });
    expect(res.statusCode).toBe(400);
  });
});

/** A QGroundControl plan whose complex item holds a complex item … `depth` levels down, a waypoint at the bottom. */
function deepComplexPlan(depth: number): string {
  const open = '{"type":"ComplexItem","TransectStyleComplexItem":{"Items":[';
  const leaf = '{"type":"SimpleItem","command":16,"frame":3,"params":[0,0,0,0,38.8,-97.6,50]}';
  return `{"fileType":"Plan","mission":{"items":[${open.repeat(depth)}${leaf}${']}}'.repeat(depth)}],"plannedHomePosition":[38.8,-97.6,0]}}`;
}
