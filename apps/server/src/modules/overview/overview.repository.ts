import { OVERVIEW_RISK_KEYS, type OverviewRiskKey, type StructureOrderBy } from '@linewalker/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.ts';
import { projectInActorScope } from '../../platform/auth/policy.ts';
import type { Db } from '../../platform/db/client.ts';
import { CountRow, numberArrayLiteral, queryRows } from '../../platform/db/rows.ts';

/** What narrows the project's structures: the header's lines and search, one structure. */
export interface StructureFilter {
  projectId: number;
  lineIds: number[];
  q: string;
  structureId?: number | undefined;
}

export const OverviewRow = z.object({
  structure_id: z.number(),
  struct_num: z.string(),
  line_id: z.number(),
  line_name: z.string(),
  line_num: z.string().nullable(),
  company_id: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  image_count: z.number(),
  archived_count: z.number(),
  uploaded_image_count: z.number(),
  issue_count: z.number(),
  max_risk_level: z.number().nullable(),
  review_status: z.string(),
  inspection_id: z.number().nullable(),
  /** Index into OVERVIEW_RISK_KEYS. */
  risk_rank: z.number(),
});
export type OverviewRow = z.infer<typeof OverviewRow>;

/** `like` pattern of a search text, its wildcards taken literally. */
const containsPattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The project's structures passing the filters (columns s.*, line, company); no rows when the project is not visible. */
function filtered(actor: Actor, f: StructureFilter): SQL {
  const lines = f.lineIds.length ? sql`and s.line_id = any(${numberArrayLiteral(f.lineIds)}::int[])` : sql``;
  const search = f.q
    ? sql`and (lower(s.struct_num) like ${containsPattern(f.q)} or lower(l.line_name) like ${containsPattern(f.q)})`
    : sql``;
  const one = f.structureId ? sql`and s.id = ${f.structureId}` : sql``;
  return sql`
    select s.id, s.struct_num, s.line_id, l.line_name, l.line_num, p.company_id, s.location
    from projects p
    join structures s on s.project_id = p.id
    join lines l on l.id = s.line_id
    where p.id = ${f.projectId} and ${projectInActorScope(actor)} ${lines} ${search} ${one}`;
}

/**
 * The risk key's index in OVERVIEW_RISK_KEYS from a structure's counts (spec 2 §4, the domain's `summaryRisk`):
 * not complete → Not Inspected with photos, Not Acquired without; complete → its highest risk, under 2 being
 * Satisfactory. overview.test.ts checks this against summaryRisk case by case.
 */
const RISK_RANK = sql`(case
  when r.review_status <> 'Complete' then (case when r.uploaded_image_count > 0 then 1 else 0 end)
  when coalesce(r.max_risk_level, 0) < 2 then 2
  else least(r.max_risk_level, 5) + 1 end)`;

/**
 * Every column of the overview row for the structures of `scope` (a CTE `sc` of `filtered` rows): photo counts,
 * issues (annotations of risk 2+ on photos that are not rejected, AI markups left out), the review status of
 * the structure (Complete once every inspection of it is), the highest risk of its inspections and issues.
 * Aggregates read only the structures in `sc`, so a page of 50 costs 50 structures' rows.
 */
function withAggregates(scope: SQL, wholeProject?: number): SQL {
  // Over a whole project the photo and inspection scans go by project (their indexes lead with it) and the
  // structures passing the filters are picked in the final join, instead of probing each id.
  const of = (alias: string) =>
    wholeProject === undefined
      ? sql`${sql.raw(alias)}.structure_id in (select id from sc)`
      : sql`${sql.raw(alias)}.project_id = ${wholeProject}`;
  return sql`
    with sc as (${scope}),
    img as (
      select i.structure_id, count(*)::int as image_count,
        count(*) filter (where i.reject_datetime is null)::int as uploaded_image_count,
        count(*) filter (where i.archived_date is not null)::int as archived_count
      from images i where ${of('i')} and i.structure_id is not null group by i.structure_id
    ),
    ann as (
      select i.structure_id, count(*)::int as issue_count, max(a.risk_level)::int as risk
      from images i join annotations a on a.image_id = i.id
      where ${of('i')} and i.structure_id is not null and i.reject_datetime is null
        and a.model_id is null and a.risk_level >= 2
      group by i.structure_id
    ),
    ins as (
      select n.structure_id, min(n.id)::int as inspection_id, count(*)::int as n,
        count(*) filter (where n.review_status = 'Complete')::int as complete_n,
        bool_or(n.review_status = 'Reshoot Requested') as reshoot,
        max(n.max_risk_level)::int as risk
      from inspections n where ${of('n')} group by n.structure_id
    ),
    r as (
      select sc.id as structure_id, sc.struct_num, sc.line_id, sc.line_name, sc.line_num, sc.company_id,
        (sc.location)[1]::float8 as latitude, (sc.location)[0]::float8 as longitude,
        coalesce(img.image_count, 0) as image_count, coalesce(img.archived_count, 0) as archived_count,
        coalesce(img.uploaded_image_count, 0) as uploaded_image_count,
        coalesce(ann.issue_count, 0) as issue_count,
        nullif(greatest(coalesce(ins.risk, 0), coalesce(ann.risk, 0)), 0) as max_risk_level,
        (case when ins.n > 0 and ins.complete_n = ins.n then 'Complete'
          when ins.reshoot then 'Reshoot Requested' else '' end) as review_status,
        ins.inspection_id
      from sc
      left join img on img.structure_id = sc.id
      left join ann on ann.structure_id = sc.id
      left join ins on ins.structure_id = sc.id
    )
    select r.*, ${RISK_RANK}::int as risk_rank from r`;
}

/**
 * Natural order of structure names: T-2 before T-10, 3/9 before 3/10 (the text before the last number, that
 * number as a number, then the whole name).
 */
const naturalName = (col: SQL, dir: SQL) =>
  sql`lower(coalesce(substring(${col} from '^(.*?)[0-9]+[^0-9]*$'), ${col})) ${dir},
    nullif(substring(${col} from '([0-9]+)[^0-9]*$'), '')::numeric ${dir}, ${col} ${dir}`;

function orderSql(orderBy: StructureOrderBy, order: 'ASC' | 'DESC', t: string): SQL {
  const dir = order === 'DESC' ? sql.raw('desc') : sql.raw('asc');
  const c = (name: string) => sql.raw(`${t}.${name}`);
  const nulls = order === 'DESC' ? sql.raw('nulls last') : sql.raw('nulls first');
  const by: Record<StructureOrderBy, SQL> = {
    struct_num: naturalName(c('struct_num'), dir),
    line_name: sql`lower(${c('line_name')}) ${dir}`,
    line_num: sql`${c('line_num')} ${dir} ${nulls}`,
    review_status: sql`${c('review_status')} ${dir}`,
    issue_count: sql`${c('issue_count')} ${dir}`,
    risk: sql`${c('risk_rank')} ${dir}`,
    image_count: sql`${c('image_count')} ${dir}`,
  };
  // Only the first key takes the direction; ties fall back to the natural structure order.
  const first =
    orderBy === 'struct_num'
      ? by.struct_num
      : sql`${by[orderBy]}, ${naturalName(c('struct_num'), sql.raw('asc'))}`;
  // Last, the id: equal names never swap places between pages.
  return sql`${first}, ${c(t === 'sc' ? 'id' : 'structure_id')}`;
}

/** Orders that need only the structure's own columns: the page is cut before anything is counted. */
const CHEAP_ORDER = new Set<StructureOrderBy>(['struct_num', 'line_name', 'line_num']);

/**
 * One page of the overview table and the number of structures passing the filters. Name orders cut the
 * page first and count photos and issues for its rows only; risk, status and count orders (and a risk
 * filter) need every filtered structure's counts, done in one pass of grouped scans.
 */
export async function structurePage(
  db: Db,
  actor: Actor,
  f: StructureFilter & {
    risk?: OverviewRiskKey | undefined;
    orderBy: StructureOrderBy;
    order: 'ASC' | 'DESC';
    limit: number;
    offset: number;
  },
): Promise<{ rows: OverviewRow[]; total: number }> {
  const page = sql`limit ${f.limit} offset ${f.offset}`;
  if (CHEAP_ORDER.has(f.orderBy) && !f.risk) {
    const [count] = await queryRows(
      db,
      sql`select count(*)::int as n from (${filtered(actor, f)}) x`,
      CountRow,
    );
    const rows = await queryRows(
      db,
      sql`select * from (${withAggregates(
        sql`select * from (${filtered(actor, f)}) sc order by ${orderSql(f.orderBy, f.order, 'sc')} ${page}`,
      )}) t order by ${orderSql(f.orderBy, f.order, 't')}`,
      OverviewRow,
    );
    return { rows, total: count?.n ?? 0 };
  }
  const riskFilter = f.risk ? sql`where t.risk_rank = ${OVERVIEW_RISK_KEYS.indexOf(f.risk)}` : sql``;
  const rows = await queryRows(
    db,
    sql`select t.*, count(*) over ()::int as total from (${withAggregates(filtered(actor, f), f.projectId)}) t ${riskFilter}
      order by ${orderSql(f.orderBy, f.order, 't')} ${page}`,
    OverviewRow.extend({
      total: z.number(),
    }),
  );
  if (rows.length === 0 && f.offset > 0) {
    // Past the end: the total still tells the pager where the end is.
    const [count] = await queryRows(
      db,
      sql`select count(*)::int as n from (${withAggregates(filtered(actor, f), f.projectId)}) t ${riskFilter}`,
      CountRow,
    );
    return { rows: [], total: count?.n ?? 0 };
  }
  return { rows, total: rows[0]?.total ?? 0 };
}

export interface MapColumns {
  structure_id: number[];
  latitude: number[];
  longitude: number[];
  risk: number[];
}

/**
 * Every filtered structure's position and risk as columns, built in the database (one row of four arrays),
 * so 50,000 structures cost one small answer instead of 50,000 row objects.
 */
export async function mapColumns(db: Db, actor: Actor, f: StructureFilter): Promise<MapColumns> {
  const [row] = await queryRows(
    db,
    sql`select array_agg(t.structure_id order by t.structure_id) as ids,
        array_agg(t.latitude order by t.structure_id) as lat,
        array_agg(t.longitude order by t.structure_id) as lon,
        array_agg(t.risk_rank order by t.structure_id) as risk
      from (${withAggregates(filtered(actor, f), f.projectId)}) t`,
    z.object({
      ids: z.array(z.number()).nullable(),
      lat: z.array(z.number()).nullable(),
      lon: z.array(z.number()).nullable(),
      risk: z.array(z.number()).nullable(),
    }),
  );
  return {
    structure_id: row?.ids ?? [],
    latitude: (row?.lat ?? []).map(Number),
    longitude: (row?.lon ?? []).map(Number),
    risk: row?.risk ?? [],
  };
}

/**
 * The next batch of filtered structures after `afterId`, in id order: the exports read the project in
 * batches, so a 50,000-structure export never holds more than one batch. The caller applies a risk filter.
 */
export async function rowsAfter(
  db: Db,
  actor: Actor,
  f: StructureFilter,
  afterId: number,
  limit: number,
): Promise<OverviewRow[]> {
  return queryRows(
    db,
    sql`select t.* from (${withAggregates(
      sql`select * from (${filtered(actor, f)}) x where x.id > ${afterId} order by x.id limit ${limit}`,
    )}) t order by t.structure_id`,
    OverviewRow,
  );
}

/** Image ids per structure, for the page's rows (spec 2 §3 image_ids). */
export async function imageIdsOf(db: Db, structureIds: number[]): Promise<Map<number, number[]>> {
  if (structureIds.length === 0) return new Map();
  const rows = await queryRows(
    db,
    sql`select structure_id, array_agg(id order by id) as ids from images
      where structure_id = any(${numberArrayLiteral(structureIds)}::int[]) group by structure_id`,
    z.object({
      structure_id: z.number(),
      ids: z.array(z.number()),
    }),
  );
  return new Map(rows.map((r) => [r.structure_id, r.ids]));
}
