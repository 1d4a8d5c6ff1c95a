import { describe, expect, it } from 'vitest';
import { fitColumnWidths } from './fitColumns.ts';

describe('fitColumnWidths', () => {
  const columns = [{ width: 200, minWidth: 100 }, { width: 100 }, { width: 150, minWidth: 130 }];

  it('keeps the widths when they fit, or when the box is not measured yet', () => {
    expect(fitColumnWidths(columns, 500)).toEqual([200, 100, 150]);
    expect(fitColumnWidths(columns, 0)).toEqual([200, 100, 150]);
  });

  it('shares the excess out by each column’s room, the fixed ones untouched', () => {
    // 450 + 30 fixed in 420: 60 to give, 100 : 20 of room.
    expect(fitColumnWidths(columns, 420, 30)).toEqual([150, 100, 140]);
  });

  it('stops at the minimums: past them the table scrolls', () => {
    expect(fitColumnWidths(columns, 100)).toEqual([100, 100, 130]);
  });
});
