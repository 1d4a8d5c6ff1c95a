import { describe, expect, it } from 'vitest';
import { structureCheck, toggleAll, toggleImage, toggleStructure } from './selection.ts';

describe('delivery selection', () => {
  it('checks a structure when all its undelivered photos are checked, partly when some are', () => {
    expect(structureCheck([1, 2, 3], new Set())).toBe('unchecked');
    expect(structureCheck([1, 2, 3], new Set([2]))).toBe('partial');
    expect(structureCheck([1, 2, 3], new Set([1, 2, 3, 9]))).toBe('checked');
    expect(structureCheck([], new Set([1]))).toBe('nothing-to-deliver');
  });

  it('checking a structure checks all its photos; checking it again clears them', () => {
    const some = toggleStructure(new Set([2, 9]), [1, 2, 3]);
    expect([...some].sort()).toEqual([1, 2, 3, 9]);
    expect([...toggleStructure(some, [1, 2, 3])]).toEqual([9]);
  });

  it('checking the last photo checks its structure', () => {
    let selected = new Set<number>();
    for (const id of [1, 2]) selected = toggleImage(selected, id);
    expect(structureCheck([1, 2], selected)).toBe('checked');
    expect(structureCheck([1, 2], toggleImage(selected, 2))).toBe('partial');
  });

  it('the header box selects every shown photo, or clears them when all are', () => {
    const rows = [
      { undelivered_image_ids: [1, 2] },
      { undelivered_image_ids: [] },
      { undelivered_image_ids: [5] },
    ];
    const all = toggleAll(new Set([7]), rows);
    expect([...all].sort()).toEqual([1, 2, 5, 7]);
    expect([...toggleAll(all, rows)]).toEqual([7]);
  });
});
