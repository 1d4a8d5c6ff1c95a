import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { components, inspections, projects, structures } from '../../platform/db/schema/index.ts';
import { createRng } from '../../seed/random.ts';
import { createCompany } from '../../testing/factories.ts';
import { liveProjectProgress, storedProjectProgress } from '../../testing/liveProjectProgress.ts';
import {
  createLine,
  createProject,
  createStructures,
  reviewInspections,
} from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

/**
 * project_progress is kept by triggers (migration 0001). After every kind of change the stored figures
 * must equal a count from scratch, and the expected numbers are checked by hand as well.
 */
let ctx: TestContext;
let companyId: number;
const db = () => ctx.database.db;

async function progressOf(projectId: number) {
  const rows = await storedProjectProgress(db());
  return rows.find((r) => r.project_id === projectId);
}

async function expectConsistent(): Promise<void> {
  expect(await storedProjectProgress(db())).toEqual(await liveProjectProgress(db()));
}

/** `count` structures on a new line of a component project, each with one inspection per component. */
async function componentStructures(projectId: number, count: number, componentIds: number[]) {
  const line = await createLine(db(), companyId, projectId);
  const { structureIds } = await createStructures(db(), projectId, line, count, { withInspections: false });
  const rows = await db()
    .insert(inspections)
    .values(
      structureIds.flatMap((structureId) =>
        componentIds.map((componentId) => ({ projectId, structureId, componentId })),
      ),
    )
    .returning({ id: inspections.id, structureId: inspections.structureId });
  return structureIds.map((id) => rows.filter((r) => r.structureId === id).map((r) => r.id));
}

beforeAll(async () => {
  ctx = await createTestApp();
  companyId = await createCompany(db());
});
afterAll(() => ctx?.close());

describe('project_progress', () => {
  it('starts at zero for a new project', async () => {
    const id = await createProject(db(), companyId);
    expect(await progressOf(id)).toEqual({
      project_id: id,
      structures: 0,
      inspected: 0,
      last_reviewed: null,
    });
  });

  it('follows a structure project through creation, review, other updates and deletion', async () => {
    const id = await createProject(db(), companyId);
    const line = await createLine(db(), companyId, id);
    const { structureIds, inspectionIds } = await createStructures(db(), id, line, 5);
    expect(await progressOf(id)).toMatchObject({ structures: 5, inspected: 0, last_reviewed: null });

    await reviewInspections(db(), inspectionIds.slice(0, 2), new Date('2030-03-04T05:06:07Z'));
    expect(await progressOf(id)).toMatchObject({
      structures: 5,
      inspected: 2,
      last_reviewed: '2030-03-04T05:06:07.000000',
    });

    // Saving completion data again leaves the review state, and so the figures, alone.
    await db().update(inspections).set({ comments: 'again' }).where(inArray(inspections.id, inspectionIds));
    expect(await progressOf(id)).toMatchObject({ structures: 5, inspected: 2 });

    await db().delete(structures).where(eq(structures.id, structureIds[0]!));
    expect(await progressOf(id)).toMatchObject({ structures: 4, inspected: 1 });
    await expectConsistent();
  });

  it('counts a component project structure once all its component inspections are reviewed', async () => {
    const id = await createProject(db(), companyId, { inspectionType: '1' });
    const componentIds = (await db().select({ id: components.id }).from(components).limit(3)).map(
      (c) => c.id,
    );
    expect(componentIds).toHaveLength(3);
    const [a, b, c] = await componentStructures(id, 3, componentIds);

    await reviewInspections(db(), a!.slice(0, 2));
    expect(await progressOf(id)).toMatchObject({ structures: 3, inspected: 0 });
    await reviewInspections(db(), a!.slice(2));
    expect(await progressOf(id)).toMatchObject({ inspected: 1 });
    // One statement finishing B and starting C.
    await reviewInspections(db(), [...b!, c![0]!]);
    expect(await progressOf(id)).toMatchObject({ inspected: 2 });
    // Removing C's unreviewed component inspections leaves only reviewed ones: C is inspected.
    await db()
      .delete(inspections)
      .where(inArray(inspections.id, c!.slice(1)));
    expect(await progressOf(id)).toMatchObject({ inspected: 3 });
    // A review taken back (not an action the app offers today) is counted back down.
    await db().update(inspections).set({ dateReviewed: null }).where(eq(inspections.id, a![0]!));
    expect(await progressOf(id)).toMatchObject({ inspected: 2 });
    await expectConsistent();
  });

  it('counts inspections added later: unreviewed ones reopen a structure, reviewed ones can complete it', async () => {
    const id = await createProject(db(), companyId, { inspectionType: '1' });
    const componentIds = (await db().select({ id: components.id }).from(components).limit(3)).map(
      (c) => c.id,
    );
    const [a, b] = await componentStructures(id, 2, componentIds.slice(0, 2));
    await reviewInspections(db(), [...a!, ...b!]);
    expect(await progressOf(id)).toMatchObject({ structures: 2, inspected: 2 });
    const structureOf = async (inspectionId: number) =>
      (await db().select().from(inspections).where(eq(inspections.id, inspectionId)))[0]!.structureId;
    const [structureA, structureB] = [await structureOf(a![0]!), await structureOf(b![0]!)];

    // A third component on A, not yet reviewed: A is open again.
    await db()
      .insert(inspections)
      .values({ projectId: id, structureId: structureA, componentId: componentIds[2]! });
    expect(await progressOf(id)).toMatchObject({ inspected: 1 });
    // A third component on B that arrives already reviewed: B stays inspected.
    await db().insert(inspections).values({
      projectId: id,
      structureId: structureB,
      componentId: componentIds[2]!,
      dateReviewed: new Date(),
    });
    expect(await progressOf(id)).toMatchObject({ inspected: 1 });
    await expectConsistent();
  });

  it('splits one statement over several projects correctly', async () => {
    const one = await createProject(db(), companyId);
    const two = await createProject(db(), companyId);
    const lineOne = await createLine(db(), companyId, one);
    const lineTwo = await createLine(db(), companyId, two);
    const first = await createStructures(db(), one, lineOne, 3);
    const second = await createStructures(db(), two, lineTwo, 4);
    await reviewInspections(db(), [...first.inspectionIds.slice(0, 1), ...second.inspectionIds.slice(0, 3)]);
    expect(await progressOf(one)).toMatchObject({ structures: 3, inspected: 1 });
    expect(await progressOf(two)).toMatchObject({ structures: 4, inspected: 3 });
    await expectConsistent();
  });

  it('goes with its project when the project is deleted', async () => {
    const id = await createProject(db(), companyId);
    const line = await createLine(db(), companyId, id);
    await createStructures(db(), id, line, 3);
    await db().delete(projects).where(eq(projects.id, id));
    const [row] = await sqlRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from project_progress where project_id = ${id}`,
    );
    expect(row?.n).toBe(0);
    await expectConsistent();
  });

  it('agrees with a count from scratch after a random mix of changes', async () => {
    const rng = createRng(7);
    const componentIds = (await db().select({ id: components.id }).from(components).limit(4)).map(
      (c) => c.id,
    );
    const ids = [
      await createProject(db(), companyId),
      await createProject(db(), companyId, { inspectionType: '1' }),
    ];
    const ofProjects = inArray(inspections.projectId, ids);
    for (let round = 0; round < 12; round++) {
      const projectId = ids[round % 2]!;
      if (round % 2 === 0) {
        const line = await createLine(db(), companyId, projectId);
        await createStructures(db(), projectId, line, rng.int(1, 20));
      } else {
        await componentStructures(projectId, rng.int(1, 8), componentIds);
      }
      // Review a random share of the pending inspections at random times, then delete a few structures.
      const pending = await db()
        .select({ id: inspections.id })
        .from(inspections)
        .where(and(ofProjects, isNull(inspections.dateReviewed)));
      const picked = pending.filter(() => rng.chance(0.4)).map((r) => r.id);
      await reviewInspections(db(), picked, new Date(Date.UTC(2030, 0, rng.int(1, 28))));
      const all = await db()
        .select({ id: structures.id })
        .from(structures)
        .where(inArray(structures.projectId, ids));
      const doomed = all.filter(() => rng.chance(0.05)).map((r) => r.id);
      if (doomed.length > 0) await db().delete(structures).where(inArray(structures.id, doomed));
      await expectConsistent();
    }
  });
});
