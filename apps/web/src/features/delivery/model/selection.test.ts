import { describe, expect, it } from 'vitest';
import { type BulkSelection, NO_SELECTION, SELECT_ALL, selectedCount } from '../../../lib/bulkSelection.ts';
import { structureCheck, toggleAll, toggleImage, toggleStructure } from './selection.ts';

const picked = (...ids: number[]): BulkSelection => ({ kind: 'ids', ids: new Set(ids) });
const allBut = (...ids: number[]): BulkSelection => ({ kind: 'all', except: new Set(ids) });
const idsOf = (s: BulkSelection) => [...(s.kind === 'ids' ? s.ids : s.except)].sort((a, b) => a - b);

describe('delivery selection', () => {
  it('checks a structure when all its undelivered photos are checked, partly when some are', () => {
    expect(structureCheck([1, 2, 3], NO_SELECTION)).toBe('unchecked');
    expect(structureCheck([1, 2, 3], picked(2))).toBe('partial');
    expect(structureCheck([1, 2, 3], picked(1, 2, 3, 9))).toBe('checked');
    expect(structureCheck([], picked(1))).toBe('nothing-to-deliver');
  });

  it('checking a structure checks all its photos; checking it again clears them', () => {
    const some = toggleStructure(picked(2, 9), [1, 2, 3]);
    expect(idsOf(some)).toEqual([1, 2, 3, 9]);
    expect(idsOf(toggleStructure(some, [1, 2, 3]))).toEqual([9]);
  });

  it('checking the last photo checks its structure', () => {
    let selected = NO_SELECTION;
    for (const id of [1, 2]) selected = toggleImage(selected, id);
    expect(structureCheck([1, 2], selected)).toBe('checked');
    expect(structureCheck([1, 2], toggleImage(selected, 2))).toBe('partial');
  });

  it('the header box selects every photo the filters match, loaded or not, or clears them', () => {
    const all = toggleAll(picked(7), 120);
    expect(all).toEqual(SELECT_ALL);
    expect(selectedCount(all, 120)).toBe(120);
    expect(toggleAll(all, 120)).toEqual(NO_SELECTION);
    // Nothing to deliver: the box selects nothing.
    expect(selectedCount(toggleAll(NO_SELECTION, 0), 0)).toBe(0);
  });

  it('after a select-all, unticking photos or a structure excludes them, ticking them back includes them', () => {
    let selection = toggleImage(SELECT_ALL, 5);
    expect(selection).toEqual(allBut(5));
    expect(structureCheck([4, 5, 6], selection)).toBe('partial');
    selection = toggleStructure(selection, [4, 5, 6]);
    expect(structureCheck([4, 5, 6], selection)).toBe('checked');
    expect(idsOf(selection)).toEqual([]);
    selection = toggleStructure(selection, [4, 5, 6]);
    expect(selection).toEqual(allBut(4, 5, 6));
    expect(selectedCount(selection, 120)).toBe(117);
    // With exclusions the header box selects everything again.
    expect(toggleAll(selection, 120)).toEqual(SELECT_ALL);
  });
});
