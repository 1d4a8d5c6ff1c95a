import { describe, expect, it } from 'vitest';
import { PairIndex } from './pairIndex.ts';

describe('PairIndex', () => {
  it('returns -1 for a new pair and the first value for a repeat', () => {
    const index = new PairIndex();
    expect(index.getOrAdd('L1', 'S1', 2)).toBe(-1);
    expect(index.getOrAdd('L1', 'S2', 3)).toBe(-1);
    expect(index.getOrAdd('L2', 'S1', 4)).toBe(-1);
    expect(index.getOrAdd('L1', 'S1', 5)).toBe(2);
    expect(index.getOrAdd('L1', 'S1', 6)).toBe(2);
    expect(index.size).toBe(3);
  });

  it('keeps pairs apart that concatenate alike, and tells case and accents apart', () => {
    const index = new PairIndex();
    expect(index.getOrAdd('ab', 'c', 1)).toBe(-1);
    expect(index.getOrAdd('a', 'bc', 2)).toBe(-1);
    expect(index.getOrAdd('', 'abc', 3)).toBe(-1);
    expect(index.getOrAdd('Ab', 'c', 4)).toBe(-1);
    expect(index.getOrAdd('Pórtico', 'c', 5)).toBe(-1);
    expect(index.getOrAdd('Portico', 'c', 6)).toBe(-1);
    expect(index.getOrAdd('a', 'bc', 7)).toBe(2);
  });

  it('stays exact through growth, against a Map, for 200,000 pairs with repeats', () => {
    const index = new PairIndex();
    const reference = new Map<string, number>();
    const mismatches: number[] = [];
    for (let i = 0; i < 200_000; i++) {
      const a = `Line ${i % 10}`;
      const b = `S${(i * 7919) % 60_000}`;
      const key = `${a}\u0000${b}`;
      const expected = reference.get(key) ?? -1;
      if (expected === -1) reference.set(key, i);
      if (index.getOrAdd(a, b, i) !== expected) mismatches.push(i);
    }
    expect(mismatches).toEqual([]);
    expect(index.size).toBe(reference.size);
    expect(index.size).toBeLessThan(200_000); // repeats did occur
  });
});
