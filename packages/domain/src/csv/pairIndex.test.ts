import { describe, expect, it } from 'vitest';
import { PairIndex } from './pairIndex.ts';

describe('PairIndex', () => {
  it('returns -1 for a new pair and the first value for a repeat', () => {
    const index = new PairIndex();
    expect(index.getOrAdd(1, 'S1', 2)).toBe(-1);
    expect(index.getOrAdd(1, 'S2', 3)).toBe(-1);
    expect(index.getOrAdd(2, 'S1', 4)).toBe(-1);
    expect(index.getOrAdd(1, 'S1', 5)).toBe(2);
    expect(index.getOrAdd(1, 'S1', 6)).toBe(2);
    expect(index.size).toBe(3);
  });

  it('tells groups, case and accents apart', () => {
    const index = new PairIndex();
    expect(index.getOrAdd(0, 'abc', 1)).toBe(-1);
    expect(index.getOrAdd(1, 'abc', 2)).toBe(-1);
    expect(index.getOrAdd(0, 'Abc', 3)).toBe(-1);
    expect(index.getOrAdd(0, 'Pórtico', 4)).toBe(-1);
    expect(index.getOrAdd(0, 'Portico', 5)).toBe(-1);
    expect(index.getOrAdd(0, '', 6)).toBe(-1);
    expect(index.getOrAdd(1, 'abc', 7)).toBe(2);
  });

  // Heavy (a million Map entries beside the index): a generous timeout, as a busy machine can take seconds.
  it('stays exact through growth, against a Map, for 1,000,000 pairs with repeats', {
    timeout: 120_000,
  }, () => {
    const index = new PairIndex();
    const reference = new Map<string, number>();
    const mismatches: number[] = [];
    for (let i = 0; i < 1_000_000; i++) {
      const a = i % 10;
      const b = `S${(i * 7919) % 600_000}`;
      const key = `${a}\u0000${b}`;
      const expected = reference.get(key) ?? -1;
      if (expected === -1) reference.set(key, i);
      if (index.getOrAdd(a, b, i) !== expected) mismatches.push(i);
    }
    expect(mismatches).toEqual([]);
    expect(index.size).toBe(reference.size);
    expect(index.size).toBeLessThan(1_000_000); // repeats did occur
  });
});

describe('PairIndex over ranges', () => {
  it('answers for a range what it answers for the sliced name', () => {
    const text = 'S1,S2,S1,S10';
    const index = new PairIndex();
    expect(index.getOrAddRange(0, text, 0, 2, 1)).toBe(-1);
    expect(index.getOrAddRange(0, text, 3, 5, 2)).toBe(-1);
    expect(index.getOrAddRange(0, text, 6, 8, 3)).toBe(1);
    expect(index.getOrAdd(0, 'S1', 4)).toBe(1);
    expect(index.getOrAddRange(0, text, 9, 12, 5)).toBe(-1);
    expect(index.getOrAddRange(1, text, 0, 2, 6)).toBe(-1);
  });
});
