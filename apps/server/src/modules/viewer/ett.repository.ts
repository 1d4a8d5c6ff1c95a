import { EttArm } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { AnyRow, CountRow, execute, IdRow, numberArrayLiteral, queryRows } from '../../platform/db/rows.ts';

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export const EttImageRef = z.object({
  id: z.number(),
  project_id: z.number(),
  structure_id: z.number().nullable(),
  company_id: z.number(),
  ptype_name: z.string().nullable(),
  ett_photo_type_id: z.number().nullable(),
  ett_arm_id: z.number().nullable(),
  knuckle_flat_position_id: z.number().nullable(),
});
export type EttImageRef = z.infer<typeof EttImageRef>;

/** A photo with its project's company and type, row-locked (saves of one photo run one after the other). */
export async function findImageForUpdate(db: Db, imageId: number) {
  const [row] = await queryRows(
    db,
    sql`select im.id, im.project_id, im.structure_id, p.company_id, pt.ptype_name,
          im.ett_photo_type_id::int as ett_photo_type_id, im.ett_arm_id, im.knuckle_flat_position_id
        from images im
        join projects p on p.id = im.project_id
        left join project_types pt on pt.ptype_id = p.ptype_id
        where im.id = ${imageId}
        for update of im`,
    EttImageRef,
  );
  return row ?? null;
}

const ArmRow = EttArm.omit({ notes: true });

/** Every arm position with the inspection's arm at it (or nulls), top to bottom, and its photo count. */
export function armsOfInspection(db: Db, inspectionId: number) {
  return queryRows(
    db,
    sql`select a.id as ett_arm_id, ap.id as arm_position_id, ap.arm_position_text, a.classification,
          a.manufacturer, a.part, a.serial_num, a.release_num,
          (select count(*)::int from images im where a.id is not null and im.ett_arm_id = a.id) as image_count
        from ett_arm_positions ap
        left join ett_arms a on a.arm_position_id = ap.id and a.inspection_id = ${inspectionId}
        order by ap.sort_order, ap.id`,
    ArmRow,
  );
}

export function notesOfArms(db: Db, armIds: readonly number[]) {
  return queryRows(
    db,
    sql`select n.id, n.ett_arm_id, n.note_text, ${iso('n.created_at')} as created_at,
          case when u.id is null then null else u.first_name || ' ' || u.last_name end as created_by_name
        from ett_arm_notes n left join users u on u.id = n.created_by
        where n.ett_arm_id = any(${numberArrayLiteral(armIds)}::int[])
        order by n.created_at, n.id`,
    z.object({
      id: z.number(),
      ett_arm_id: z.number(),
      note_text: z.string(),
      created_by_name: z.string().nullable(),
      created_at: z.string(),
    }),
  );
}

export function evaluationCodes(db: Db) {
  return queryRows(
    db,
    sql`select id, code_value, description from ett_evaluation_codes order by id`,
    z.object({
      id: z.number(),
      code_value: z.string(),
      description: z.string(),
    }),
  );
}

export function knuckleFlats(db: Db) {
  return queryRows(
    db,
    sql`select id, name from knuckle_flat_positions order by id`,
    z.object({
      id: z.number(),
      name: z.string(),
    }),
  );
}

export function abbIdTypes(db: Db) {
  return queryRows(
    db,
    sql`select id, id_type_name from abb_id_types order by id`,
    z.object({
      id: z.number(),
      id_type_name: z.string(),
    }),
  );
}

export async function armPositionExists(db: Db, armPositionId: number): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from ett_arm_positions where id = ${armPositionId}`, AnyRow);
  return rows.length > 0;
}

export async function knuckleFlatExists(db: Db, id: number): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from knuckle_flat_positions where id = ${id}`, AnyRow);
  return rows.length > 0;
}

/** How many of `ids` are ABB id types. */
export async function countAbbIdTypes(db: Db, ids: readonly number[]): Promise<number> {
  const [row] = await queryRows(
    db,
    sql`select count(*)::int as n from abb_id_types where id = any(${numberArrayLiteral(ids)}::int[])`,
    CountRow,
  );
  return row!.n;
}

export async function findArm(db: Db, armId: number) {
  const [row] = await queryRows(
    db,
    sql`select a.id, a.inspection_id, a.arm_position_id, i.structure_id
        from ett_arms a join inspections i on i.id = a.inspection_id
        where a.id = ${armId}`,
    z.object({
      id: z.number(),
      inspection_id: z.number(),
      arm_position_id: z.number(),
      structure_id: z.number(),
    }),
  );
  return row ?? null;
}

export interface ArmValues {
  classification: string | null;
  manufacturer: string | null;
  part: string | null;
  serial_num: string | null;
  release_num: string | null;
}

/** Saves the arm at a position of an inspection (one per position: a second save updates it). */
export async function upsertArm(db: Db, inspectionId: number, armPositionId: number, v: ArmValues) {
  const [row] = await queryRows(
    db,
    sql`insert into ett_arms (inspection_id, arm_position_id, classification, manufacturer, part, serial_num, release_num)
        values (${inspectionId}, ${armPositionId}, ${v.classification}, ${v.manufacturer}, ${v.part},
          ${v.serial_num}, ${v.release_num})
        on conflict (inspection_id, arm_position_id) do update set
          classification = excluded.classification, manufacturer = excluded.manufacturer, part = excluded.part,
          serial_num = excluded.serial_num, release_num = excluded.release_num, updated_at = now()
        returning id`,
    IdRow,
  );
  return row!.id;
}

export async function addArmNote(db: Db, armId: number, noteText: string, userId: number) {
  await db.execute(
    sql`insert into ett_arm_notes (ett_arm_id, note_text, created_by) values (${armId}, ${noteText}, ${userId})`,
  );
}

export async function setImageType(
  db: Db,
  imageId: number,
  v: { photoType: number; armId: number | null; armPositionId: number | null; knuckleFlatId: number | null },
) {
  await db.execute(
    sql`update images set ett_photo_type_id = ${v.photoType}, ett_arm_id = ${v.armId},
          arm_position_id = ${v.armPositionId}, knuckle_flat_position_id = ${v.knuckleFlatId}
        where id = ${imageId}`,
  );
}

/** Replaces a photo's ABB id types; answers the ones it had. */
export async function replaceAbbTypes(db: Db, imageId: number, ids: readonly number[]): Promise<number[]> {
  const before = await queryRows(
    db,
    sql`delete from image_abb_types where image_id = ${imageId} returning abb_id_type_id`,
    z.object({
      abb_id_type_id: z.number(),
    }),
  );
  if (ids.length > 0) {
    await execute(
      db,
      sql`insert into image_abb_types (image_id, abb_id_type_id)
          select ${imageId}, unnest(${numberArrayLiteral(ids)}::int[])`,
    );
  }
  return before.map((r) => r.abb_id_type_id).sort((a, b) => a - b);
}
