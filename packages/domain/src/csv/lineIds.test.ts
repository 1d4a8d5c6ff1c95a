import { describe, expect, it } from 'vitest';
import { LineIds } from './lineIds.ts';

describe('LineIds', () => {
  it('numbers names in order of appearance, ignoring case', () => {
    const ids = new LineIds();
    expect(['L1', 'L2', 'l1', 'L1', 'LINE a', 'line A', 'L2'].map((name) => ids.idOf(name))).toEqual([
      0, 1, 0, 0, 2, 2, 1,
    ]);
    expect(ids.size).toBe(3);
  });

  it('reads a name from a range of a longer text', () => {
    const ids = new LineIds();
    const text = 'x,North 1,NORTH 1,north 10';
    expect(ids.idOfRange(text, 2, 9)).toBe(0);
    expect(ids.idOfRange(text, 10, 17)).toBe(0);
    expect(ids.idOfRange(text, 18, 26)).toBe(1);
    expect(ids.idOfRange(text, 18, 25)).toBe(0); // 'north 1' of 'north 10'
  });

  it('follows toLowerCase beyond A–Z', () => {
    const ids = new LineIds();
    expect(ids.idOf('Ação')).toBe(ids.idOf('AÇÃO'));
    expect(ids.idOf('\u212a1')).toBe(ids.idOf('k1')); // Kelvin sign lower-cases to k
    expect(ids.idOf('K1')).toBe(ids.idOf('k1'));
    expect(ids.idOf('ΟΔΟΣ')).toBe(ids.idOf('οδος'));
    expect(ids.idOf('straße')).not.toBe(ids.idOf('strasse'));
  });

  it('agrees with a Map of lower-cased names for many lines', () => {
    const ids = new LineIds();
    const reference = new Map<string, number>();
    const mismatches: string[] = [];
    for (let i = 0; i < 50_000; i++) {
      const n = (i * 7919) % 20_000;
      const name = `${i % 3 === 0 ? 'LINE' : 'line'}-${n}`;
      const key = name.toLowerCase();
      if (!reference.has(key)) reference.set(key, reference.size);
      if (ids.idOf(name) !== reference.get(key)) mismatches.push(name);
    }
    expect(mismatches).toEqual([]);
    expect(ids.size).toBe(reference.size);
  });
});
