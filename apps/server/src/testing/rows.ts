import type { SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';

/**
 * Tests and benchmarks only: the rows of raw SQL that a test reads to assert on (or a benchmark sets up
 * with), typed by the caller's `T` (the assertions that follow check the values). Production reads go
 * through `queryRows(db, sql, schema)`, which checks each row against its zod schema.
 */
// biome-ignore lint/suspicious/noExplicitAny: a test names the columns it reads; the default lets it index freely
export async function sqlRows<T = Record<string, any>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
