import { describe, expect, it } from 'vitest';
import { completed, inspectionRow } from '../testing/inspectionRow.ts';
import { filterViews, NO_FILTERS } from './filterViews.ts';
import { toInspectionView } from './inspectionView.ts';
import { nextSort, sortViews } from './sortViews.ts';

const views = [
  toInspectionView(inspectionRow({ structure: 'T-10', line_name: 'Feeder 2', reject_count: 1, count: 3 })),
  toInspectionView(
    completed({ structure: 'T-9', line_name: 'Feeder 10', max_risk_level: 4, notes: 'Split crossarm' }),
  ),
  toInspectionView(
    inspectionRow({ structure: 'T-100', line_name: 'Feeder 2', uploaded_image_count: 2, count: 2 }),
  ),
  toInspectionView(
    completed({ structure: 'X-1', line_name: 'Feeder 2', max_risk_level: 1, reviewed_by: 'Ann Lee' }),
  ),
];
const structures = (list: readonly { structure: string }[]) => list.map((v) => v.structure);

describe('sortViews', () => {
  it('sorts numbers inside text as numbers', () => {
    expect(structures(sortViews(views, { column: 'structure', direction: 'asc' }))).toEqual([
      'T-9',
      'T-10',
      'T-100',
      'X-1',
    ]);
  });

  it('keeps empty values last in both directions', () => {
    const asc = sortViews(views, { column: 'reviewedBy', direction: 'asc' });
    const desc = sortViews(views, { column: 'reviewedBy', direction: 'desc' });
    expect(asc.map((v) => v.reviewedBy)).toEqual(['Ann Lee', 'Hannah Cole', '', '']);
    expect(desc.map((v) => v.reviewedBy)).toEqual(['Hannah Cole', 'Ann Lee', '', '']);
  });

  it('orders Risk by severity, unreviewed below Satisfactory, ties in server order', () => {
    expect(structures(sortViews(views, { column: 'risk', direction: 'desc' }))).toEqual([
      'T-9',
      'X-1',
      'T-100',
      'T-10',
    ]);
  });

  it('returns the server order when unsorted; header clicks go asc → desc → unsorted', () => {
    expect(sortViews(views, null)).toBe(views);
    const asc = nextSort(null, 'risk');
    expect(asc).toEqual({ column: 'risk', direction: 'asc' });
    expect(nextSort(asc, 'risk')).toEqual({ column: 'risk', direction: 'desc' });
    expect(nextSort({ column: 'risk', direction: 'desc' }, 'risk')).toBeNull();
    expect(nextSort({ column: 'risk', direction: 'desc' }, 'notes')).toEqual({
      column: 'notes',
      direction: 'asc',
    });
  });
});

describe('filterViews', () => {
  const only = (patch: Partial<typeof NO_FILTERS>) =>
    structures(filterViews(views, { ...NO_FILTERS, ...patch }));

  it('splits by status as the server counts: pending, complete (date_reviewed) and rejected photos', () => {
    expect(only({ status: 'all' })).toHaveLength(4);
    expect(only({ status: 'pending' })).toEqual(['T-10', 'T-100']);
    expect(only({ status: 'complete' })).toEqual(['T-9', 'X-1']);
    expect(only({ status: 'rejected' })).toEqual(['T-10']);
  });

  it('filters Line Name by any of the chosen lines and Structure by contained text', () => {
    expect(only({ lineNames: ['Feeder 10'] })).toEqual(['T-9']);
    expect(only({ structure: 't-1' })).toEqual(['T-10', 'T-100']);
  });

  it('searches every word anywhere in the row, ignoring case', () => {
    expect(only({ search: 'split' })).toEqual(['T-9']);
    expect(only({ search: 'feeder 2 not inspected' })).toEqual(['T-100']);
    expect(only({ search: 'major' })).toEqual([]);
  });
});
