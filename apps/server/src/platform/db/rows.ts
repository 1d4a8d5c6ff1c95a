import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** Runs raw SQL and returns its rows (both drivers answer `{ rows }`; the shared Db type does not say so). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Rows changed by a statement: node-postgres reports rowCount, PGlite affectedRows. */
export async function execute(db: Db, query: SQL): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rowCount?: number | null; affectedRows?: number };
  return result.rowCount ?? result.affectedRows ?? 0;
}

/**
 * A PostgreSQL array literal of finite numbers, sent as ONE bind value (`${numberArrayLiteral(ids)}::int[]`):
 * drizzle would spread a JS array into one parameter per element, slow for 10,000 ids and capped at 65,535.
 */
export const numberArrayLiteral = (values: readonly number[]): string => `{${values.join(',')}}`;

/**
 * SQL: `column` is none of `ids` (`true` when there are none). A select-all minus the rows unticked after
 * it, as the Inspect tab's CSV export and 'Archive Selected' resolve it on the server.
 */
export const notAmong = (column: SQL, ids: readonly number[] | undefined): SQL =>
  ids && ids.length > 0 ? sql`${column} <> all(${numberArrayLiteral(ids)}::int[])` : sql`true`;
