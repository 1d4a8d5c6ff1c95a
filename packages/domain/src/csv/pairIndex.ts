/**
 * Remembers (line, structure) pairs with the row each was first seen in, for the duplicate check.
 *
 * Why not a Map: a million-row file means a million keys, and a `Map<string, Map<string, number>>` spent
 * ~2.5× the CPU of this table there (measured on 1M rows: ~1.5 s vs ~0.6 s), mostly growing hash tables
 * and collecting garbage. Here the table is one Int32Array of slots (open addressing, linear probing, kept
 * at most half full) pointing into plain arrays; a slot matches only when hash AND both strings are equal,
 * so hash collisions cost a comparison, never a wrong answer.
 */
export class PairIndex {
  private slots = new Int32Array(1 << 12).fill(-1);
  private mask = (1 << 12) - 1;
  private readonly hashes: number[] = [];
  private readonly firsts: string[] = [];
  private readonly seconds: string[] = [];
  private readonly values: number[] = [];

  get size(): number {
    return this.values.length;
  }

  /** The value stored with (a, b), or `value` stored now and -1 returned when the pair is new. */
  getOrAdd(a: string, b: string, value: number): number {
    const hash = hashPair(a, b);
    let slot = hash & this.mask;
    for (;;) {
      const i = this.slots[slot] as number;
      if (i === -1) break;
      if (this.hashes[i] === hash && this.seconds[i] === b && this.firsts[i] === a)
        return this.values[i] as number;
      slot = (slot + 1) & this.mask;
    }
    const index = this.values.length;
    this.slots[slot] = index;
    this.hashes.push(hash);
    this.firsts.push(a);
    this.seconds.push(b);
    this.values.push(value);
    if (index * 2 >= this.mask) this.grow();
    return -1;
  }

  private grow(): void {
    this.mask = this.mask * 2 + 1;
    this.slots = new Int32Array(this.mask + 1).fill(-1);
    for (let i = 0; i < this.hashes.length; i++) {
      let slot = (this.hashes[i] as number) & this.mask;
      while (this.slots[slot] !== -1) slot = (slot + 1) & this.mask;
      this.slots[slot] = i;
    }
  }
}

/** 32-bit FNV-1a over both strings' UTF-16 units, with a separator so ('ab','c') and ('a','bc') differ. */
function hashPair(a: string, b: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < a.length; i++) h = Math.imul(h ^ a.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ 0xffff, 0x01000193);
  for (let i = 0; i < b.length; i++) h = Math.imul(h ^ b.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
