import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../platform/db/client.ts';
import { queryRows } from '../platform/db/rows.ts';

export const ProjectProgressRow = z.object({
  project_id: z.number(),
  structures: z.number(),
  inspected: z.number(),
  last_reviewed: z.string().nullable(),
});
export type ProjectProgressRow = z.infer<typeof ProjectProgressRow>;

/**
 * The project_progress figures counted from scratch: what the triggers must always agree with (tests),
 * and the live aggregation they replaced (the `projects-list` benchmark's baseline).
 */
export function liveProjectProgress(db: Db): Promise<ProjectProgressRow[]> {
  return queryRows(
    db,
    sql`
    select p.id as project_id, coalesce(s.n, 0)::int as structures, coalesce(d.inspected, 0)::int as inspected,
      to_char(d.last_reviewed at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as last_reviewed
    from projects p
    left join (select project_id, count(*) as n from structures group by project_id) s on s.project_id = p.id
    left join (
      select project_id, count(*) filter (where done) as inspected, max(last_reviewed) as last_reviewed
      from (
        select project_id, structure_id, bool_and(date_reviewed is not null) as done,
          max(date_reviewed) as last_reviewed
        from inspections group by project_id, structure_id
      ) per_structure
      group by project_id
    ) d on d.project_id = p.id
    order by p.id`,
    ProjectProgressRow,
  );
}

/** The figures the triggers keep, in the same shape. */
export function storedProjectProgress(db: Db): Promise<ProjectProgressRow[]> {
  return queryRows(
    db,
    sql`
    select p.id as project_id, coalesce(pp.structures, 0) as structures, coalesce(pp.inspected, 0) as inspected,
      to_char(pp.last_reviewed at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as last_reviewed
    from projects p left join project_progress pp on pp.project_id = p.id
    order by p.id`,
    ProjectProgressRow,
  );
}
