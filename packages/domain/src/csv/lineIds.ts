/**
 * Small ids (0, 1, 2 … in order of first appearance) for line names, the same id for names whose
 * `toLowerCase()` is equal: the database keeps one line per company and name, ignoring case.
 *
 * Names are read as ranges of the parser's buffer, so the usual row costs no string (this replaced a
 * `Map` lookup of a sliced name per row). Each spelling met so far is kept in a small open-addressing
 * table under a hash of its characters; a row's name is hashed in place and compared with the spelling
 * stored under that hash by `startsWith` (native, exact). Only a new spelling is sliced and lower-cased,
 * and its lower-cased form gives the id, so `L1` and `l1` share one. A file has few lines (and few
 * spellings of each), so the table stays small and in cache.
 */
export class LineIds {
  /** Spellings as written, their hashes and their ids, by spelling number. */
  private readonly spellings: string[] = [];
  private hashes = new Int32Array(16);
  private ids = new Int32Array(16);
  /** Open-addressing table of spelling numbers (-1 empty), at most half full. */
  private slots = new Int32Array(64).fill(-1);
  /** Lower-cased name → id. */
  private readonly idsByKey = new Map<string, number>();

  /** Distinct names (ignoring case) seen so far. */
  get size(): number {
    return this.idsByKey.size;
  }

  /** The id of `name`. */
  idOf(name: string): number {
    return this.idOfRange(name, 0, name.length);
  }

  /** The id of `text.slice(start, end)`. */
  idOfRange(text: string, start: number, end: number): number {
    let hash = 0x811c9dc5 | 0; // FNV-1a
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    hash ^= hash >>> 15; // FNV-1a's low bits alone would cluster similar names in the table
    const length = end - start;
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const spelling = this.slots[slot] as number;
      if (spelling === -1) return this.addSpelling(text.slice(start, end), hash, slot);
      const written = this.spellings[spelling] as string;
      if (this.hashes[spelling] === hash && written.length === length && text.startsWith(written, start)) {
        return this.ids[spelling] as number;
      }
    }
  }

  private addSpelling(name: string, hash: number, slot: number): number {
    const key = name.toLowerCase();
    let id = this.idsByKey.get(key);
    if (id === undefined) {
      id = this.idsByKey.size;
      this.idsByKey.set(key, id);
    }
    const spelling = this.spellings.length;
    this.spellings.push(name);
    if (spelling === this.hashes.length) {
      this.hashes = grown(this.hashes);
      this.ids = grown(this.ids);
    }
    this.hashes[spelling] = hash;
    this.ids[spelling] = id;
    this.slots[slot] = spelling;
    if (this.spellings.length * 2 > this.slots.length) this.grow();
    return id;
  }

  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2).fill(-1);
    const mask = slots.length - 1;
    for (let spelling = 0; spelling < this.spellings.length; spelling++) {
      let slot = (this.hashes[spelling] as number) & mask;
      while (slots[slot] !== -1) slot = (slot + 1) & mask;
      slots[slot] = spelling;
    }
    this.slots = slots;
  }
}

function grown(array: Int32Array): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}
