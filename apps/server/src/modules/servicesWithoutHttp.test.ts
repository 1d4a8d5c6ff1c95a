import { ROLE_ID_BY_NAME, type RoleName } from '@linewalker/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, systemActor, type UserActor } from '../platform/auth/actor.ts';
import { auditLog } from '../platform/db/schema/index.ts';
import { AppError } from '../platform/errors.ts';
import { createCompany, createUser } from '../testing/factories.ts';
import { createCrewGroup, createLine, createProject, createStructures } from '../testing/projectFactories.ts';
import { createTestApp, type TestContext } from '../testing/testApp.ts';
import { setStructuresCrew } from './assignment/assignment.service.ts';
import { getProject, listProjects, setArchived } from './projects/projects.service.ts';

let ctx: TestContext;
let ownCompany: number;
let otherCompany: number;
let ownProject: number;
let otherProject: number;

async function actor(roleName: RoleName, companyId = 1): Promise<UserActor> {
  const user = await createUser(ctx.database.db, roleName, { companyId });
  return {
    kind: 'user',
    userId: user.id,
    roleId: ROLE_ID_BY_NAME[roleName],
    roleName,
    companyId,
    ip: '203.0.113.9',
    requestId: `test-${roleName}`,
  };
}

async function failure(work: Promise<unknown>): Promise<{ status: number; code: string }> {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return { status: err.statusCode, code: err.code };
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  ownCompany = await createCompany(db, 'Service Own Utility');
  otherCompany = await createCompany(db, 'Service Other Utility');
  ownProject = await createProject(db, ownCompany);
  otherProject = await createProject(db, otherCompany);
});
afterAll(() => ctx.close());

describe('services called without HTTP', () => {
  it("confine a customer actor to their company's projects", async () => {
    const customer = await actor('customer', ownCompany);
    const listed = await listProjects(ctx.app.deps, customer);
    expect(listed.map((p) => p.id)).toEqual([ownProject]);
    expect((await getProject(ctx.app.deps, customer, ownProject)).id).toBe(ownProject);
    expect(await failure(getProject(ctx.app.deps, customer, otherProject))).toEqual({
      status: 404,
      code: 'not_found',
    });
  });

  it('refuse by role what the policy refuses, before changing anything', async () => {
    const inspector = await actor('inspector');
    expect(await failure(setArchived(ctx.app.deps, inspector, ownProject, true))).toEqual({
      status: 403,
      code: 'forbidden',
    });
    const customer = await actor('customer', ownCompany);
    expect(await failure(setArchived(ctx.app.deps, customer, otherProject, true))).toEqual({
      status: 404,
      code: 'not_found',
    });
    expect((await getProject(ctx.app.deps, systemActor(), ownProject)).archived_date).toBeNull();
  });

  it('record the actor in the audit log: a user with their address, or the system', async () => {
    const manager = await actor('project_manager');
    const db = ctx.database.db;
    const line = await createLine(db, ownCompany, ownProject);
    const { structureIds } = await createStructures(db, ownProject, line, 3);
    const crew = await createCrewGroup(db, ownProject);
    expect(await setStructuresCrew(db, manager, ownProject, crew, structureIds)).toBe(3);

    const jobs: Actor = systemActor('job-42');
    await setArchived(ctx.app.deps, jobs, otherProject, true);

    const rows = await db
      .select({ userId: auditLog.userId, ip: auditLog.ip, action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'project')));
    expect(rows).toEqual(
      expect.arrayContaining([
        { userId: manager.userId, ip: '203.0.113.9', action: 'structures.assign' },
        { userId: null, ip: null, action: 'project.archive' },
      ]),
    );
  });
});
