import { describe, expect, it } from 'vitest';
import { countSelected, toggleAllShown, toggleWithRange } from './selection.ts';

const order = [10, 11, 12, 13, 14, 15];
const set = (...keys: number[]) => new Set(keys);
const sorted = (s: ReadonlySet<number>) => [...s].sort((a, b) => a - b);

describe('toggleWithRange', () => {
  it('toggles one row on a plain click', () => {
    expect(sorted(toggleWithRange(set(), 12, { range: false, anchor: null, order }))).toEqual([12]);
    expect(sorted(toggleWithRange(set(12, 13), 12, { range: false, anchor: 13, order }))).toEqual([13]);
  });

  it('selects every shown row between the anchor and a shift-clicked row, either direction', () => {
    expect(sorted(toggleWithRange(set(11), 14, { range: true, anchor: 11, order }))).toEqual([
      11, 12, 13, 14,
    ]);
    expect(sorted(toggleWithRange(set(14), 11, { range: true, anchor: 14, order }))).toEqual([
      11, 12, 13, 14,
    ]);
  });

  it('clears the range when the anchor was just unselected, keeping rows outside it', () => {
    const after = toggleWithRange(set(10, 12, 13, 15), 14, { range: true, anchor: 11, order });
    expect(sorted(after)).toEqual([10, 15]);
  });

  it('follows the shown order, not the keys', () => {
    const shown = [15, 10, 13];
    expect(sorted(toggleWithRange(set(15), 13, { range: true, anchor: 15, order: shown }))).toEqual([
      10, 13, 15,
    ]);
  });

  it('is a plain toggle without an anchor, or when the anchor is filtered out', () => {
    expect(sorted(toggleWithRange(set(), 13, { range: true, anchor: null, order }))).toEqual([13]);
    expect(sorted(toggleWithRange(set(99), 13, { range: true, anchor: 99, order }))).toEqual([13, 99]);
  });
});

describe('toggleAllShown', () => {
  it('selects the shown rows unless all of them are selected, then clears only them', () => {
    expect(sorted(toggleAllShown(set(1), [10, 11]))).toEqual([1, 10, 11]);
    expect(sorted(toggleAllShown(set(1, 10, 11), [10, 11]))).toEqual([1]);
    expect(sorted(toggleAllShown(set(), []))).toEqual([]);
  });

  it('counts the selected among the shown', () => {
    expect(countSelected(set(1, 10, 12), order)).toBe(2);
  });
});
