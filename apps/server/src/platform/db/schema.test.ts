import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../seed/reference.ts';
import { adminUrl, withDatabaseName } from '../../testing/pgUrls.ts';
import { type Database, openDatabase } from './client.ts';
import { companies, images, inspections, lines, projects, structures } from './schema/index.ts';

/** A database built from nothing by the migration, on PGlite always and on PostgreSQL when DATABASE_URL is set. */
interface Target {
  name: string;
  open(): Promise<{ database: Database; drop(): Promise<void> }>;
}

const targets: Target[] = [
  {
    name: 'PGlite',
    open: async () => {
      const database = await openDatabase({});
      return { database, drop: () => database.close() };
    },
  },
];
const url = process.env.DATABASE_URL;
if (url) {
  targets.push({
    name: 'PostgreSQL',
    open: async () => {
      const name = `lw_schema_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl(url) });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const database = await openDatabase({ url: withDatabaseName(url, name), poolSize: 2 });
      return {
        database,
        drop: async () => {
          await database.close();
          await admin.query(`drop database if exists ${name} with (force)`);
          await admin.end();
        },
      };
    },
  });
}

/** Both drivers answer raw statements with `{ rows }`; the shared Db type leaves the shape unknown. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The SQLSTATE of a failed statement (drizzle wraps driver errors in `cause`). */
async function sqlState(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
    return undefined;
  } catch (e) {
    const err = e as { code?: string; cause?: { code?: string } };
    return err.cause?.code ?? err.code;
  }
}

describe.each(targets)('schema on $name', (target) => {
  let database: Database;
  let drop: () => Promise<void>;
  let projectId: number;
  let structureId: number;
  let lineId: number;

  beforeAll(async () => {
    ({ database, drop } = await target.open());
    await database.migrate();
    await seedReferenceData(database.db);
    // Twice: reference data must be idempotent.
    await seedReferenceData(database.db);
    const db = database.db;
    const [company] = await db.insert(companies).values({ companyName: 'Schema Test Co' }).returning();
    const [project] = await db
      .insert(projects)
      .values({ companyId: company!.id, projectName: 'Schema Test', startDate: '2030-01-01', ptypeId: 1 })
      .returning();
    const [line] = await db.insert(lines).values({ companyId: company!.id, lineName: 'Line A' }).returning();
    const [structure] = await db
      .insert(structures)
      .values({ projectId: project!.id, lineId: line!.id, structNum: '1/1', location: { x: -97.5, y: 38.8 } })
      .returning();
    projectId = project!.id;
    lineId = line!.id;
    structureId = structure!.id;
    // Every migration from nothing: over a minute on PGlite when the machine is busy.
  }, 300_000);

  afterAll(async () => {
    await drop?.();
  });

  it('seeds the fixed lookup lists once', async () => {
    const counts = rowsOf<{ t: string; n: number }>(
      await database.db.execute(sql`
      select 'roles' as t, count(*)::int as n from roles
      union all select 'project_types', count(*)::int from project_types
      union all select 'field_options', count(*)::int from inspection_field_options
      union all select 'statuses', count(*)::int from pilot_scheduling_statuses
      union all select 'companies', count(*)::int from companies where id = 1`),
    );
    const byName = Object.fromEntries(counts.map((r) => [r.t, Number(r.n)]));
    expect(byName).toEqual({ roles: 5, project_types: 5, field_options: 9, statuses: 6, companies: 1 });
  });

  it('moves user-extendable serials past the reserved fixed ids', async () => {
    const result = rowsOf<{ id: number }>(
      await database.db.execute(
        sql`insert into components (display_text) values ('Custom Component') returning id`,
      ),
    );
    expect(Number(result[0]!.id)).toBeGreaterThan(1000);
  });

  it('returns point columns as {x, y}', async () => {
    const [row] = await database.db.select({ location: structures.location }).from(structures).limit(1);
    expect(row!.location).toEqual({ x: -97.5, y: 38.8 });
  });

  it('rejects a duplicate structure on the same line of a project', async () => {
    const dup = database.db
      .insert(structures)
      .values({ projectId, lineId, structNum: '1/1', location: { x: -97.6, y: 38.9 } });
    expect(await sqlState(dup)).toBe('23505');
  });

  it('rejects a second image with the same md5 in a project', async () => {
    const image = (key: string) => ({
      projectId,
      md5: 'rL0Y20zC+Fzt72VPzMSk2A==',
      imageName: 'DJI_0001.JPG',
      storageKey: key,
    });
    await database.db.insert(images).values(image('images/a.jpg'));
    expect(await sqlState(database.db.insert(images).values(image('images/b.jpg')))).toBe('23505');
  });

  it('rejects a risk level outside 1..5', async () => {
    const [image] = await database.db
      .insert(images)
      .values({ projectId, md5: 'risk', imageName: 'r.jpg', storageKey: 'images/r.jpg' })
      .returning();
    const insert = (risk: number) =>
      database.db.execute(
        sql`insert into annotations (image_id, annotation_number, shape, risk_level) values (${image!.id}, ${risk}, 'rect', ${risk})`,
      );
    await insert(5);
    expect(await sqlState(insert(7))).toBe('23514');
  });

  it('keeps one inspection per structure when the component is null', async () => {
    await database.db.insert(inspections).values({ projectId, structureId });
    expect(await sqlState(database.db.insert(inspections).values({ projectId, structureId }))).toBe('23505');
    // A component-level inspection of the same structure is a different row.
    await database.db.insert(inspections).values({ projectId, structureId, componentId: 1 });
  });

  it('rejects a project name that differs only in case', async () => {
    const [company] = await database.db.select({ id: companies.id }).from(companies).limit(1);
    const dup = database.db
      .insert(projects)
      .values({ companyId: company!.id, projectName: 'SCHEMA test', startDate: '2030-01-01', ptypeId: 1 });
    expect(await sqlState(dup)).toBe('23505');
  });
});
