/**
 * Remembers (line id, structure name) pairs with the row each was first seen in, for the duplicate check.
 *
 * Why not a Map of strings: a million-row file means a million keys, and keeping a million strings alive
 * made the garbage collector the largest cost of the whole import (measured on 1M rows: the duplicate
 * check took more time than parsing and every other row check together). This table keeps no strings:
 * each pair is reduced to a 64-bit fingerprint (two independent 32-bit hashes) stored with its row in one
 * typed array (open addressing, linear probing, at most three quarters full), so adding a row allocates
 * nothing and a lookup touches one cache line.
 *
 * Two different pairs are taken for the same only if both 32-bit hashes collide: for a million distinct
 * pairs the chance that any two do is about n²/2⁶⁵ ≈ 3·10⁻⁸ per file, far below any other failure.
 */
export class PairIndex {
  /**
   * Open-addressing table of [hash A, hash B, value + 1] triples; 0 marks an empty slot, so a new table
   * needs no filling (a fresh typed array is all zeros).
   */
  private table = new Int32Array((1 << 12) * 3);
  private mask = (1 << 12) - 1;
  private count = 0;

  get size(): number {
    return this.count;
  }

  /**
   * The value stored with (group, name), or `value` stored now and -1 returned when the pair is new.
   * `group` is a small whole number (the line's id), `value` is ≥ 0.
   */
  getOrAdd(group: number, name: string, value: number): number {
    return this.getOrAddRange(group, name, 0, name.length, value);
  }

  /** `getOrAdd(group, text.slice(start, end), value)` without the slice (names read from a CSV buffer). */
  getOrAddRange(group: number, text: string, start: number, end: number, value: number): number {
    // FNV-1a and a multiply-xorshift hash, seeded with the group and computed in one pass over the name.
    let h1 = Math.imul(0x811c9dc5 ^ group, 0x01000193);
    let h2 = Math.imul(0x9e3779b9 ^ group, 0x5bd1e995);
    h2 ^= h2 >>> 15;
    for (let i = start; i < end; i++) {
      const c = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5bd1e995);
      h2 ^= h2 >>> 15;
    }
    h2 = Math.imul(h2 ^ (h2 >>> 13), 0xc2b2ae35) ^ (end - start);

    // The fingerprint sits in the slot itself, so a lookup touches one cache line, not three arrays.
    const table = this.table;
    let slot = (h1 ^ (h1 >>> 16)) & this.mask;
    for (;;) {
      const at = slot * 3;
      const stored = table[at + 2] as number;
      if (stored === 0) {
        table[at] = h1;
        table[at + 1] = h2;
        table[at + 2] = value + 1;
        if (++this.count * 4 > this.mask * 3) this.grow(); // at most three quarters full
        return -1;
      }
      if (table[at] === h1 && table[at + 1] === h2) return stored - 1;
      slot = (slot + 1) & this.mask;
    }
  }

  private grow(): void {
    const old = this.table;
    this.mask = this.mask * 2 + 1;
    this.table = new Int32Array((this.mask + 1) * 3);
    for (let at = 0; at < old.length; at += 3) {
      if (old[at + 2] === 0) continue;
      const h1 = old[at] as number;
      let slot = (h1 ^ (h1 >>> 16)) & this.mask;
      while (this.table[slot * 3 + 2] !== 0) slot = (slot + 1) & this.mask;
      const to = slot * 3;
      this.table[to] = h1;
      this.table[to + 1] = old[at + 1] as number;
      this.table[to + 2] = old[at + 2] as number;
    }
  }
}
