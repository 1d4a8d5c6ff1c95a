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

/** Ids no row has: the `none` target's objects. */
const MISSING_ID = 2_000_000_000;

/**
 * Creates the objects the matrix requests point at, all owned by `companyId`. `tag` keeps names unique
 * between the own and the other company's sets. Areas add their objects here (a project, its
 * structures, a crew group...).
 */
export async function buildFixture(ctx: TestContext, companyId: number, tag: string): Promise<MatrixFixture> {
  const db = ctx.database.db;
  const projectName = `Matrix Project ${tag}`;
  const [project] = await db
    .insert(projects)
    .values({
      companyId,
      projectName,
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
    .values({ companyId, lineName: 'Matrix Line' })
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
      email: `matrix-pilot-${tag}@example.test`,
    })
    .returning({ id: users.id });

  // Jobs: one the own company's customer started (its owner may read it), one failed system job.
  const [customer] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.roleId, ROLE_IDS.customer)));
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
  const existingKey = `matrix/${tag}/existing.csv`;
  await storage.write(existingKey, Buffer.from('x,y\n'));
  // Registered as issued by sign-s3, so getFields may read it.
  await db.insert(fileUploads).values({ storageKey: existingKey, kind: 'csv' });
  const path = async (url: Promise<string>) =>
    new URL(await url, 'http://localhost').pathname + new URL(await url, 'http://localhost').search;
  return {
    app: ctx.app,
    companyId,
    projectName,
    projectId,
    lineId: line!.id,
    crewGroupId: crew!.id,
    crewUserId: crewUser!.id,
    structureIds: structureRows.map((r) => r.id),
    inspectionIds: inspectionRows.map((r) => r.id),
    existingUpload: existingKey,
    signedPut: await path(storage.signedPutUrl(`matrix/${tag}/upload.csv`, 'text/csv')),
    signedGet: await path(storage.signedGetUrl(existingKey)),
    jobId: ownJob!.id,
    failedJobId: failedJob!.id,
  };
}

/** The `none` target: the own set's requests pointed at ids and names that no object has. */
export function missingObjects(own: MatrixFixture): MatrixFixture {
  return {
    ...own,
    companyId: MISSING_ID,
    projectName: 'Matrix Project that does not exist',
    projectId: MISSING_ID,
    lineId: MISSING_ID,
    crewGroupId: MISSING_ID,
    structureIds: own.structureIds.map((_, i) => MISSING_ID + i),
    inspectionIds: own.inspectionIds.map((_, i) => MISSING_ID + i),
    jobId: MISSING_ID,
    failedJobId: MISSING_ID,
  };
}
