import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { CountRow, execute, IdRow, numberArrayLiteral, queryRows } from '../../platform/db/rows.ts';
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
  const rows = await queryRows(
    db,
    sql`
    select n as name, l.id
    from json_array_elements_text(${list}::json) as n
    join lines l on l.company_id = ${companyId} and lower(l.line_name) = lower(n)`,
    z.object({
      name: z.string(),
      id: z.number(),
    }),
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
 * The database's own lower() of each name: lines are unique per company by lower(line_name), and only
 * the database can say which spellings it folds together (it differs from JavaScript's toLowerCase).
 */
export async function lineKeys(db: Db, names: string[]): Promise<Map<string, string>> {
  const rows = await queryRows(
    db,
    sql`select n as name, lower(n) as key from json_array_elements_text(${JSON.stringify(names)}::json) as n`,
    z.object({
      name: z.string(),
      key: z.string(),
    }),
  );
  return new Map(rows.map((r) => [r.name, r.key]));
}

/** (line key, struct_num) of the structures a project already has, for the duplicate check of added files. */
export async function existingStructureKeys(
  db: Db,
  projectId: number,
): Promise<Array<{ line_key: string; struct_num: string }>> {
  return queryRows(
    db,
    sql`select lower(l.line_name) as line_key, s.struct_num
        from structures s join lines l on l.id = s.line_id where s.project_id = ${projectId}`,
    z.object({ line_key: z.string(), struct_num: z.string() }),
  );
}

/** How many structures a source file has produced so far (where a resumed import continues). */
export async function countFileStructures(db: Db, sourceFileId: number): Promise<number> {
  const [row] = await queryRows(
    db,
    sql`select count(*)::int as n from structures where source_file_id = ${sourceFileId}`,
    CountRow,
  );
  return row?.n ?? 0;
}

export interface StructureBatchTarget {
  projectId: number;
  userId: number;
  /** Component projects get one inspection per structure and component of the taxonomy. */
  perComponent: boolean;
}

/**
 * One statement per batch: the structures and their inspections (one per structure, or one per structure
 * and component). The columns travel as four array literals unpacked side by side by unnest (positions
 * stay aligned): PGlite and PostgreSQL parse them far faster than thousands of bind parameters, and no
 * id travels back. Measured here as fast as COPY: index upkeep, the GiST index above all, dominates.
 */
export async function insertStructureBatch(
  db: Db,
  target: StructureBatchTarget,
  sourceFileId: number,
  batch: StructureBatch,
): Promise<{ structures: number; inspections: number }> {
  const [row] = await queryRows(
    db,
    sql`
    with s as (
      insert into structures
        (project_id, line_id, struct_num, location, structure_source_type_id, source_file_id, created_by)
      select ${target.projectId}::int, l, n, point(x, y), 2, ${sourceFileId}::int, ${target.userId}::int
      from unnest(
        ${numberArrayLiteral(batch.lineIds)}::int[],
        ${textArrayLiteral(batch.structNums)}::text[],
        ${numberArrayLiteral(batch.lons)}::float8[],
        ${numberArrayLiteral(batch.lats)}::float8[]
      ) as t(l, n, x, y)
      returning id, project_id
    ), i as (
      insert into inspections (project_id, structure_id, component_id)
      ${
        target.perComponent
          ? sql`select s.project_id, s.id, c.id from s cross join components c`
          : sql`select s.project_id, s.id, null::int from s`
      }
      returning 1
    )
    select (select count(*) from s)::int as structures, (select count(*) from i)::int as inspections`,
    z.object({
      structures: z.number(),
      inspections: z.number(),
    }),
  );
  return row!;
}

/** Components of the annotation taxonomy: a component project has one inspection per structure and each. */
export async function componentCount(db: Db): Promise<number> {
  const [row] = await queryRows(db, sql`select count(*)::int as n from components`, CountRow);
  return row?.n ?? 0;
}

/** Makes a project whose background import finished ready; false when the project is gone. */
export async function finishImport(db: Db, projectId: number, jobId: number): Promise<boolean> {
  const changed = await execute(
    db,
    sql`update projects set import_state = null
        where id = ${projectId} and (import_job_id = ${jobId} or import_state is null)`,
  );
  if (changed > 0) return true;
  const [row] = await queryRows(db, sql`select id from projects where id = ${projectId}`, IdRow);
  return row !== undefined;
}

/**
 * Takes back an import that failed for good: a new project goes entirely (its rows cascade); an edited
 * project loses the structures and source files this import added and is ready again.
 */
export async function forgetFailedImport(
  db: Db,
  projectId: number,
  jobId: number,
  newProject: boolean,
  sourceFileIds: number[],
): Promise<void> {
  if (newProject) {
    await db.execute(sql`delete from projects where id = ${projectId} and import_job_id = ${jobId}`);
    return;
  }
  const files = sql`(select json_array_elements_text(${JSON.stringify(sourceFileIds)}::json)::int)`;
  await db.execute(
    sql`delete from structures where project_id = ${projectId} and source_file_id in ${files}`,
  );
  await db.execute(sql`delete from source_files where project_id = ${projectId} and id in ${files}`);
  await db.execute(
    sql`update projects set import_state = null where id = ${projectId} and import_job_id = ${jobId}`,
  );
}

/** Marks a project as being imported by a job (set in the save's transaction, with the job). */
export async function markImporting(db: Db, projectId: number, jobId: number): Promise<void> {
  await db.execute(
    sql`update projects set import_state = 'importing', import_job_id = ${jobId} where id = ${projectId}`,
  );
}
