import { describe, expect, it } from 'vitest';
import {
  isInspectionCompleted,
  reviewRisk,
  reviewRiskKey,
  reviewStatusLabel,
  summaryRisk,
} from './review.ts';
import { displayedRisk, newRiskRating, RISK, RISK_SCALE, riskInfo, riskScale } from './risk.ts';

describe('risk scale', () => {
  it('has the levels and labels of spec 1 §9 in order', () => {
    expect(RISK_SCALE.map((r) => [r.level, r.label])).toEqual([
      [-1, 'Not Acquired'],
      [-2, 'Not Inspected'],
      [1, 'Satisfactory'],
      [2, 'Minor'],
      [3, 'Significant'],
      [4, 'Urgent'],
      [5, 'Major'],
      [-3, 'Unknown Risk'],
    ]);
  });

  it('marks Urgent and Major non-serviceable and only Major for immediate action', () => {
    expect(RISK_SCALE.filter((r) => r.nonServiceable).map((r) => r.label)).toEqual(['Urgent', 'Major']);
    expect(RISK_SCALE.filter((r) => r.immediateAction).map((r) => r.label)).toEqual(['Major']);
  });

  it('gives each level its own colour', () => {
    expect(new Set(RISK_SCALE.map((r) => r.color)).size).toBe(RISK_SCALE.length);
    for (const r of RISK_SCALE) expect(r.color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('restricts to levels 1..5 on request', () => {
    expect(riskScale({ gradedOnly: true }).map((r) => r.level)).toEqual([1, 2, 3, 4, 5]);
    expect(riskScale()).toHaveLength(8);
  });
});

describe('riskInfo', () => {
  it('treats a missing or 0 level as Satisfactory', () => {
    for (const v of [null, undefined, 0, '', '0']) expect(riskInfo(v)).toBe(RISK.satisfactory);
  });

  it('falls back to Unknown Risk (-3) for levels off the scale', () => {
    for (const v of [6, -4, 2.5, Number.NaN, 'high']) expect(riskInfo(v).level).toBe(-3);
    expect(riskInfo(-3)).toBe(RISK.unknown);
  });

  it('reads known levels, also as numeric strings', () => {
    expect(riskInfo(4).label).toBe('Urgent');
    expect(riskInfo('5').label).toBe('Major');
    expect(riskInfo(-2).label).toBe('Not Inspected');
  });
});

describe('new risk rating', () => {
  it('maps above 3 → 4, above 1 → 3, exactly 1 → 2, otherwise 1', () => {
    expect([5, 4, 3.5, 3, 2, 1.5, 1, 0.5, 0, -1, -3].map(newRiskRating)).toEqual([
      4, 4, 4, 3, 3, 3, 2, 1, 1, 1, 1,
    ]);
  });

  it('is applied only when use_new_risk_rating is on', () => {
    expect(displayedRisk(5, true)).toBe(4);
    expect(displayedRisk(5, false)).toBe(5);
    expect(displayedRisk(5, null)).toBe(5);
  });
});

describe('review', () => {
  it('takes the risk from max_risk_level once Complete', () => {
    expect(summaryRisk({ review_status: 'Complete', max_risk_level: 4, uploaded_image_count: 3 })).toBe(
      RISK.urgent,
    );
    expect(summaryRisk({ review_status: 'Complete', max_risk_level: null, uploaded_image_count: 0 })).toBe(
      RISK.satisfactory,
    );
  });

  it('is Not Inspected with images, Not Acquired without, until Complete', () => {
    expect(summaryRisk({ review_status: '', max_risk_level: 5, uploaded_image_count: 1 })).toBe(
      RISK.notInspected,
    );
    expect(
      summaryRisk({ review_status: 'Reshoot Requested', max_risk_level: 5, uploaded_image_count: 0 }),
    ).toBe(RISK.notAcquired);
    expect(summaryRisk({ review_status: null, max_risk_level: null, uploaded_image_count: null })).toBe(
      RISK.notAcquired,
    );
  });

  it('labels pending and tells completion by date_reviewed', () => {
    expect(reviewStatusLabel('')).toBe('Pending');
    expect(reviewStatusLabel(null)).toBe('Pending');
    expect(reviewStatusLabel('Reshoot Requested')).toBe('Reshoot Requested');
    expect(isInspectionCompleted({ date_reviewed: '2024-05-01T10:00:00Z' })).toBe(true);
    expect(isInspectionCompleted({ date_reviewed: null })).toBe(false);
  });
});

describe('reviewRisk (spec 2 §4 Risk computation for overview)', () => {
  const key = (complete: boolean, standingImages: number, maxRiskLevel: number | null) =>
    reviewRiskKey({ complete, standingImages, maxRiskLevel });

  it('is notAcquired without photos and notInspected with photos until the review is complete', () => {
    expect(key(false, 0, null)).toBe('notAcquired');
    expect(key(false, 3, 5)).toBe('notInspected');
  });

  it('takes a complete review from the highest annotation risk: under 2 is satisfactory', () => {
    expect([null, 0, 1, 2, 3, 4, 5].map((level) => key(true, 4, level))).toEqual([
      'satisfactory',
      'satisfactory',
      'satisfactory',
      'minor',
      'significant',
      'urgent',
      'major',
    ]);
    // A completion without photos keeps its graded risk; the list flags it separately.
    expect(key(true, 0, 3)).toBe('significant');
    expect(reviewRisk({ complete: true, standingImages: 2, maxRiskLevel: 9 })).toBe(RISK.unknown);
  });
});
