import { type SQL, sql } from 'drizzle-orm';

/** The mean Earth radius `metresBetween` (packages/domain images/assignment.ts) uses, in metres. */
const EARTH_RADIUS_M = 6_371_008.8;

/**
 * Great-circle distance in metres between two `point` columns (x = longitude, y = latitude): the same
 * haversine formula as the domain's `metresBetween`, so a distance computed in SQL for 10,000 photos at once
 * equals the one the assignment rule computed. Null when either point is null.
 */
export function metresBetweenSql(a: SQL, b: SQL): SQL {
  // least() skips nulls (least(1, null) is 1), so a missing point must be caught before it.
  return sql`(case when (${a}) is null or (${b}) is null then null::float8
    else 2 * ${EARTH_RADIUS_M}::float8 * asin(least(1::float8, sqrt(
      power(sin(radians((${b})[1] - (${a})[1]) / 2), 2)
      + cos(radians((${a})[1])) * cos(radians((${b})[1])) * power(sin(radians((${b})[0] - (${a})[0]) / 2), 2))))
    end)`;
}

/** A time column as an ISO string in UTC ('2026-11-23T20:15:00.000Z'), null stays null. */
export const isoUtc = (column: SQL): SQL =>
  sql`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
