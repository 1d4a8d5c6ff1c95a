import { describe, expect, it } from 'vitest';
import { itemKeys } from './itemKeys.ts';

describe('itemKeys', () => {
  const id = (row: { id: number }) => row.id;

  it('keys loaded rows by their own key and loading positions apart, even where an id equals a position', () => {
    const keys = itemKeys([{ id: 2 }, undefined, undefined, { id: 1 }], id);
    expect(keys).toEqual([2, 'loading 1', 'loading 2', 1]);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives a row shown twice (pages answered before and after a reorder) a key of its own the second time', () => {
    const keys = itemKeys([{ id: 10 }, { id: 11 }, { id: 10 }], id);
    expect(keys).toEqual([10, 11, 'again 2']);
  });
});
