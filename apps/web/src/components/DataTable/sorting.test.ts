import { describe, expect, it } from 'vitest';
import { nextSort, sortRows } from './sorting.ts';

describe('sortRows', () => {
  const rows = [
    { name: 'T-10', n: 3 },
    { name: 't-9', n: null },
    { name: 'T-100', n: 1 },
    { name: 'A-1', n: 3 },
  ];

  it('sorts numbers inside text as numbers, ignoring case', () => {
    expect(sortRows(rows, 'asc', (r) => r.name).map((r) => r.name)).toEqual(['A-1', 't-9', 'T-10', 'T-100']);
    expect(sortRows(rows, 'desc', (r) => r.name).map((r) => r.name)).toEqual(['T-100', 'T-10', 't-9', 'A-1']);
  });

  it('keeps empty values last in both directions and ties in the incoming order', () => {
    expect(sortRows(rows, 'asc', (r) => r.n).map((r) => r.name)).toEqual(['T-100', 'T-10', 'A-1', 't-9']);
    expect(sortRows(rows, 'desc', (r) => r.n).map((r) => r.name)).toEqual(['T-10', 'A-1', 'T-100', 't-9']);
  });

  it('leaves its input alone', () => {
    const copy = [...rows];
    sortRows(rows, 'asc', (r) => r.name);
    expect(rows).toEqual(copy);
  });
});

describe('nextSort', () => {
  it('cycles a column ascending → descending → unsorted, and starts another column ascending', () => {
    expect(nextSort(null, 'a')).toEqual({ column: 'a', direction: 'asc' });
    expect(nextSort({ column: 'a', direction: 'asc' }, 'a')).toEqual({ column: 'a', direction: 'desc' });
    expect(nextSort({ column: 'a', direction: 'desc' }, 'a')).toBeNull();
    expect(nextSort({ column: 'a', direction: 'desc' }, 'b')).toEqual({ column: 'b', direction: 'asc' });
  });
});
