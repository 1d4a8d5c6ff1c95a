import { type SQL, sql } from 'drizzle-orm';

/**
 * The joins every inspection row of a list reads (`inspections i` with its project, structure, line,
 * component and reviewer), shared by the plain list and the filtered, paged one so both read the same.
 */
export const INSPECTION_JOINS = sql`
    join projects p on p.id = i.project_id
    join structures s on s.id = i.structure_id
    join lines l on l.id = s.line_id
    left join components c on c.id = i.component_id
    left join users u on u.id = i.reviewed_by`;

/**
 * Each structure's photo and rejected-photo counts for the whole project, in one grouped pass (`im`), and its
 * standing photos' open AI markups (`am`, the Inspect tab's AI flag).
 */
export const projectImageCounts = (projectId: number): SQL => sql`
  left join (
    select structure_id, count(*)::int as image_count,
      count(*) filter (where reject_datetime is not null)::int as reject_count
    from images where project_id = ${projectId} and structure_id is not null
    group by structure_id
  ) im on im.structure_id = i.structure_id
  left join (
    select x.structure_id, count(*)::int as ai_open
    from images x join ai_markups a on a.image_id = x.id and a.status = 'open'
    where x.project_id = ${projectId} and x.structure_id is not null and x.reject_datetime is null
    group by x.structure_id
  ) am on am.structure_id = i.structure_id`;
