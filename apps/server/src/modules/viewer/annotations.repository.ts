import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AnnotationGeometryRow } from '../../platform/db/annotationGeometry.ts';
import type { Db } from '../../platform/db/client.ts';
import { AnyRow, IdRow, queryRows } from '../../platform/db/rows.ts';

export const AnnotationRaw = AnnotationGeometryRow.extend({
  risk_level: z.number(),
  category: z.number().nullable(),
  category_text: z.string().nullable(),
  sub_category: z.number().nullable(),
  sub_category_text: z.string().nullable(),
  note: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  ett_evaluation_code_value: z.string().nullable(),
  ett_evaluation_description: z.string().nullable(),
  ett_knuckle_flat_position: z.string().nullable(),
});
export type AnnotationRaw = z.infer<typeof AnnotationRaw>;

const selectAnnotations = sql`
  select a.id, a.image_id, a.annotation_number, a.shape, a.rect_top_left_x, a.rect_top_left_y, a.rect_width,
    a.rect_height, a.polygon, a.risk_level::int as risk_level, a.category_id as category,
    c.display_text as category_text, a.sub_category_id as sub_category, d.sub_category_text, a.note,
    a.image_width, a.image_height,
    case when u.id is null then null else u.first_name || ' ' || u.last_name end as created_by_name,
    to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
    ec.code_value as ett_evaluation_code_value, ec.description as ett_evaluation_description,
    kf.name as ett_knuckle_flat_position
  from annotations a
  left join ett_evaluation_codes ec on ec.id = a.ett_evaluation_code_id
  left join knuckle_flat_positions kf on kf.id = a.ett_knuckle_flat_position_id
  left join components c on c.id = a.category_id
  left join deficiencies d on d.id = a.sub_category_id
  left join users u on u.id = a.created_by`;

/** The annotations of a photo by number (AI markups left out). */
export function imageAnnotations(db: Db, imageId: number) {
  return queryRows(
    db,
    sql`${selectAnnotations} where a.image_id = ${imageId} and a.model_id is null order by a.annotation_number`,
    AnnotationRaw,
  );
}

export async function annotationById(db: Db, id: number) {
  const [row] = await queryRows(db, sql`${selectAnnotations} where a.id = ${id}`, AnnotationRaw);
  return row ?? null;
}

export interface NewAnnotation {
  imageId: number;
  shape: 'rect' | 'polygon';
  rect: { x: number; y: number; width: number; height: number } | null;
  polygon: Array<[number, number]> | null;
  riskLevel: number;
  categoryId: number | null;
  subCategoryId: number | null;
  ettEvaluationCodeId?: number | null;
  ettKnuckleFlatPositionId?: number | null;
  note: string | null;
  imageWidth: number;
  imageHeight: number;
  createdBy: number;
}

/** Inserts an annotation numbered after the photo's others (the caller holds the photo's row lock). */
export async function insertAnnotation(db: Db, a: NewAnnotation): Promise<number> {
  const [row] = await queryRows(
    db,
    sql`insert into annotations (image_id, annotation_number, shape, rect_top_left_x, rect_top_left_y,
          rect_width, rect_height, polygon, risk_level, category_id, sub_category_id, note, image_width,
          image_height, created_by, ett_evaluation_code_id, ett_knuckle_flat_position_id)
        select ${a.imageId}::int, coalesce(max(annotation_number), 0) + 1, ${a.shape}, ${a.rect?.x ?? null}::float8,
          ${a.rect?.y ?? null}::float8, ${a.rect?.width ?? null}::float8, ${a.rect?.height ?? null}::float8,
          ${a.polygon === null ? null : JSON.stringify(a.polygon)}::jsonb, ${a.riskLevel}::int,
          ${a.categoryId}::int, ${a.subCategoryId}::int, ${a.note}, ${a.imageWidth}::int, ${a.imageHeight}::int,
          ${a.createdBy}::int, ${a.ettEvaluationCodeId ?? null}::int, ${a.ettKnuckleFlatPositionId ?? null}::int
        from annotations where image_id = ${a.imageId}
        returning id`,
    IdRow,
  );
  return row!.id;
}

export const AnnotationRef = z.object({
  id: z.number(),
  image_id: z.number(),
  annotation_number: z.number(),
  structure_id: z.number().nullable(),
  project_id: z.number(),
  company_id: z.number(),
});
export type AnnotationRef = z.infer<typeof AnnotationRef>;

export async function findAnnotationRef(db: Db, id: number): Promise<AnnotationRef | null> {
  const [row] = await queryRows(
    db,
    sql`select a.id, a.image_id, a.annotation_number, im.structure_id, im.project_id, p.company_id
        from annotations a join images im on im.id = a.image_id join projects p on p.id = im.project_id
        where a.id = ${id}`,
    AnnotationRef,
  );
  return row ?? null;
}

/** Deletes an annotation; answers whether it was still there. */
export async function deleteAnnotation(db: Db, id: number): Promise<boolean> {
  const rows = await queryRows(db, sql`delete from annotations where id = ${id} returning id`, IdRow);
  return rows.length > 0;
}

/**
 * Keeps the structure's inspections' max_risk_level equal to the highest risk annotated on its standing
 * photos (AI markups left out), the overview's and the list's risk.
 */
export async function refreshMaxRisk(db: Db, structureId: number): Promise<void> {
  await db.execute(sql`
    update inspections set max_risk_level = (
      select max(a.risk_level) from annotations a join images im on im.id = a.image_id
      where im.structure_id = ${structureId} and im.reject_datetime is null and a.model_id is null
    ), updated_at = now()
    where structure_id = ${structureId}`);
}

export function categories(db: Db) {
  return queryRows(
    db,
    sql`select id, display_text from components order by lower(display_text), id`,
    z.object({
      id: z.number(),
      display_text: z.string(),
    }),
  );
}

export function subCategories(db: Db) {
  return queryRows(
    db,
    sql`select id, category_id, sub_category_text from deficiencies order by category_id, lower(sub_category_text), id`,
    z.object({
      id: z.number(),
      category_id: z.number(),
      sub_category_text: z.string(),
    }),
  );
}

export async function componentName(db: Db, id: number): Promise<string | null> {
  const [row] = await queryRows(
    db,
    sql`select display_text from components where id = ${id}`,
    z.object({
      display_text: z.string(),
    }),
  );
  return row?.display_text ?? null;
}

export async function deficiencyOf(db: Db, id: number) {
  const [row] = await queryRows(
    db,
    sql`select category_id, sub_category_text from deficiencies where id = ${id}`,
    z.object({
      category_id: z.number(),
      sub_category_text: z.string(),
    }),
  );
  return row ?? null;
}

/** Inserts a component unless one of that name (any case) exists; answers its id or null. */
export async function insertComponent(db: Db, name: string, userId: number): Promise<number | null> {
  const [row] = await queryRows(
    db,
    sql`insert into components (display_text, created_by) values (${name}, ${userId}::int)
        on conflict do nothing returning id`,
    IdRow,
  );
  return row?.id ?? null;
}

export async function insertDeficiency(
  db: Db,
  categoryId: number,
  name: string,
  userId: number,
): Promise<number | null> {
  const [row] = await queryRows(
    db,
    sql`insert into deficiencies (category_id, sub_category_text, created_by)
        values (${categoryId}::int, ${name}, ${userId}::int)
        on conflict do nothing returning id`,
    IdRow,
  );
  return row?.id ?? null;
}

/** Creates or replaces the photo's note; answers its id. */
export async function upsertNote(db: Db, imageId: number, text: string, userId: number): Promise<number> {
  const [row] = await queryRows(
    db,
    sql`insert into image_notes (image_id, note_text, created_by) values (${imageId}::int, ${text}, ${userId}::int)
        on conflict (image_id) do update set note_text = excluded.note_text, updated_at = now()
        returning id`,
    IdRow,
  );
  return row!.id;
}

export async function projectTypeName(db: Db, projectId: number): Promise<string | null> {
  const [row] = await queryRows(
    db,
    sql`select pt.ptype_name from projects p left join project_types pt on pt.ptype_id = p.ptype_id
        where p.id = ${projectId}`,
    z.object({
      ptype_name: z.string().nullable(),
    }),
  );
  return row?.ptype_name ?? null;
}

/** Whether the ETT evaluation code and the knuckle/flat position both exist. */
export async function ettCodesExist(db: Db, codeId: number, knuckleFlatId: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from ett_evaluation_codes c, knuckle_flat_positions k
        where c.id = ${codeId} and k.id = ${knuckleFlatId}`,
    AnyRow,
  );
  return rows.length > 0;
}
