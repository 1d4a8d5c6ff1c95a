import { type CompleteInspectionResponse, INSPECTION_MESSAGES } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCompany, createUser, loginToken } from '../../testing/factories.ts';
import { createLine, createProject, createStructures } from '../../testing/projectFactories.ts';
import { sqlRows } from '../../testing/rows.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';

/** Variant 1 of Complete Inspection, the condition form of arm and flange surveys (ETT, ABB). */
let ctx: TestContext;
let token: string;
let inspectionIds: number[];

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const companyId = await createCompany(db, 'Condition Utility');
  const projectId = await createProject(db, companyId, { ptypeId: 3 });
  const lineId = await createLine(db, companyId, projectId);
  ({ inspectionIds } = await createStructures(db, projectId, lineId, 2));
  token = await loginToken(ctx.app, await createUser(db, 'inspector'));
});
afterAll(() => ctx.close());

const complete = (id: number, data: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/inspections/complete/${id}`,
    headers: bearer(token),
    payload: { data, component: null },
  });

async function semConditions(id: number): Promise<unknown> {
  const rows = await sqlRows<{ sem_conditions: unknown }>(
    ctx.database.db,
    sql`select sem_conditions from inspections where id = ${id}`,
  );
  return rows[0]?.sem_conditions;
}

describe('POST /inspections/complete/:id with the condition form', () => {
  it('completes the inspection and returns the answers; Notes go to comments', async () => {
    const id = inspectionIds[0]!;
    const res = await complete(id, {
      replacementPriority: 'Minor',
      crackDetected: 'Yes',
      bendAngle: 12.5,
      bendRadius: 30,
      comments: 'Hairline crack at the knuckle',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<CompleteInspectionResponse>();
    expect(body.ok).toBe(true);
    expect(body.inspection).toMatchObject({
      review_status: 'Complete',
      comments: 'Hairline crack at the knuckle',
      notes: 'Hairline crack at the knuckle',
      condition: { replacement_priority: 'Minor', crack_detected: 'Yes', bend_angle: 12.5, bend_radius: 30 },
    });
    expect(body.inspection.date_reviewed).not.toBeNull();
    const list = await ctx.app.inject({
      url: `/api/v1/inspections/${await projectOf(id)}`,
      headers: bearer(token),
    });
    const row = list.json<Array<{ id: number; condition: unknown }>>().find((r) => r.id === id);
    expect(row?.condition).toEqual(body.inspection.condition);
  });

  it('clears a measurement left empty and keeps other sem_ conditions', async () => {
    const id = inspectionIds[1]!;
    await ctx.database.db.execute(
      sql`update inspections set sem_conditions = '{"pole": "Good"}'::jsonb where id = ${id}`,
    );
    await complete(id, { replacementPriority: 'Major', crackDetected: 'No', bendAngle: 40, bendRadius: 5 });
    const res = await complete(id, { replacementPriority: 'None', crackDetected: 'No', bendAngle: null });
    expect(res.statusCode).toBe(200);
    expect(res.json<CompleteInspectionResponse>().inspection.condition).toEqual({
      replacement_priority: 'None',
      crack_detected: 'No',
      bend_angle: null,
      bend_radius: null,
    });
    expect(await semConditions(id)).toEqual({
      pole: 'Good',
      replacement_priority: 'None',
      crack_detected: 'No',
    });
  });

  it('requires Replacement Priority and Crack Detected and bounds the bend angle, changing nothing', async () => {
    const id = inspectionIds[0]!;
    const before = await semConditions(id);
    const missing = await complete(id, { replacementPriority: 'Minor' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toContain('Crack Detected is required.');
    const tooBent = await complete(id, { replacementPriority: 'Minor', crackDetected: 'No', bendAngle: 181 });
    expect(tooBent.statusCode).toBe(400);
    expect(tooBent.json<{ message: string }>().message).toContain('Bend Angle must be between 0 and 180.');
    expect(await semConditions(id)).toEqual(before);
    // The web shows this alert for any failed save; the server's message is not shown to the user.
    expect(INSPECTION_MESSAGES.saveFailed).toBe(
      'Could not save inspection. Please contact support or try again later',
    );
  });
});

async function projectOf(inspectionId: number): Promise<number> {
  const rows = await sqlRows<{ project_id: number }>(
    ctx.database.db,
    sql`select project_id from inspections where id = ${inspectionId}`,
  );
  return rows[0]!.project_id;
}
