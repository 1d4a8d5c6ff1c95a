import { gunzipSync } from 'node:zlib';
import { AssignmentData, CREW_COLORS } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/client.ts';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import {
  createBulkStructures,
  createCrewGroup,
  createImage,
  createLine,
  createProject,
  createStructures,
} from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

let ctx: TestContext;
let db: Db;
const tokens: Record<string, string> = {};
let companyId: number;
let pilotA: number;
let pilotB: number;
let inactiveStaff: number;
let customerUser: number;

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  companyId = await createCompany(db, 'Assignment Utility');
  const otherCompanyId = await createCompany(db, 'Assignment Other Utility');
  for (const role of ['super_admin', 'project_manager', 'inspector', 'user'] as const) {
    tokens[role] = await loginToken(ctx.app, await createUser(db, role));
  }
  const own = await createUser(db, 'customer', { companyId });
  customerUser = own.id;
  tokens.customer_own = await loginToken(ctx.app, own);
  tokens.customer_other = await loginToken(
    ctx.app,
    await createUser(db, 'customer', { companyId: otherCompanyId }),
  );
  pilotA = (await createUser(db, 'user')).id;
  pilotB = (await createUser(db, 'inspector')).id;
  inactiveStaff = (await createUser(db, 'user', { status: 0 })).id;
});
afterAll(() => ctx.close());

const as = (who: string) => bearer(tokens[who]!);

function post(who: string, url: string, payload?: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: as(who),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function getData(projectId: number, who = 'project_manager'): Promise<AssignmentData> {
  const res = await ctx.app.inject({ url: `/api/v1/assignment/${projectId}`, headers: as(who) });
  expect(res.statusCode).toBe(200);
  return res.json<AssignmentData>();
}

async function auditOf(action: string, objectId: number) {
  const rows = await sqlRows<{ details: Record<string, unknown> }>(
    db,
    sql`select details from audit_log where action = ${action} and object_id = ${String(objectId)} order by id`,
  );
  return rows.map((r) => r.details);
}

async function crewOf(structureIds: number[]): Promise<Array<number | null>> {
  const rows = await sqlRows<{ crew_group_id: number | null }>(
    db,
    sql`select crew_group_id from structures where id = any(${`{${structureIds.join(',')}}`}::int[]) order by id`,
  );
  return rows.map((r) => r.crew_group_id);
}

/** A project with one line of `n` structures; the first structure has two images, one rejected. */
async function project(n = 4) {
  const projectId = await createProject(db, companyId);
  const lineId = await createLine(db, companyId, projectId, `Feeder ${projectId}`);
  const { structureIds } = await createStructures(db, projectId, lineId, n);
  return { projectId, lineId, structureIds };
}

describe('GET /assignment/:id', () => {
  it('answers crews with personnel and counts, every structure, and the staff still available', async () => {
    const { projectId, lineId, structureIds } = await project(4);
    const crew1 = await createCrewGroup(db, projectId, 1);
    await post('project_manager', `/api/v1/assignment/addCrewUser?userId=${pilotA}&crewGroupId=${crew1}`);
    await post(
      'project_manager',
      `/api/v1/assignment/saveStructuresToCrewGroup?crewGroupId=${crew1}&projectId=${projectId}`,
      structureIds.slice(0, 3),
    );
    await createImage(db, projectId, structureIds[0]!);
    await createImage(db, projectId, structureIds[0]!);
    await createImage(db, projectId, structureIds[3]!);
    await createImage(db, projectId, null);

    const data = await getData(projectId);
    expect(data.crew).toEqual([
      {
        crew_group_id: crew1,
        crew_number: 1,
        color: '#000000',
        crew_users: [{ user_id: pilotA, name: 'Test user' }],
        structure_count: 3,
        structures_acquired_count: 1,
      },
    ]);
    // One column per field, entry i of each the i-th structure; the line names once, in lines.
    expect(data.lines).toEqual([{ line_id: lineId, line_name: `Feeder ${projectId}` }]);
    const { structures } = data;
    expect(structures.structure_id).toEqual(structureIds.slice(0, 4));
    expect(structures.struct_num).toEqual([
      expect.any(String),
      expect.any(String),
      expect.any(String),
      expect.any(String),
    ]);
    expect(structures.line_index).toEqual([0, 0, 0, 0]);
    expect(structures.latitude[0]).toBe(38.8);
    expect(structures.longitude[0]).toBe(-97.6);
    expect(structures.structure_source_type_id).toEqual([2, 2, 2, 2]);
    expect(structures.crew_group_id.map((c, i) => [c, structures.image_count[i]])).toEqual([
      [crew1, 2],
      [crew1, 0],
      [crew1, 0],
      [null, 1],
    ]);
    const available = data.availableUsers.map((u) => u.user_id);
    expect(available).toContain(pilotB);
    expect(available).not.toContain(pilotA);
    expect(available).not.toContain(inactiveStaff);
    expect(available).not.toContain(customerUser);
  });

  it('answers empty lists for a project without crews or structures', async () => {
    const projectId = await createProject(db, companyId);
    const data = await getData(projectId, 'inspector');
    expect(data.crew).toEqual([]);
    expect(data.lines).toEqual([]);
    for (const values of Object.values(data.structures)) expect(values).toEqual([]);
    expect(data.availableUsers.length).toBeGreaterThan(0);
  });

  it('refuses customers, even of the project company, and answers 404 for an unknown project', async () => {
    const { projectId } = await project(1);
    for (const who of ['customer_own', 'customer_other']) {
      const res = await ctx.app.inject({ url: `/api/v1/assignment/${projectId}`, headers: as(who) });
      expect(res.statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ url: `/api/v1/assignment/${projectId}` })).statusCode).toBe(401);
    const missing = await ctx.app.inject({ url: '/api/v1/assignment/99999999', headers: as('user') });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      requestId: expect.any(String),
      code: 'not_found',
      message: 'Project not found',
    });
  });
});

describe('POST /assignment/addCrewGroup/:id', () => {
  it('takes the lowest free number with its colour and refuses an eleventh crew group', async () => {
    const projectId = await createProject(db, companyId);
    await createCrewGroup(db, projectId, 2);
    const first = await post('project_manager', `/api/v1/assignment/addCrewGroup/${projectId}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      ok: true,
      success: true,
      crewGroup: { crew_number: 1, color: CREW_COLORS[0], crew_users: [], structure_count: 0 },
    });
    for (let n = 3; n <= 10; n++) {
      const res = await post('super_admin', `/api/v1/assignment/addCrewGroup/${projectId}`);
      expect(res.json().crewGroup).toMatchObject({ crew_number: n, color: CREW_COLORS[n - 1] });
    }
    const eleventh = await post('super_admin', `/api/v1/assignment/addCrewGroup/${projectId}`);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toEqual({
      requestId: expect.any(String),
      code: 'crew_group_limit',
      message: 'A project can have at most 10 crew groups.',
    });
    expect((await getData(projectId)).crew.map((c) => c.crew_number)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    const audit = await auditOf('crew_group.create', first.json().crewGroup.crew_group_id);
    expect(audit).toEqual([{ projectId, crewNumber: 1, color: CREW_COLORS[0] }]);
  });

  it('numbers crew groups added at the same moment one after the other', async () => {
    const projectId = await createProject(db, companyId);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        post('project_manager', `/api/v1/assignment/addCrewGroup/${projectId}`),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const numbers = answers.map((r) => r.json().crewGroup.crew_number).sort();
    expect(numbers).toEqual([1, 2, 3, 4, 5]);
  });

  it('answers 404 for an unknown project and 403 to roles that may not create', async () => {
    expect((await post('super_admin', '/api/v1/assignment/addCrewGroup/99999999')).statusCode).toBe(404);
    const projectId = await createProject(db, companyId);
    for (const who of ['inspector', 'user', 'customer_own']) {
      expect((await post(who, `/api/v1/assignment/addCrewGroup/${projectId}`)).statusCode).toBe(403);
    }
    expect((await getData(projectId)).crew).toEqual([]);
  });
});

describe('POST /assignment/deleteCrewGroup', () => {
  it('unassigns its structures and personnel, then deletes it', async () => {
    const { projectId, structureIds } = await project(3);
    const crew = await createCrewGroup(db, projectId, 1);
    const keep = await createCrewGroup(db, projectId, 2);
    await post('project_manager', `/api/v1/assignment/addCrewUser?userId=${pilotA}&crewGroupId=${crew}`);
    await post('project_manager', `/api/v1/assignment/addCrewUser?userId=${pilotB}&crewGroupId=${keep}`);
    const q = `projectId=${projectId}`;
    await post('project_manager', `/api/v1/assignment/saveStructuresToCrewGroup?crewGroupId=${crew}&${q}`, [
      structureIds[0],
      structureIds[1],
    ]);
    await post('project_manager', `/api/v1/assignment/saveStructuresToCrewGroup?crewGroupId=${keep}&${q}`, [
      structureIds[2],
    ]);

    const res = await post('project_manager', `/api/v1/assignment/deleteCrewGroup?crewGroupId=${crew}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, success: true, unassignedStructures: 2, removedUsers: 1 });
    expect(await crewOf(structureIds)).toEqual([null, null, keep]);
    const data = await getData(projectId);
    expect(data.crew.map((c) => c.crew_group_id)).toEqual([keep]);
    expect(data.availableUsers.map((u) => u.user_id)).toContain(pilotA);
    expect(await auditOf('crew_group.delete', crew)).toEqual([
      { projectId, crewNumber: 1, unassignedStructures: 2, removedUsers: 1 },
    ]);

    const again = await post('project_manager', `/api/v1/assignment/deleteCrewGroup?crewGroupId=${crew}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Crew group not found');
  });

  it('validates the query and refuses roles that may not create', async () => {
    const bad = await post('super_admin', '/api/v1/assignment/deleteCrewGroup?crewGroupId=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
    expect((await post('super_admin', '/api/v1/assignment/deleteCrewGroup')).statusCode).toBe(400);
    const projectId = await createProject(db, companyId);
    const crew = await createCrewGroup(db, projectId, 1);
    for (const who of ['inspector', 'user', 'customer_own', 'customer_other']) {
      expect((await post(who, `/api/v1/assignment/deleteCrewGroup?crewGroupId=${crew}`)).statusCode).toBe(
        403,
      );
    }
    expect((await getData(projectId)).crew).toHaveLength(1);
  });
});

describe('POST /assignment/addCrewUser and /removeCrewUser', () => {
  it('adds active staff once per project and removes idempotently', async () => {
    const projectId = await createProject(db, companyId);
    const crew1 = await createCrewGroup(db, projectId, 1);
    const crew2 = await createCrewGroup(db, projectId, 2);
    const add = (crew: number, user: number) =>
      post('project_manager', `/api/v1/assignment/addCrewUser?userId=${user}&crewGroupId=${crew}`);
    const remove = (crew: number, user: number) =>
      post('project_manager', `/api/v1/assignment/removeCrewUser?userId=${user}&crewGroupId=${crew}`);

    const added = await add(crew1, pilotA);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ ok: true, success: true, changed: true });
    expect((await add(crew1, pilotA)).json()).toEqual({ ok: true, success: true, changed: false });

    const elsewhere = await add(crew2, pilotA);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toEqual({
      requestId: expect.any(String),
      code: 'user_in_other_crew',
      message: 'This user is already in crew 1 of this project; remove them there first.',
    });

    // Another project's crews are independent.
    const otherProject = await createProject(db, companyId);
    const otherCrew = await createCrewGroup(db, otherProject, 1);
    expect((await add(otherCrew, pilotA)).statusCode).toBe(200);

    for (const user of [inactiveStaff, customerUser, 99999999]) {
      const res = await add(crew1, user);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        requestId: expect.any(String),
        code: 'not_active_staff',
        message: 'Only active pilots and field staff (inspectors and users) can be added to a crew.',
      });
    }

    const data = await getData(projectId);
    expect(data.crew.find((c) => c.crew_group_id === crew1)?.crew_users.map((u) => u.user_id)).toEqual([
      pilotA,
    ]);
    expect(data.availableUsers.map((u) => u.user_id)).not.toContain(pilotA);

    expect((await remove(crew1, pilotA)).json()).toEqual({ ok: true, success: true, changed: true });
    expect((await remove(crew1, pilotA)).json()).toEqual({ ok: true, success: true, changed: false });
    expect((await add(crew2, pilotA)).json().changed).toBe(true);
    expect(await auditOf('crew_group.remove_user', crew1)).toEqual([
      { projectId, userId: pilotA, changed: true },
      { projectId, userId: pilotA, changed: false },
    ]);
  });

  it('offers pilots first, then field staff; office roles only when they are pilots', async () => {
    const projectId = await createProject(db, companyId);
    const crew1 = await createCrewGroup(db, projectId, 1);
    const admin = (await createUser(db, 'super_admin')).id;
    const manager = (await createUser(db, 'project_manager')).id;
    const flyingManager = (await createUser(db, 'project_manager')).id;
    await db.execute(sql`insert into pilots (user_id) values (${flyingManager})`);

    const data = await getData(projectId);
    const offered = new Map(data.availableUsers.map((u) => [u.user_id, u.crew_role]));
    expect(offered.has(admin)).toBe(false);
    expect(offered.has(manager)).toBe(false);
    expect(offered.get(flyingManager)).toBe('pilot');
    expect(offered.get(pilotB)).toBe('field_staff');
    const roles = data.availableUsers.map((u) => u.crew_role);
    expect(roles.lastIndexOf('pilot')).toBeLessThan(roles.indexOf('field_staff'));

    const add = (user: number) =>
      post('project_manager', `/api/v1/assignment/addCrewUser?userId=${user}&crewGroupId=${crew1}`);
    expect((await add(admin)).statusCode).toBe(400);
    expect((await add(manager)).statusCode).toBe(400);
    expect((await add(flyingManager)).statusCode).toBe(200);
  });

  it('puts a user added to two crews at the same moment into exactly one of them', async () => {
    const projectId = await createProject(db, companyId);
    const crews = [await createCrewGroup(db, projectId, 1), await createCrewGroup(db, projectId, 2)];
    const answers = await Promise.all(
      crews.map((crew) =>
        post('project_manager', `/api/v1/assignment/addCrewUser?userId=${pilotB}&crewGroupId=${crew}`),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const data = await getData(projectId);
    expect(data.crew.flatMap((c) => c.crew_users.map((u) => u.user_id))).toEqual([pilotB]);
  });

  it('answers 404 for an unknown crew group, 400 for a bad query, 403 to roles that may not create', async () => {
    const missing = await post(
      'super_admin',
      `/api/v1/assignment/addCrewUser?userId=${pilotA}&crewGroupId=99999999`,
    );
    expect(missing.statusCode).toBe(404);
    const removeMissing = await post(
      'super_admin',
      `/api/v1/assignment/removeCrewUser?userId=${pilotA}&crewGroupId=99999999`,
    );
    expect(removeMissing.statusCode).toBe(404);
    const noUser = await post('super_admin', '/api/v1/assignment/addCrewUser?crewGroupId=1');
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json().issues[0].path).toBe('querystring.userId');
    const projectId = await createProject(db, companyId);
    const crew = await createCrewGroup(db, projectId, 1);
    for (const who of ['inspector', 'user', 'customer_own']) {
      const res = await post(who, `/api/v1/assignment/addCrewUser?userId=${pilotB}&crewGroupId=${crew}`);
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('POST /assignment/saveStructuresToCrewGroup and /unAssignStructuresFromCrewGroup', () => {
  const save = (crew: number, projectId: number, ids: unknown, who = 'project_manager') =>
    post(who, `/api/v1/assignment/saveStructuresToCrewGroup?crewGroupId=${crew}&projectId=${projectId}`, ids);
  const unassign = (projectId: number, ids: unknown, who = 'project_manager') =>
    post(who, `/api/v1/assignment/unAssignStructuresFromCrewGroup?projectId=${projectId}`, ids);

  it('assigns, reassigns and unassigns idempotently, counting repeated ids once', async () => {
    const { projectId, structureIds } = await project(4);
    const crew1 = await createCrewGroup(db, projectId, 1);
    const crew2 = await createCrewGroup(db, projectId, 2);
    const [a, b, c, d] = structureIds as [number, number, number, number];

    const res = await save(crew1, projectId, [a, b, c, a]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, success: true, updated: 3 });
    expect((await save(crew1, projectId, [a, b, c])).json().updated).toBe(3);
    expect((await save(crew2, projectId, [c])).json().updated).toBe(1);
    expect(await crewOf(structureIds)).toEqual([crew1, crew1, crew2, null]);

    const data = await getData(projectId);
    expect(data.crew.map((g) => g.structure_count)).toEqual([2, 1]);

    expect((await unassign(projectId, [b, d])).json()).toEqual({ ok: true, success: true, updated: 2 });
    expect((await unassign(projectId, [b, d])).json().updated).toBe(2);
    expect(await crewOf(structureIds)).toEqual([crew1, null, crew2, null]);
    expect((await save(crew1, projectId, [])).json().updated).toBe(0);

    expect(await auditOf('structures.assign', projectId)).toEqual([
      { count: 3, crewGroupId: crew1 },
      { count: 3, crewGroupId: crew1 },
      { count: 1, crewGroupId: crew2 },
      { count: 0, crewGroupId: crew1 },
    ]);
    expect(await auditOf('structures.unassign', projectId)).toEqual([
      { count: 2, crewGroupId: null },
      { count: 2, crewGroupId: null },
    ]);
  });

  it('changes nothing when an id belongs to another project, and says how many do not belong', async () => {
    const { projectId, structureIds } = await project(3);
    const other = await project(2);
    const crew = await createCrewGroup(db, projectId, 1);
    const mixed = [...structureIds, other.structureIds[0]!, 99999999];
    const res = await save(crew, projectId, mixed);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      requestId: expect.any(String),
      code: 'structures_not_in_project',
      message: '2 of the 5 structures do not belong to this project; nothing was changed.',
      notInProject: 2,
    });
    expect(await crewOf(structureIds)).toEqual([null, null, null]);

    await save(crew, projectId, structureIds);
    const un = await unassign(projectId, [structureIds[0], other.structureIds[1]]);
    expect(un.statusCode).toBe(400);
    expect(un.json().message).toBe(
      '1 of the 2 structures do not belong to this project; nothing was changed.',
    );
    expect(await crewOf(structureIds)).toEqual([crew, crew, crew]);
    expect(await auditOf('structures.unassign', projectId)).toEqual([]);
  });

  it('refuses a crew group of another project and an unknown crew group or project', async () => {
    const { projectId, structureIds } = await project(1);
    const other = await project(1);
    const otherCrew = await createCrewGroup(db, other.projectId, 1);
    const res = await save(otherCrew, projectId, structureIds);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      requestId: expect.any(String),
      code: 'crew_group_not_in_project',
      message: 'The crew group does not belong to this project.',
    });
    expect((await save(99999999, projectId, structureIds)).statusCode).toBe(404);
    const noProject = await unassign(99999999, structureIds);
    expect(noProject.statusCode).toBe(404);
    expect(noProject.json().message).toBe('Project not found');
    expect(await crewOf(structureIds)).toEqual([null]);
  });

  it('validates the body: a list of at most 10000 positive integer ids', async () => {
    const { projectId } = await project(1);
    const crew = await createCrewGroup(db, projectId, 1);
    const tooMany = Array.from({ length: 10_001 }, (_, i) => i + 1);
    for (const res of [await save(crew, projectId, tooMany), await unassign(projectId, tooMany)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'body: At most 10000 structures can be assigned in one request; send them in batches.',
      );
    }
    for (const body of [{ ids: [1] }, ['1x'], [0], [1.5], [2_147_483_648]]) {
      expect((await save(crew, projectId, body)).statusCode).toBe(400);
    }
    const hugeId = await post(
      'project_manager',
      `/api/v1/assignment/saveStructuresToCrewGroup?crewGroupId=2147483648&projectId=${projectId}`,
      [1],
    );
    expect(hugeId.statusCode).toBe(400);
    const noQuery = await post('project_manager', '/api/v1/assignment/saveStructuresToCrewGroup', [1]);
    expect(noQuery.statusCode).toBe(400);
    expect(noQuery.json().issues.map((i: { path: string }) => i.path)).toEqual([
      'querystring.crewGroupId',
      'querystring.projectId',
    ]);
  });

  it('refuses roles that may not create', async () => {
    const { projectId, structureIds } = await project(1);
    const crew = await createCrewGroup(db, projectId, 1);
    for (const who of ['inspector', 'user', 'customer_own', 'customer_other']) {
      expect((await save(crew, projectId, structureIds, who)).statusCode).toBe(403);
      expect((await unassign(projectId, structureIds, who)).statusCode).toBe(403);
    }
    expect(await crewOf(structureIds)).toEqual([null]);
  });

  it('assigns 10,000 structures in one request and the crew counts follow', async () => {
    const projectId = await createProject(db, companyId);
    const lineIds = [
      await createLine(db, companyId, projectId, `Big A ${projectId}`),
      await createLine(db, companyId, projectId, `Big B ${projectId}`),
    ];
    const ids = await createBulkStructures(db, projectId, lineIds, 10_500, { imageEvery: 10 });
    const crew = await createCrewGroup(db, projectId, 1);
    const batch = ids.slice(0, 10_000);
    const res = await save(crew, projectId, batch);
    expect(res.statusCode).toBe(200);
    expect(res.json().updated).toBe(10_000);
    const data = await getData(projectId);
    expect(data.structures.structure_id).toHaveLength(10_500);
    for (const values of Object.values(data.structures)) expect(values).toHaveLength(10_500);
    expect(data.crew[0]).toMatchObject({ structure_count: 10_000, structures_acquired_count: 1000 });
    expect(data.structures.crew_group_id.filter((c) => c === crew)).toHaveLength(10_000);
    // Each structure's line index names its own line.
    expect(data.lines.map((l) => l.line_id).sort((a, b) => a - b)).toEqual(
      [...lineIds].sort((a, b) => a - b),
    );
    const lineOfRow = await sqlRows<{ line_id: number }>(
      db,
      sql`select line_id from structures where project_id = ${projectId} order by id`,
    );
    expect(data.structures.line_index.map((i) => data.lines[i]!.line_id)).toEqual(
      lineOfRow.map((r) => r.line_id),
    );

    // The answer is gzip-compressed for browsers and states its length before compression (progress).
    const zipped = await ctx.app.inject({
      url: `/api/v1/assignment/${projectId}`,
      headers: { ...as('project_manager'), 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const text = gunzipSync(zipped.rawPayload);
    expect(Number(zipped.headers['x-uncompressed-length'])).toBe(text.length);
    expect(text.length).toBeGreaterThan(zipped.rawPayload.length * 3);
    expect(AssignmentData.parse(JSON.parse(text.toString('utf8')))).toEqual(data);

    const un = await unassign(projectId, batch);
    expect(un.json().updated).toBe(10_000);
    expect((await getData(projectId)).crew[0]!.structure_count).toBe(0);
  }, 120_000);
});
