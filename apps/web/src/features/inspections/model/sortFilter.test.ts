import { describe, expect, it } from 'vitest';
import { completed, inspectionRow } from '../testing/inspectionRow.ts';
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
