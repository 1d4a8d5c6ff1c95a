import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { metresBetweenSql } from '../../platform/db/geo.ts';
import { CountRow, IdRow, queryRows } from '../../platform/db/rows.ts';

/** The line when it belongs to the company, linked to the project if it was not yet; else false. */
export async function useCompanyLine(
  db: Db,
  companyId: number,
  projectId: number,
  lineId: number,
): Promise<boolean> {
  const [line] = await queryRows(
    db,
    sql`select id from lines where id = ${lineId} and company_id = ${companyId} for share`,
    IdRow,
  );
  if (!line) return false;
  await db.execute(
    sql`insert into project_lines (project_id, line_id) values (${projectId}, ${lineId}) on conflict do nothing`,
  );
  return true;
}

export interface StructureValues {
  lineId: number;
  lat: number;
  lon: number;
  structNum: string;
}

/**
 * A manual structure (source type 1) with its inspections, made the way a CSV import makes them: one per
 * structure, or one per structure and component on a component project. Null when the project has that
 * (line, struct_num) already: the unique constraint decides, so of two identical requests at once the second
 * waits for the first and then inserts nothing.
 */
export async function insertStructure(
  db: Db,
  projectId: number,
  perComponent: boolean,
  v: StructureValues,
  userId: number | null,
): Promise<{ id: number; inspections: number } | null> {
  const [row] = await queryRows(
    db,
    sql`
    with s as (
      insert into structures (project_id, line_id, struct_num, location, structure_source_type_id, created_by)
      values (${projectId}, ${v.lineId}, ${v.structNum}, point(${v.lon}::float8, ${v.lat}::float8), 1, ${userId}::int)
      on conflict on constraint structures_project_line_num_unique do nothing
      returning id, project_id
    ), i as (
      insert into inspections (project_id, structure_id, component_id)
      ${
        perComponent
          ? sql`select s.project_id, s.id, c.id from s cross join components c`
          : sql`select s.project_id, s.id, null::int from s`
      }
      returning 1
    )
    select (select id from s) as id, (select count(*)::int from i) as inspections`,
    z.object({
      id: z.number().nullable(),
      inspections: z.number(),
    }),
  );
  return row?.id == null ? null : { id: row.id, inspections: row.inspections };
}

export const LockedStructure = z.object({
  id: z.number(),
  line_id: z.number(),
  struct_num: z.string(),
  lat: z.number(),
  lon: z.number(),
});
export type LockedStructure = z.infer<typeof LockedStructure>;

/** The structure of the project, locked for an edit or removal; null when it is not in that project. */
export async function lockStructure(
  db: Db,
  projectId: number,
  structureId: number,
): Promise<LockedStructure | null> {
  const [row] = await queryRows(
    db,
    sql`select id, line_id, struct_num, location[1] as lat, location[0] as lon from structures
        where id = ${structureId} and project_id = ${projectId} for update`,
    LockedStructure,
  );
  return row ?? null;
}

/** Whether another structure of the project has this (line, struct_num). */
export async function duplicateExists(
  db: Db,
  projectId: number,
  structureId: number,
  v: StructureValues,
): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select id from structures where project_id = ${projectId} and line_id = ${v.lineId}
        and struct_num = ${v.structNum} and id <> ${structureId}`,
    IdRow,
  );
  return rows.length > 0;
}

export async function updateStructure(db: Db, structureId: number, v: StructureValues): Promise<void> {
  await db.execute(sql`
    update structures set line_id = ${v.lineId}, struct_num = ${v.structNum},
      location = point(${v.lon}::float8, ${v.lat}::float8), updated_at = now()
    where id = ${structureId}`);
}

/**
 * The distance of each of the structure's photos to its (new) position, from the photo's own position;
 * photos are locked in id order like every other photo change. Answers how many were recomputed.
 */
export async function recomputeDistances(db: Db, structureId: number): Promise<number> {
  const [row] = await queryRows(
    db,
    sql`
    with locked as materialized (
      select id from images where structure_id = ${structureId} order by id for update),
    u as (
      update images i set meters_from_struct = ${metresBetweenSql(sql`i.location`, sql`s.location`)}
      from locked, structures s
      where i.id = locked.id and s.id = ${structureId}
      returning 1)
    select count(*)::int as n from u`,
    CountRow,
  );
  return row!.n;
}

/**
 * Removes the structure: its photos become unassigned (kept, with no distance, confidence or assignment
 * date), the annotations drawn on them in its inspection go, and its inspections go (with their field values
 * and ETT arms, by cascade). Answers what was undone.
 */
export async function removeStructure(
  db: Db,
  structureId: number,
): Promise<{ images: number; annotations: number; inspections: number }> {
  const [row] = await queryRows(
    db,
    sql`
    with locked as materialized (
      select id from images where structure_id = ${structureId} order by id for update),
    a as (delete from annotations where image_id in (select id from locked) returning 1),
    u as (
      update images i set structure_id = null, meters_from_struct = null, assignment_confidence = null,
        assigned_at = null
      from locked where i.id = locked.id returning 1),
    ins as (delete from inspections where structure_id = ${structureId} returning 1)
    select (select count(*)::int from u) as images, (select count(*)::int from a) as annotations,
      (select count(*)::int from ins) as inspections`,
    z.object({
      images: z.number(),
      annotations: z.number(),
      inspections: z.number(),
    }),
  );
  await db.execute(sql`delete from structures where id = ${structureId}`);
  return row!;
}

/**
 * A new line of the company named `name`, or null when the company has that name already
 * (case-insensitively, as its unique index on lower(line_name) judges): of two identical requests at once
 * the second waits for the first and then inserts nothing.
 */
export async function insertLine(
  db: Db,
  companyId: number,
  name: string,
): Promise<{ id: number; line_name: string; line_num: string | null } | null> {
  const [row] = await queryRows(
    db,
    sql`insert into lines (company_id, line_name) values (${companyId}, ${name})
        on conflict (company_id, lower(line_name)) do nothing
        returning id, line_name, line_num`,
    z.object({
      id: z.number(),
      line_name: z.string(),
      line_num: z.string().nullable(),
    }),
  );
  return row ?? null;
}
