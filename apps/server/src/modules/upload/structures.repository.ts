import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.ts';
import { projectInActorScope } from '../../platform/auth/policy.ts';
import type { Db } from '../../platform/db/client.ts';
import { queryRows } from '../../platform/db/rows.ts';

export interface Range {
  from: Date;
  to: Date;
}

const CountsRow = z.object({
  total_struct_count: z.number(),
  kmz_struct_count: z.number(),
  nadir_struct_count: z.number(),
  manual_struct_count: z.number(),
  acquired_structures: z.number(),
  acquired_structures_yesterday: z.number(),
  inspected_count: z.number(),
  inspected_count_yesterday: z.number(),
  img_count: z.number(),
  unassigned_img_count: z.number(),
});
type CountsRow = z.infer<typeof CountsRow>;

/** The project's time zone, or null when the project is not visible to the actor. */
export async function projectTimeZone(db: Db, actor: Actor, projectId: number): Promise<string | null> {
  const [row] = await queryRows(
    db,
    sql`select time_zone from projects p
      where p.id = ${projectId} and ${projectInActorScope(actor)}`,
    z.object({
      time_zone: z.string(),
    }),
  );
  return row?.time_zone ?? null;
}

/**
 * Every count of the assignment stat tiles in one statement; no row when the project is not visible.
 * `yesterday` is a half-open [from, to) range computed by the caller in the project's time zone.
 */
export async function structureCounts(
  db: Db,
  actor: Actor,
  projectId: number,
  yesterday: Range,
  acceptedOnly = false,
): Promise<CountsRow | null> {
  // A customer's image count: the accepted photos on structures, as their image lists show them.
  const counted = acceptedOnly
    ? sql`where project_id = p.id and reject_datetime is null and structure_id is not null`
    : sql`where project_id = p.id`;
  const from = yesterday.from.toISOString();
  const to = yesterday.to.toISOString();
  const rows = await queryRows(
    db,
    sql`
    select s.*, a.*, i.*, m.*
    from projects p
    cross join lateral (
      select count(*)::int as total_struct_count,
        count(*) filter (where structure_source_type_id = 2)::int as kmz_struct_count,
        count(*) filter (where structure_source_type_id = 3)::int as nadir_struct_count,
        count(*) filter (where structure_source_type_id = 1)::int as manual_struct_count
      from structures where project_id = p.id
    ) s
    cross join lateral (
      select count(*)::int as acquired_structures,
        count(*) filter (where first_upload >= ${from}::timestamptz and first_upload < ${to}::timestamptz)::int
          as acquired_structures_yesterday
      from (
        select min(uploaded_at) as first_upload from images
        where project_id = p.id and structure_id is not null group by structure_id
      ) f
    ) a
    cross join lateral (
      select count(*) filter (where date_reviewed is not null)::int as inspected_count,
        count(*) filter (where date_reviewed >= ${from}::timestamptz and date_reviewed < ${to}::timestamptz)::int
          as inspected_count_yesterday
      from inspections where project_id = p.id
    ) i
    cross join lateral (
      select count(*)::int as img_count, count(*) filter (where structure_id is null)::int as unassigned_img_count
      from images ${counted}
    ) m
    where p.id = ${projectId} and ${projectInActorScope(actor)}`,
    CountsRow,
  );
  return rows[0] ?? null;
}

interface LineRow {
  id: number;
  line_name: string;
  line_num: string | null;
}
const NullableLine = z.object({
  id: z.number().nullable(),
  line_name: z.string().nullable(),
  line_num: z.string().nullable(),
});

/** The project's lines by name; null when the project is not visible (one statement). */
export async function projectLines(db: Db, actor: Actor, projectId: number): Promise<LineRow[] | null> {
  const rows = await queryRows(
    db,
    sql`
    select l.id, l.line_name, l.line_num
    from projects p
    left join project_lines pl on pl.project_id = p.id
    left join lines l on l.id = pl.line_id
    where p.id = ${projectId} and ${projectInActorScope(actor)}
    order by lower(l.line_name), l.id`,
    NullableLine,
  );
  if (rows.length === 0) return null;
  return rows.filter((r): r is LineRow => r.id !== null);
}

/** A company's lines by name; null when the company does not exist. */
export async function companyLines(db: Db, companyId: number): Promise<LineRow[] | null> {
  const rows = await queryRows(
    db,
    sql`
    select l.id, l.line_name, l.line_num
    from companies c
    left join lines l on l.company_id = c.id
    where c.id = ${companyId}
    order by lower(l.line_name), l.id`,
    NullableLine,
  );
  if (rows.length === 0) return null;
  return rows.filter((r): r is LineRow => r.id !== null);
}
