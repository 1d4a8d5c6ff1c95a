/**
 * A list read a chunk at a time (each chunk a few hundred rows), so a whole-list answer never holds every
 * row: 30,000 inspections are 20 MB of JSON, and fifty readers at once held a gigabyte.
 */
export type RowChunks<T> = AsyncIterable<readonly T[]>;

/** Rows of a whole list read at a time: about 0.7 MB of inspection JSON. */
export const LIST_CHUNK_ROWS = 1000;

/** The chunks of `ids` read `size` at a time by `read` (an id per row, in the list's order). */
export async function* chunksOf<T>(
  ids: Int32Array,
  read: (ids: Int32Array) => Promise<readonly T[]>,
  size = LIST_CHUNK_ROWS,
): AsyncGenerator<readonly T[]> {
  for (let at = 0; at < ids.length; at += size) yield await read(ids.subarray(at, at + size));
}

/**
 * Chunks read by keyset: `read(after)` answers up to `size` rows following the key `after` (null: from the
 * start) in the list's order; the last row of each chunk gives the next key. No list of ids is held, and a
 * row changed between two chunks is read at most once.
 */
export async function* keysetChunks<T, K>(
  read: (after: K | null, size: number) => Promise<readonly T[]>,
  keyOf: (row: T) => K,
  size = LIST_CHUNK_ROWS,
): AsyncGenerator<readonly T[]> {
  let after: K | null = null;
  for (;;) {
    const rows = await read(after, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = keyOf(rows.at(-1)!);
  }
}
