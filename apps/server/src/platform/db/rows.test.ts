import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCompany } from '../../testing/factories.ts';
import { createImage, createLine, createProject, createStructures } from '../../testing/projectFactories.ts';
import { openTestDatabase } from '../../testing/testApp.ts';
import { findImageRef, findInspectionRef, findProjectRef, findStructureRef } from '../auth/objectRefs.ts';
import type { Database } from './client.ts';
import { CHECK_ROWS, CountRow, IdRow, queryRows, RowShapeError } from './rows.ts';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

describe('queryRows with a row schema', () => {
  it('is on in tests', () => {
    expect(CHECK_ROWS).toBe(true);
  });

  it('answers the rows as they came when they match', async () => {
    const rows = await queryRows(database.db, sql`select 7 as id union all select 8 order by 1`, IdRow);
    expect(rows).toEqual([{ id: 7 }, { id: 8 }]);
  });

  it('fails on a column the SQL renames, naming the row and the column', async () => {
    const query = queryRows(database.db, sql`select 3::int as count`, CountRow);
    await expect(query).rejects.toBeInstanceOf(RowShapeError);
    await expect(queryRows(database.db, sql`select 3::int as count`, CountRow)).rejects.toThrow(
      /Row 0.*\bn\b/s,
    );
  });

  it('fails on a type the SQL changes (a bigint count arrives as a string on node-postgres)', async () => {
    const probe = z.object({ n: z.string() });
    // The same value typed as text: the schema that expects a number refuses it on both drivers.
    await expect(queryRows(database.db, sql`select '3'::text as n`, CountRow)).rejects.toThrow(RowShapeError);
    expect(await queryRows(database.db, sql`select '3'::text as n`, probe)).toEqual([{ n: '3' }]);
  });

  it('keeps columns the schema does not name (it checks, it does not reshape)', async () => {
    const rows = await queryRows(database.db, sql`select 1::int as id, 'x' as extra`, IdRow);
    expect(rows).toEqual([{ id: 1, extra: 'x' }]);
  });
});

describe('the access helpers’ loaders', () => {
  it('read rows that match their ref schemas, and null for objects that do not exist', async () => {
    const db = database.db;
    const companyId = await createCompany(db);
    const projectId = await createProject(db, companyId);
    const lineId = await createLine(db, companyId, projectId);
    const { structureIds, inspectionIds } = await createStructures(db, projectId, lineId, 1);
    const imageId = await createImage(db, projectId, structureIds[0]!);
    expect(await findProjectRef(db, projectId, true)).toMatchObject({ id: projectId, company_id: companyId });
    expect(await findInspectionRef(db, inspectionIds[0]!)).toMatchObject({
      project_id: projectId,
      company_id: companyId,
    });
    expect(await findImageRef(db, imageId)).toMatchObject({
      structure_id: structureIds[0],
      company_id: companyId,
    });
    expect(await findStructureRef(db, structureIds[0]!)).toMatchObject({
      line_id: lineId,
      company_id: companyId,
    });
    expect(await findProjectRef(db, 999_999)).toBeNull();
    expect(await findInspectionRef(db, 999_999)).toBeNull();
    expect(await findImageRef(db, 999_999)).toBeNull();
    expect(await findStructureRef(db, 999_999)).toBeNull();
  });
});
