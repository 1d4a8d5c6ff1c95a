import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';

export interface StructureRow {
  projectId: number;
  lineId: number;
  structNum: string;
  lon: number;
  lat: number;
  /** 1 manual, 2 KMZ, 3 nadir. */
  sourceTypeId: number;
  crewGroupId: number | null;
}

/**
 * Inserts structures in batches: each batch is one statement with one JSON parameter unpacked by
 * `json_to_recordset`, which both PGlite and PostgreSQL parse far faster than thousands of bind parameters.
 */
export async function insertStructures(
  db: Db,
  rows: readonly StructureRow[],
  batchSize = 5000,
): Promise<void> {
  for (let i = 0; i < rows.length; i += batchSize) {
    const batch = rows.slice(i, i + batchSize).map((r) => [
      r.projectId,
      r.lineId,
      r.structNum,
      // Six decimals is ~0.1 m: plenty, and keeps the payload small.
      Math.round(r.lon * 1e6) / 1e6,
      Math.round(r.lat * 1e6) / 1e6,
      r.sourceTypeId,
      r.crewGroupId,
    ]);
    await db.execute(sql`
      insert into structures (project_id, line_id, struct_num, location, structure_source_type_id, crew_group_id)
      select (r->>0)::int, (r->>1)::int, r->>2, point((r->>3)::float8, (r->>4)::float8), (r->>5)::smallint, (r->>6)::int
      from json_array_elements(${JSON.stringify(batch)}::json) as r`);
  }
}

export interface InspectionMix {
  /** Share of inspections reviewed (0..1). */
  reviewedShare: number;
  /** Of the rest, share with a reshoot requested. */
  reshootShare: number;
  /** Reviewers picked at random. */
  reviewerIds: readonly number[];
  /** Reviews fall between this many days ago and now. */
  reviewWindowDays: number;
}

/**
 * One inspection per structure of the given projects, a share of them reviewed with a risk level 1..5
 * (mostly low, as in real surveys). Done in SQL, so 100k rows never travel through the client.
 */
export async function createInspections(
  db: Db,
  projectIds: readonly number[],
  mix: InspectionMix,
): Promise<void> {
  if (projectIds.length === 0) return;
  const reviewers = mix.reviewerIds.length > 0 ? mix.reviewerIds : [null];
  const reviewed = sql`${mix.reviewedShare}::float8`;
  const reshoot = sql`${mix.reviewedShare + mix.reshootShare}::float8`;
  await db.execute(sql`
    insert into inspections (project_id, structure_id, review_status, date_reviewed, reviewed_by, max_risk_level, reshoot_reason)
    select s.project_id, s.id,
      case when r.roll < ${reviewed} then 'Complete'
           when r.roll < ${reshoot} then 'Reshoot Requested' end,
      case when r.roll < ${reviewed} then now() - r.age * ${mix.reviewWindowDays}::float8 * interval '1 day' end,
      case when r.roll < ${reviewed} then (${JSON.stringify(reviewers)}::jsonb ->> r.reviewer)::int end,
      case when r.roll < ${reviewed} then
        case when r.risk < 0.55 then 1 when r.risk < 0.80 then 2 when r.risk < 0.92 then 3 when r.risk < 0.98 then 4 else 5 end
      end,
      case when r.roll >= ${reviewed} and r.roll < ${reshoot}
        then 'Photos blurred, please reshoot the top of the structure' end
    from structures s
    cross join lateral (
      select random() as roll, random() as age, random() as risk,
        floor(random() * ${reviewers.length}::int)::int as reviewer
      -- Referencing s keeps PostgreSQL from computing the random values once for all rows.
      where s.id is not null
    ) r
    where s.project_id in (select jsonb_array_elements_text(${JSON.stringify(projectIds)}::jsonb)::int)`);
}
