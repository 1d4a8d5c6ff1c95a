import type { RowKey } from './types.ts';

/**
 * React keys for a table's positions: a loaded row's own key, so a row keeps its identity when rows
 * move; a loading position its own kind of key (never a row's, even where a row's id equals a
 * position). A row met again further down, as a paged list can show when the order changed between
 * two pages' answers (someone else edited meanwhile), gets its position's key the second time.
 */
export function itemKeys<Row>(rows: ArrayLike<Row | undefined>, rowKey: (row: Row) => RowKey): Array<RowKey> {
  const keys = new Array<RowKey>(rows.length);
  const seen = new Set<RowKey>();
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index];
    if (row === undefined) {
      keys[index] = `loading ${index}`;
      continue;
    }
    const key = rowKey(row);
    keys[index] = seen.has(key) ? `again ${index}` : key;
    seen.add(key);
  }
  return keys;
}
