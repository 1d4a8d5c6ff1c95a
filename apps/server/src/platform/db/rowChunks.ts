import { isDatabaseUnavailable } from './pgErrors.ts';

/**
 * A list read a chunk at a time (each chunk a few hundred rows), so a whole-list answer never holds every
 * row: 30,000 inspections are 20 MB of JSON, and fifty readers at once held a gigabyte.
 */
export type RowChunks<T> = AsyncIterable<readonly T[]>;

/** Rows of a whole list read at a time: about 0.7 MB of inspection JSON. */
export const LIST_CHUNK_ROWS = 1000;

/** Tries of a chunk after the first when the database is briefly out of reach or its pool busy. */
const CHUNK_TRIES = 4;

/**
 * Reads a chunk. After the first one the answer is under way and can no longer become a 503: a chunk that
 * failed for want of a database connection (a busy pool, a dropped connection) is read again after a short
 * pause rather than cutting the answer short. The first chunk's failure answers 503 as any request's does.
 */
async function readChunk<T>(read: () => Promise<T>, first: boolean): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (err) {
      if (first || attempt >= CHUNK_TRIES || !isDatabaseUnavailable(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

/** The chunks of `ids` read `size` at a time by `read` (an id per row, in the list's order). */
export async function* chunksOf<T>(
  ids: Int32Array,
  read: (ids: Int32Array) => Promise<readonly T[]>,
  size = LIST_CHUNK_ROWS,
): AsyncGenerator<readonly T[]> {
  for (let at = 0; at < ids.length; at += size) {
    yield await readChunk(() => read(ids.subarray(at, at + size)), at === 0);
  }
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
    const key = after;
    const rows = await readChunk(() => read(key, size), key === null);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = keyOf(rows.at(-1)!);
  }
}
