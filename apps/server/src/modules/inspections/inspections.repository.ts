import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.ts';
import { projectInActorScope } from '../../platform/auth/policy.ts';
import type { Db } from '../../platform/db/client.ts';
import { numberArrayLiteral, queryRows } from '../../platform/db/rows.ts';
import { INSPECTION_JOINS, projectImageCounts } from './inspectionJoins.ts';

export const InspectionCountsRow = z.object({
  all_count: z.number(),
  pending: z.number(),
  completed: z.number(),
  rejected: z.number(),
});
export type InspectionCountsRow = z.infer<typeof InspectionCountsRow>;

/**
 * Tab counts of a project's inspections in one statement; null when the project is not visible.
 * Images belong to structures, so an inspection is "rejected" when its structure has a rejected image.
 */
export async function inspectionCounts(
  db: Db,
  actor: Actor,
  projectId: number,
): Promise<InspectionCountsRow | null> {
  const [row] = await queryRows(
    db,
    sql`
    select c.* from projects p
    cross join lateral (
      select count(*)::int as all_count,
        count(*) filter (where i.date_reviewed is null)::int as pending,
        count(*) filter (where i.date_reviewed is not null)::int as completed,
        count(r.structure_id)::int as rejected
      from inspections i
      left join (
        select distinct structure_id from images
        where project_id = p.id and structure_id is not null and reject_datetime is not null
      ) r on r.structure_id = i.structure_id
      where i.project_id = p.id
    ) c
    where p.id = ${projectId} and ${projectInActorScope(actor)}`,
    InspectionCountsRow,
  );
  return row ?? null;
}

export interface InspectionRowRaw {
  id: number;
  line_id: number;
  line_name: string;
  line: string | null;
  structure: string;
  structure_id: number;
  component: string | null;
  component_id: number | null;
  reviewed_by: string | null;
  reviewed_by_id: number | null;
  /** ISO time in UTC ('…Z'), formatted by the query. */
  date_reviewed: string | null;
  review_status: 'Complete' | 'Reshoot Requested' | null;
  /** max_risk_level again, under the list's name for it. */
  risk: number | null;
  max_risk_level: number | null;
  use_new_risk_rating: boolean;
  /** The comments again, under the list's name for them. */
  notes: string | null;
  count: number;
  reject_count: number;
  ai_markups?: number;
  uploaded_image_count: number;
  latitude: number;
  longitude: number;
  str_type: string | null;
  arm_type: string | null;
  arm_qty: number | null;
  anchor_qty: number | null;
  guy_qty: number | null;
  insulator_type: 'Ceramic' | 'Glass' | 'Polymer' | null;
  insulator_qty: number | null;
  cond_sleeve_qty: number | null;
  inspector: string | null;
  comments: string | null;
  field_values: Array<{ field_id: number; value_id: number }>;
  /** Text values of the sem_ conditions; the condition form (variant 1) keeps its answers here. */
  sem_conditions: Record<string, string> | null;
  completed_without_photos: boolean;
}

/**
 * Inspection rows of a project (or the one inspection `inspectionId`) in one statement: image and
 * field-value aggregates are computed once per project in grouped subqueries, never per row. The rows come
 * back as ONE json text (parsed here) rather than 50,000 result rows of 30 columns: PGlite decodes every
 * result cell in JavaScript, which was several times slower than JSON.parse of the aggregate.
 */
export async function inspectionRows(
  db: Db,
  projectId: number,
  inspectionId?: number,
): Promise<InspectionRowRaw[]> {
  const only = inspectionId === undefined ? sql`` : sql`and i.id = ${inspectionId}`;
  const [row] = await queryRows(
    db,
    sql`
    select coalesce(json_agg(t order by lower(t.line_name), t.line_id, t.structure_id,
      t.component_id nulls first, t.id), '[]')::text as j
    from (
    select i.id, l.id as line_id, l.line_name, l.line_num as line,
      s.struct_num as structure, s.id as structure_id,
      c.display_text as component, i.component_id,
      case when u.id is null then null else u.first_name || ' ' || u.last_name end as reviewed_by,
      i.reviewed_by as reviewed_by_id,
      to_char(i.date_reviewed at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date_reviewed,
      i.review_status, i.max_risk_level::int as risk, i.max_risk_level::int as max_risk_level,
      p.use_new_risk_rating, i.comments as notes,
      coalesce(im.image_count, 0) as count, coalesce(im.reject_count, 0) as reject_count,
      coalesce(im.image_count, 0) - coalesce(im.reject_count, 0) as uploaded_image_count,
      coalesce(am.ai_open, 0) as ai_markups,
      s.location[1] as latitude, s.location[0] as longitude,
      i.str_type, i.arm_type, i.arm_qty::int as arm_qty, i.anchor_qty::int as anchor_qty,
      i.guy_qty::int as guy_qty, i.insulator_type, i.insulator_qty::int as insulator_qty,
      i.cond_sleeve_qty::int as cond_sleeve_qty, i.inspector, i.comments,
      coalesce(fv.field_values, '[]'::json) as field_values, i.sem_conditions, i.completed_without_photos
    from inspections i ${INSPECTION_JOINS} ${projectImageCounts(projectId)}
    left join (
      select v.inspection_id,
        json_agg(json_build_object('field_id', v.field_id, 'value_id', v.value_id) order by v.field_id) as field_values
      from inspection_field_values v join inspections vi on vi.id = v.inspection_id
      where vi.project_id = ${projectId}
      group by v.inspection_id
    ) fv on fv.inspection_id = i.id
    where i.project_id = ${projectId} ${only}
    ) t`,
    z.object({
      j: z.string(),
    }),
  );
  return JSON.parse(row!.j) as InspectionRowRaw[];
}

export interface CompletionFields {
  strType: string;
  armType: string;
  armQty: number;
  anchorQty: number;
  guyQty: number;
  insulatorType: string | null;
  condSleeveQty: number;
  inspector: string;
}

/**
 * Marks the inspection Complete, with the structure form's fields when given and the comments unless
 * undefined. The first completion fixes date_reviewed and reviewed_by; a later save updates the data
 * (and updated_at) but keeps when and by whom the inspection was first completed.
 */
export async function markComplete(
  db: Db,
  inspectionId: number,
  reviewerId: number,
  comments: string | null | undefined,
  f?: CompletionFields,
): Promise<void> {
  const fields = f
    ? sql`str_type = ${f.strType}, arm_type = ${f.armType}, arm_qty = ${f.armQty}, anchor_qty = ${f.anchorQty},
      guy_qty = ${f.guyQty}, insulator_type = ${f.insulatorType}, cond_sleeve_qty = ${f.condSleeveQty},
      inspector = ${f.inspector},`
    : sql``;
  const note = comments === undefined ? sql`` : sql`comments = ${comments},`;
  await db.execute(sql`
    update inspections set ${fields} ${note}
      review_status = 'Complete',
      -- Recorded, not refused: the web asks the reviewer to confirm before it sends such a completion.
      completed_without_photos = not exists (select 1 from images im
        where im.structure_id = inspections.structure_id and im.reject_datetime is null),
      date_reviewed = coalesce(date_reviewed, now()),
      reviewed_by = case when date_reviewed is null then ${reviewerId}::int else reviewed_by end,
      updated_at = now()
    where id = ${inspectionId}`);
}

/**
 * Merges text answers into the inspection's sem_ conditions: a null value removes its key, and conditions
 * not named are kept.
 */
export async function mergeSemConditions(
  db: Db,
  inspectionId: number,
  values: Readonly<Record<string, string | null>>,
): Promise<void> {
  const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null));
  const cleared = Object.keys(values).filter((k) => values[k] === null);
  await db.execute(sql`
    update inspections
    set sem_conditions = (coalesce(sem_conditions, '{}'::jsonb)
      - array(select jsonb_array_elements_text(${JSON.stringify(cleared)}::jsonb))) || ${JSON.stringify(set)}::jsonb
    where id = ${inspectionId}`);
}

/** Replaces the dropdown values of an inspection. */
export async function replaceFieldValues(
  db: Db,
  inspectionId: number,
  values: ReadonlyArray<{ field_id: number; value_id: number }>,
): Promise<void> {
  await db.execute(sql`delete from inspection_field_values where inspection_id = ${inspectionId}`);
  if (values.length === 0) return;
  await db.execute(sql`
    insert into inspection_field_values (inspection_id, field_id, value_id)
    select ${inspectionId}::int, (v->>'field_id')::int, (v->>'value_id')::int
    from json_array_elements(${JSON.stringify(values)}::json) as v`);
}

export const FieldOptionRow = z.object({
  field_id: z.number(),
  field_name: z.string(),
  options: z.array(
    z.object({
      value_id: z.number(),
      name: z.string(),
    }),
  ),
});
export type FieldOptionRow = z.infer<typeof FieldOptionRow>;

/** The completion form's dropdown fields with their options (spec 1 §3 'Field options'). */
export function fieldOptions(db: Db): Promise<FieldOptionRow[]> {
  return queryRows(
    db,
    sql`
    select f.id as field_id, f.field_name,
      coalesce(json_agg(json_build_object('value_id', o.id, 'name', o.option_text) order by o.id)
        filter (where o.id is not null), '[]'::json) as options
    from inspection_fields f
    left join inspection_field_options o on o.field_id = f.id
    group by f.id, f.field_name
    order by f.id`,
    FieldOptionRow,
  );
}

export const InspectionScope = z.object({
  id: z.number(),
  project_id: z.number(),
});
export type InspectionScope = z.infer<typeof InspectionScope>;

/** The inspections among `ids` the actor may see (a customer: only their company's), with their project. */
export function visibleInspections(db: Db, actor: Actor, ids: readonly number[]): Promise<InspectionScope[]> {
  return queryRows(
    db,
    sql`select i.id, i.project_id from inspections i join projects p on p.id = i.project_id
        where i.id = any(${numberArrayLiteral(ids)}::int[]) and ${projectInActorScope(actor)}`,
    InspectionScope,
  );
}
