import { AssetIssue, TransmissionStructure } from '@linewalker/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { isoUtc } from '../../platform/db/geo.ts';
import { queryRows } from '../../platform/db/rows.ts';

/** Project type 2: the asset classes other than Transmission are titles the page does not offer (spec 3 §2). */
export const TRANSMISSION_PTYPE_ID = 2;

/** The asset's line, aliased `l`: a company's line names are unique, case-insensitively. */
const lineOf = sql`left join lines l on l.company_id = a.company_id and lower(l.line_name) = lower(a.line_name)`;

/**
 * The assets in view, aliased `a`: Transmission ones (their newest project is a Transmission project) that
 * `where` keeps (the company scope, a line), with `join`'s tables.
 */
const inView = (where: SQL, join: SQL = sql``) =>
  sql`from assets a join projects lp on lp.id = a.location_project_id and lp.ptype_id = ${TRANSMISSION_PTYPE_ID}
      ${join} where ${where}`;

/**
 * The columns of spec 3 §3 'Transmission structure' for the assets `a` (with their line `l`, see
 * `lineOf`) and the device column given: an asset's newest structure stands in while it has no health.
 */
const structureColumns = (deviceId: SQL) => sql`a.id as asset_id,
  coalesce(a.health_structure_id, (select s.id from structures s where s.asset_id = a.id
    order by s.project_id desc, s.id desc limit 1)) as structure_id,
  a.struct_num, a.line_name, l.line_num,
  a.company_id, a.location[1] as latitude, a.location[0] as longitude,
  a.health_risk as max_risk_level, a.issue_count, a.issues, ${isoUtc(sql`a.health_date`)} as health_date,
  ${deviceId} as device_id`;

/** One asset's first active sensor, found from its structures (one index step each). */
const deviceOfAsset = sql`(select min(d.device_id) from structures s join sensor_devices d on d.structure_id = s.id
  where s.asset_id = a.id and d.retired_at is null)`;

/**
 * The first active sensor of each asset `where` keeps, as `dev` (asset_id, device_id). A list joins it
 * by hash: asked per row, even by index, it cost 0.1 s of a 50,000-structure map, and 0.4 s where the
 * planner had no statistics yet (right after an import) and scanned the devices for each asset.
 */
const devicesInView = (where: SQL) => sql`dev as materialized (
  select s.asset_id, min(d.device_id) as device_id
  from sensor_devices d join structures s on s.id = d.structure_id join assets a on a.id = s.asset_id
  where d.retired_at is null and ${where} group by s.asset_id)`;

const ORDER: Record<string, SQL> = {
  max_risk_level: sql`a.health_risk`,
  issue_count: sql`a.issue_count`,
  line_name: sql`lower(a.line_name)`,
  struct_num: sql`lower(a.struct_num)`,
};

export function listStructures(
  db: Db,
  where: SQL,
  page: { orderBy: keyof typeof ORDER; order: 'ASC' | 'DESC'; offset: number; limit: number },
) {
  const dir = page.order === 'DESC' ? sql`desc` : sql`asc`;
  return queryRows(
    db,
    sql`with ${devicesInView(where)}
        select ${structureColumns(sql`dev.device_id`)} ${inView(where, sql`${lineOf} left join dev on dev.asset_id = a.id`)}
        order by ${ORDER[page.orderBy]} ${dir}, lower(a.line_name) ${dir}, lower(a.struct_num) ${dir}, a.id ${dir}
        offset ${page.offset} limit ${page.limit}`,
    TransmissionStructure,
  );
}

const Counts = z.object({ level: z.number().int(), n: z.number().int(), with_issue: z.number().int() });

/** Assets in view per health level, and how many of each have an issue. */
export function countByLevel(db: Db, where: SQL) {
  return queryRows(
    db,
    sql`select a.health_risk as level, count(*)::int as n, (count(*) filter (where a.issue_count > 0))::int as with_issue
        ${inView(where)} group by a.health_risk`,
    Counts,
  );
}

export function findStructure(db: Db, where: SQL) {
  return queryRows(
    db,
    sql`select ${structureColumns(deviceOfAsset)} ${inView(where, lineOf)} limit 1`,
    TransmissionStructure,
  ).then((rows) => rows[0] ?? null);
}

/** Any asset (whatever its class) by id, or the asset of a project structure. */
export function findAnyStructure(db: Db, where: SQL) {
  return queryRows(
    db,
    sql`select ${structureColumns(deviceOfAsset)} from assets a ${lineOf} where ${where} limit 1`,
    TransmissionStructure,
  ).then((rows) => rows[0] ?? null);
}

const HistoryRow = z.object({
  project_id: z.number().int(),
  project_name: z.string(),
  company_id: z.number().int(),
  structure_id: z.number().int(),
  inspection_id: z.number().int(),
  review_status: z.string(),
  date_reviewed: z.string().nullable(),
  max_risk: z.number().int().nullable(),
  issues: z.array(AssetIssue),
  photo_count: z.number().int(),
  photos: z.array(z.object({ image_id: z.number().int(), image_name: z.string() })),
});
export type HistoryRow = z.infer<typeof HistoryRow>;

/**
 * Every inspection of the asset's structures across projects, newest first: completed ones by completion
 * time, then the open ones by project (newest first). Risk and issues are read as the asset's health is
 * (standing photos, AI markups left out); the first 24 standing photos come with each.
 */
export function history(db: Db, assetId: number) {
  return queryRows(
    db,
    sql`select p.id as project_id, p.project_name, p.company_id, s.id as structure_id, i.id as inspection_id,
          coalesce(i.review_status, '') as review_status,
          case when i.review_status = 'Complete' then ${isoUtc(sql`i.date_reviewed`)} end as date_reviewed,
          found.max_risk, found.issues, photos.photo_count, photos.photos
        from structures s
        join projects p on p.id = s.project_id
        join inspections i on i.structure_id = s.id
        left join lateral (
          select max(an.risk_level)::int as max_risk,
            coalesce(jsonb_agg(jsonb_build_object(
              'annotation_id', an.id, 'image_id', im.id, 'project_id', im.project_id,
              'structure_id', im.structure_id, 'component', c.display_text,
              'deficiency', d.sub_category_text, 'risk', an.risk_level
            ) order by an.risk_level desc, an.id) filter (where an.risk_level >= 2), '[]'::jsonb) as issues
          from images im join annotations an on an.image_id = im.id
          left join components c on c.id = an.category_id
          left join deficiencies d on d.id = an.sub_category_id
          where im.structure_id = s.id and im.reject_datetime is null and an.model_id is null
        ) found on true
        left join lateral (
          select count(*)::int as photo_count,
            coalesce((select jsonb_agg(jsonb_build_object('image_id', f.id, 'image_name', f.image_name) order by f.id)
              from (select im2.id, im2.image_name from images im2
                    where im2.structure_id = s.id and im2.reject_datetime is null order by im2.id limit 24) f),
              '[]'::jsonb) as photos
          from images im where im.structure_id = s.id and im.reject_datetime is null
        ) photos on true
        where s.asset_id = ${assetId}
        order by (i.review_status = 'Complete' and i.date_reviewed is not null) desc,
          case when i.review_status = 'Complete' then i.date_reviewed end desc nulls last,
          p.id desc, i.id desc`,
    HistoryRow,
  );
}
