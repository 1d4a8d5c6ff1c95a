import { ROLE_IDS } from '@linewalker/domain';
import { and, eq } from 'drizzle-orm';
import {
  crewGroups,
  fileUploads,
  inspections,
  jobs,
  lines,
  projectLines,
  projects,
  structures,
  users,
} from '../platform/db/schema/index.ts';
import type { TestContext } from '../testing/testApp.ts';
import type { MatrixFixture } from './matrix.ts';

/**
 * Creates the objects the matrix requests point at, all owned by `ownCompanyId` (the company of the
 * `customer_own` caller). Areas add their objects here (a project, its structures, a crew group...).
 */
export async function buildFixture(ctx: TestContext, ownCompanyId: number): Promise<MatrixFixture> {
  const db = ctx.database.db;
  const [project] = await db
    .insert(projects)
    .values({
      companyId: ownCompanyId,
      projectName: 'Matrix Project',
      startDate: '2026-01-05',
      dueDate: '2026-12-20',
      ptypeId: 1,
      ptierId: 2,
      closestCity: 'Salina',
    })
    .returning({ id: projects.id });
  const projectId = project!.id;
  const [line] = await db
    .insert(lines)
    .values({ companyId: ownCompanyId, lineName: 'Matrix Line' })
    .returning({ id: lines.id });
  await db.insert(projectLines).values({ projectId, lineId: line!.id });
  const [crew] = await db
    .insert(crewGroups)
    .values({ projectId, crewNumber: 1, color: '#1f77b4' })
    .returning({ id: crewGroups.id });
  const structureRows = await db
    .insert(structures)
    .values(
      [0, 1, 2].map((i) => ({
        projectId,
        lineId: line!.id,
        structNum: `M-${i + 1}`,
        location: { x: -97.6 + i * 0.002, y: 38.8 },
        crewGroupId: i === 0 ? crew!.id : null,
      })),
    )
    .returning({ id: structures.id });
  const inspectionRows = await db
    .insert(inspections)
    .values(structureRows.map((s) => ({ projectId, structureId: s.id })))
    .returning({ id: inspections.id });

  const [crewUser] = await db
    .insert(users)
    .values({
      companyId: 1,
      roleId: 4,
      firstName: 'Matrix',
      lastName: 'Pilot',
      email: 'matrix-pilot@example.test',
    })
    .returning({ id: users.id });

  // Jobs: one the own company's customer started (its owner may read it), one failed system job.
  const [customer] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, ownCompanyId), eq(users.roleId, ROLE_IDS.customer)));
  const [ownJob, failedJob] = await db
    .insert(jobs)
    .values([
      {
        name: 'auth.password-reset',
        payload: {},
        state: 'succeeded',
        maxAttempts: 5,
        createdBy: customer!.id,
      },
      {
        name: 'mail.deliver',
        payload: { outboxId: 1 },
        state: 'failed',
        maxAttempts: 5,
        attempts: 5,
        lastError: 'refused',
      },
    ])
    .returning({ id: jobs.id });

  const storage = ctx.app.deps.storage;
  await storage.write('matrix/existing.csv', Buffer.from('x,y\n'));
  // Registered as issued by sign-s3, so getFields may read it.
  await db.insert(fileUploads).values({ storageKey: 'matrix/existing.csv', kind: 'csv' });
  const path = async (url: Promise<string>) =>
    new URL(await url, 'http://localhost').pathname + new URL(await url, 'http://localhost').search;
  return {
    app: ctx.app,
    ownCompanyId,
    projectId,
    lineId: line!.id,
    crewGroupId: crew!.id,
    crewUserId: crewUser!.id,
    structureIds: structureRows.map((r) => r.id),
    inspectionIds: inspectionRows.map((r) => r.id),
    signedPut: await path(storage.signedPutUrl('matrix/upload.csv', 'text/csv')),
    signedGet: await path(storage.signedGetUrl('matrix/existing.csv')),
    jobId: ownJob!.id,
    failedJobId: failedJob!.id,
  };
}
