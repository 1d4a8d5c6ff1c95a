import { describe, expect, it } from 'vitest';
import { completed, inspectionRow } from '../testing/inspectionRow.ts';
import { inspectionColumns } from './columns.ts';
import { completionVariantFor } from './completionVariant.ts';
import { rowRisk, toInspectionView } from './inspectionView.ts';

describe('rowRisk (spec 1 §2, §4)', () => {
  it('shows a completed review by its max_risk_level, raw when the project keeps the old rating', () => {
    expect(rowRisk(completed({ max_risk_level: 5 })).label).toBe('Major');
    expect(rowRisk(completed({ max_risk_level: 3 })).label).toBe('Significant');
    expect(rowRisk(completed({ max_risk_level: null })).label).toBe('Satisfactory');
  });

  it('maps it with the new risk rating: above 3 → 4, above 1 → 3, 1 → 2, otherwise 1', () => {
    const mapped = (level: number | null) =>
      rowRisk(completed({ max_risk_level: level, use_new_risk_rating: true })).level;
    expect([mapped(5), mapped(4), mapped(3), mapped(2), mapped(1), mapped(0), mapped(null)]).toEqual([
      4, 4, 3, 3, 2, 1, 1,
    ]);
  });

  it('shows an unreviewed structure as Not Inspected with photos, else Not Acquired', () => {
    expect(rowRisk(inspectionRow({ uploaded_image_count: 3 })).label).toBe('Not Inspected');
    expect(rowRisk(inspectionRow({ uploaded_image_count: 0 })).label).toBe('Not Acquired');
    // A reshoot request is not a review.
    expect(rowRisk(inspectionRow({ review_status: 'Reshoot Requested', max_risk_level: 5 })).label).toBe(
      'Not Acquired',
    );
  });
});

describe('toInspectionView', () => {
  it("writes Date Reviewed as a long US date and '--' when not reviewed", () => {
    const view = toInspectionView(completed({ date_reviewed: '2026-03-04T15:30:00.000Z' }));
    expect(view.dateReviewed).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(view.dateReviewedTime!)),
    );
    expect(view.dateReviewed).toMatch(/^March [3-5], 2026$/);
    expect(toInspectionView(inspectionRow()).dateReviewed).toBe('--');
  });

  it('reads a pending review status as Pending', () => {
    expect(toInspectionView(inspectionRow()).reviewStatus).toBe('Pending');
    expect(toInspectionView(completed()).reviewStatus).toBe('Complete');
  });
});

describe('inspectionColumns', () => {
  it('has the spec columns in order, with Component after Structure for component projects', () => {
    const headers = (type: string) => inspectionColumns(type).map((c) => c.header);
    expect(headers('0')).toEqual([
      'Line Name',
      'Line Number',
      'Structure',
      'Reviewed By',
      'Date Reviewed',
      'Review Status',
      'Risk',
      'Notes',
      'Count',
      'Reject Count',
    ]);
    expect(headers('1').slice(2, 5)).toEqual(['Structure', 'Component', 'Reviewed By']);
  });
});

describe('completionVariantFor', () => {
  it('uses the condition form for ETT and ABB, dropdowns for Transmission, details otherwise', () => {
    expect([1, 2, 3, 4, 5, 99].map(completionVariantFor)).toEqual([
      'structure',
      'dropdown',
      'condition',
      'condition',
      'structure',
      'structure',
    ]);
  });
});
