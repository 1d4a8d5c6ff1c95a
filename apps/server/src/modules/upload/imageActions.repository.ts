import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { metresBetweenSql } from '../../platform/db/geo.ts';
import { IdRow, numberArrayLiteral, queryRows } from '../../platform/db/rows.ts';

/**
 * The structure of the project, locked against removal and moves until the transaction ends; null when it
 * is not a structure of that project.
 */
export async function lockStructureOfProject(
  db: Db,
  projectId: number,
  structureId: number,
): Promise<{ id: number } | null> {
  const [row] = await queryRows(
    db,
    sql`select id from structures where id = ${structureId} and project_id = ${projectId} for share`,
    IdRow,
  );
  return row ?? null;
}

/**
 * Locks the project's photos among `ids` in id order (`ids` sorted by the caller) and answers how many
 * there are. Every request that changes photos locks them in this one order first, so overlapping
 * reassignments and rejections wait for each other instead of deadlocking.
 */
const lockedImages = (projectId: number, ids: readonly number[]) => sql`
  locked as materialized (
    select id, structure_id from images
    where project_id = ${projectId} and id = any(${numberArrayLiteral(ids)}::int[])
    order by id
    for update)`;

/**
 * Puts the photos on the structure (a person's choice: confidence null) and recomputes their distance to it
 * from each photo's own position (null without GPS). assigned_at changes only for photos that move, so
 * repeating a reassignment changes nothing. Answers how many of `ids` are photos of the project (the
 * caller rolls back unless all are) and how many moved.
 */
export async function reassignImages(
  db: Db,
  projectId: number,
  structureId: number,
  ids: readonly number[],
): Promise<{ found: number; moved: number }> {
  const [row] = await queryRows(
    db,
    sql`
    with ${lockedImages(projectId, ids)},
    u as (
      update images i set
        assigned_at = case when i.structure_id is distinct from s.id then now() else i.assigned_at end,
        structure_id = s.id,
        meters_from_struct = ${metresBetweenSql(sql`i.location`, sql`s.location`)},
        assignment_confidence = null
      from locked, structures s
      where i.id = locked.id and s.id = ${structureId}
      returning locked.structure_id is distinct from s.id as moved)
    select (select count(*)::int from locked) as found,
      (select count(*) filter (where moved)::int from u) as moved`,
    z.object({
      found: z.number(),
      moved: z.number(),
    }),
  );
  return row!;
}

/**
 * Rejects the photos with a reason; photos rejected already keep their first rejection (time, reason and
 * who). Answers how many of `ids` are photos of the project and how many were newly rejected.
 */
export async function rejectImages(
  db: Db,
  projectId: number,
  ids: readonly number[],
  reason: string,
  userId: number | null,
): Promise<{ found: number; rejected: number }> {
  const [row] = await queryRows(
    db,
    sql`
    with ${lockedImages(projectId, ids)},
    u as (
      update images i set reject_datetime = now(), reject_reason = ${reason}, rejected_by = ${userId}::int
      from locked where i.id = locked.id and i.reject_datetime is null
      returning 1)
    select (select count(*)::int from locked) as found, (select count(*)::int from u) as rejected`,
    z.object({
      found: z.number(),
      rejected: z.number(),
    }),
  );
  return row!;
}

/** Takes a rejection back; answers whether the photo was rejected. */
export async function unrejectImage(db: Db, imageId: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`update images set reject_datetime = null, reject_reason = null, rejected_by = null
        where id = ${imageId} and reject_datetime is not null returning id`,
    IdRow,
  );
  return rows.length > 0;
}
