import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { execute, numberArrayLiteral, queryRows } from '../../platform/db/rows.ts';
import { sourceFiles } from '../../platform/db/schema/index.ts';

export async function insertSourceFile(db: Db, values: typeof sourceFiles.$inferInsert): Promise<number> {
  const [row] = await db.insert(sourceFiles).values(values).returning({ id: sourceFiles.id });
  return row!.id;
}

/**
 * Line ids for line names as written in the files. Lines belong to the customer company: an existing line
 * of the company with the same name (compared with the database's lower(), as its unique index does) is
 * reused, a new one is created otherwise; all are linked to the project.
 */
export async function resolveLines(
  db: Db,
  companyId: number,
  projectId: number,
  names: string[],
): Promise<Map<string, number>> {
  const list = JSON.stringify(names);
  await db.execute(sql`
    insert into lines (company_id, line_name)
    select ${companyId}, n from json_array_elements_text(${list}::json) as n
    on conflict (company_id, lower(line_name)) do nothing`);
  const rows = await queryRows<{ name: string; id: number }>(
    db,
    sql`
    select n as name, l.id
    from json_array_elements_text(${list}::json) as n
    join lines l on l.company_id = ${companyId} and lower(l.line_name) = lower(n)`,
  );
  const ids = new Map<string, number>();
  for (const row of rows) ids.set(row.name, row.id);
  await db.execute(sql`
    insert into project_lines (project_id, line_id)
    select distinct ${projectId}::int, id from lines
    where id in (select json_array_elements_text(${JSON.stringify([...new Set(ids.values())])}::json)::int)
    on conflict do nothing`);
  return ids;
}

export interface StructureBatch {
  lineIds: number[];
  structNums: string[];
  lons: number[];
  lats: number[];
}

/** A PostgreSQL array literal of texts: every element quoted, backslashes and quotes escaped. */
export const textArrayLiteral = (values: readonly string[]): string =>
  `{${values.map((v) => `"${v.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;

/**
 * One multi-row INSERT per batch. The columns travel as four array literals unpacked side by side by
 * unnest (positions stay aligned): PGlite and PostgreSQL parse them far faster than thousands of bind
 * parameters. Measured here as fast as COPY: index upkeep, the GiST index above all, dominates either way.
 */
export async function insertStructureBatch(
  db: Db,
  projectId: number,
  sourceFileId: number,
  userId: number,
  batch: StructureBatch,
): Promise<void> {
  await db.execute(sql`
    insert into structures
      (project_id, line_id, struct_num, location, structure_source_type_id, source_file_id, created_by)
    select ${projectId}::int, l, s, point(x, y), 2, ${sourceFileId}::int, ${userId}::int
    from unnest(
      ${numberArrayLiteral(batch.lineIds)}::int[],
      ${textArrayLiteral(batch.structNums)}::text[],
      ${numberArrayLiteral(batch.lons)}::float8[],
      ${numberArrayLiteral(batch.lats)}::float8[]
    ) as t(l, s, x, y)`);
}

/**
 * The inspections of the structures the files created, in SQL (no row travels through the server): one
 * per structure, or on a component project one per structure and component of the annotation taxonomy.
 * Returns how many were created.
 */
export async function createInspections(
  db: Db,
  projectId: number,
  sourceFileIds: number[],
  perComponent: boolean,
): Promise<number> {
  const files = sql`(select json_array_elements_text(${JSON.stringify(sourceFileIds)}::json)::int)`;
  return execute(
    db,
    perComponent
      ? sql`
        insert into inspections (project_id, structure_id, component_id)
        select s.project_id, s.id, c.id from structures s cross join components c
        where s.project_id = ${projectId} and s.source_file_id in ${files}`
      : sql`
        insert into inspections (project_id, structure_id)
        select s.project_id, s.id from structures s
        where s.project_id = ${projectId} and s.source_file_id in ${files}`,
  );
}

/** (line id, struct_num) of the structures a project already has, for the duplicate check of added files. */
export async function existingStructures(
  db: Db,
  projectId: number,
): Promise<Array<{ line_id: number; struct_num: string }>> {
  return queryRows(db, sql`select line_id, struct_num from structures where project_id = ${projectId}`);
}
