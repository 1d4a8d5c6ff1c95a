import { describe, expect, it } from 'vitest';
import { inspectionCsv } from '../csv/inspectionCsv.ts';
import { inspectionRow } from '../testing/inspectionRow.ts';
import { inspectionColumns } from './columns.ts';
import { NO_FILTERS } from './filterViews.ts';
import { toInspectionView } from './inspectionView.ts';
import { countsKey, filterQuery, listParams, listQuery } from './listQuery.ts';
import { sortViews } from './sortViews.ts';

const header = { lineIds: [], q: '' };

describe("the Inspect tab's AI column (issue 22)", () => {
  it('is shown to reviewers only, after Risk, and never written to the CSV export', () => {
    const headers = (staff: boolean, ai: boolean) => inspectionColumns('0', staff, ai).map((c) => c.header);
    const shown = headers(true, true);
    expect(shown[shown.indexOf('Risk') + 1]).toBe('AI');
    expect(headers(true, false)).not.toContain('AI');
    expect(headers(false, false)).not.toContain('AI');
    const view = toInspectionView(inspectionRow({ ai_markups: 7 }));
    const csv = inspectionCsv(inspectionColumns('0', true, true), [view]);
    expect(csv.split('\r\n')[0]!.split(',')).not.toContain('AI');
    expect(csv.split('\r\n')[0]).toContain('Reject Count');
  });

  it("counts a row's open markups, 0 when the server leaves the field out (a customer's answer)", () => {
    expect(toInspectionView(inspectionRow({ ai_markups: 12 })).aiMarkups).toBe(12);
    expect(toInspectionView(inspectionRow({ ai_markups: undefined })).aiMarkups).toBe(0);
  });

  it('sorts by the count, most first when descending', () => {
    const views = [3, 0, 11].map((n) => toInspectionView(inspectionRow({ ai_markups: n })));
    expect(sortViews(views, { column: 'aiMarkups', direction: 'desc' }).map((v) => v.aiMarkups)).toEqual([
      11, 3, 0,
    ]);
  });

  it('asks the server for inspections with open markups, sorted by them, in the list and the counts', () => {
    const params = listParams({ ...NO_FILTERS, aiOpen: true }, header, [], {
      column: 'aiMarkups',
      direction: 'desc',
    });
    expect(listQuery(params, { offset: 0, limit: 100 })).toMatchObject({
      aiMarkups: 'open',
      sort: 'aiMarkups',
      direction: 'desc',
    });
    expect(filterQuery(params).aiMarkups).toBe('open');
    expect(countsKey(params)).toMatchObject({ aiOpen: true });
    const off = listParams(NO_FILTERS, header, [], null);
    expect(listQuery(off).aiMarkups).toBeUndefined();
  });
});
