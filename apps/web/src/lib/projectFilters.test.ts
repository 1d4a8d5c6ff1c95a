import { describe, expect, it } from 'vitest';
import { matchesProjectFilters, parseLineIds, projectFilterSearch } from './projectFilters.ts';

describe('project header filters in the URL', () => {
  it('reads line ids, dropping anything that is not one', () => {
    expect(parseLineIds(null)).toEqual([]);
    expect(parseLineIds('1,2,x,-3,2,4.5')).toEqual([1, 2]);
  });
  it('keeps only the filters when linking to another sub-page', () => {
    expect(projectFilterSearch(new URLSearchParams('lines=1,2&q=T 1&inspectionId=4'))).toBe(
      '?lines=1%2C2&q=T+1',
    );
    expect(projectFilterSearch(new URLSearchParams('page=2'))).toBe('');
  });
  it('matches rows by chosen line and by text in the structure name or the line name', () => {
    const row = { struct_num: 'STR-12', line_id: 3, line_name: 'North Feeder' };
    expect(matchesProjectFilters(row, { lineIds: [], q: '' })).toBe(true);
    expect(matchesProjectFilters(row, { lineIds: [4], q: '' })).toBe(false);
    expect(matchesProjectFilters(row, { lineIds: [3], q: 'str-1' })).toBe(true);
    expect(matchesProjectFilters(row, { lineIds: [], q: 'feeder' })).toBe(true);
    expect(matchesProjectFilters(row, { lineIds: [], q: 'south' })).toBe(false);
  });
});
