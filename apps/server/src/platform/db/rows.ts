import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './client.ts';

/**
 * Whether raw rows are checked against their schemas: under the tests (vitest sets VITEST) and where
 * NODE_ENV says test or development, so a column the SQL renames or a type it changes fails there. Anywhere
 * else, production or a server started without NODE_ENV (`npm start`), the rows are trusted: checking
 * 50,000 rows of 8 columns took 35–42 ms, 16–23% on top of reading them (PGlite, PostgreSQL).
 */
export const CHECK_ROWS =
  process.env.VITEST !== undefined ||
  process.env.NODE_ENV === 'test' ||
  process.env.NODE_ENV === 'development';

/** The row of a query that answers one id, or one count. */
export const IdRow = z.object({ id: z.number().int() });
export const CountRow = z.object({ n: z.number().int() });
/** A row whose columns are not read: `select 1 … ` to learn whether something exists. */
export const AnyRow = z.object({});

/** A row that does not match its schema: names the first row and what is wrong with it. */
export class RowShapeError extends Error {
  constructor(index: number, issues: z.core.$ZodIssue[]) {
    super(
      `Row ${index} of a raw query does not match its schema: ${z.prettifyError({ issues } as z.ZodError)}`,
    );
    this.name = 'RowShapeError';
  }
}

/** Throws RowShapeError when a row does not match `schema`; the rows are answered as they came (not parsed). */
export function checkRows<S extends z.ZodType>(rows: unknown[], schema: S): z.output<S>[] {
  for (let i = 0; i < rows.length; i++) {
    const result = schema.safeParse(rows[i]);
    if (!result.success) throw new RowShapeError(i, result.error.issues);
  }
  return rows as z.output<S>[];
}

/**
 * Runs raw SQL and returns its rows (both drivers answer `{ rows }`; the shared Db type does not say so).
 * The rows are typed by `schema` (a zod object without transforms: it must accept what both drivers answer)
 * and checked against it where `CHECK_ROWS` is on. There is no unchecked form: a read whose columns are
 * not used passes `AnyRow`.
 */
export async function queryRows<S extends z.ZodType>(db: Db, query: SQL, schema: S): Promise<z.output<S>[]> {
  const result = (await db.execute(query)) as unknown as { rows: unknown[] };
  return CHECK_ROWS ? checkRows(result.rows, schema) : (result.rows as z.output<S>[]);
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
