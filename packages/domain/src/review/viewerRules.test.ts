import { describe, expect, it } from 'vitest';
import {
  canSaveAnnotation,
  completionControl,
  imagesInView,
  isViewDisabled,
  keepsPolygon,
  keepsRectangle,
  PIN_COLORS,
  pinColor,
  rangeBetween,
  zoomByWheel,
  zoomStepDown,
  zoomStepUp,
} from './viewerRules.ts';

const img = (id: number, rejected: boolean, annos: number) => ({
  id,
  reject_datetime: rejected ? '2026-01-01T00:00:00.000Z' : null,
  anno_count: annos,
});

describe('viewer rules', () => {
  it('splits photos into the three views and disables empty ones', () => {
    const all = [img(1, false, 0), img(2, true, 1), img(3, false, 2)];
    expect(imagesInView(all, 'archive').map((i) => i.id)).toEqual([1, 3]);
    expect(imagesInView(all, 'rejected').map((i) => i.id)).toEqual([2]);
    expect(imagesInView(all, 'annotated').map((i) => i.id)).toEqual([2, 3]);
    expect(isViewDisabled([img(1, false, 0)], 'rejected')).toBe(true);
    expect(isViewDisabled([img(1, false, 0)], 'annotated')).toBe(true);
    expect(isViewDisabled([], 'archive')).toBe(false);
  });

  it('keeps rectangles above 10 × 10 and polygons of more than 2 points', () => {
    expect(keepsRectangle(11, 11)).toBe(true);
    expect(keepsRectangle(10, 50)).toBe(false);
    expect(keepsRectangle(-20, -20)).toBe(true);
    expect(keepsPolygon([1, 2])).toBe(false);
    expect(keepsPolygon([1, 2, 3])).toBe(true);
  });

  it('saves an annotation with a component and a risk above 1', () => {
    expect(canSaveAnnotation({ componentId: null, riskLevel: 2 })).toBe(false);
    expect(canSaveAnnotation({ componentId: 4, riskLevel: 1 })).toBe(false);
    expect(canSaveAnnotation({ componentId: 4, riskLevel: 2 })).toBe(true);
  });

  it('zooms by two steps of 0.5 from 1 with the buttons and 10 % per wheel notch', () => {
    expect(zoomStepUp(1)).toBe(2);
    expect(zoomStepUp(2)).toBe(3);
    expect(zoomStepDown(2)).toBe(1);
    expect(zoomStepDown(1)).toBe(1);
    expect(zoomByWheel(1, -100)).toBeCloseTo(1.1);
    expect(zoomByWheel(2, 100)).toBeCloseTo(2 / 1.1);
    expect(zoomByWheel(1, 100)).toBe(1);
    expect(zoomStepUp(16)).toBe(16);
  });

  it('colours map pins: risk 5 red, 3 amber, 1 green, else red with annotations, blue viewed, grey', () => {
    const p = (max_risk_level: number | null, anno_count = 0, first_viewed: string | null = null) => ({
      max_risk_level,
      anno_count,
      first_viewed,
    });
    expect(pinColor(p(5, 1))).toBe(PIN_COLORS.red);
    expect(pinColor(p(3, 1))).toBe(PIN_COLORS.amber);
    expect(pinColor(p(1))).toBe(PIN_COLORS.green);
    expect(pinColor(p(2, 1))).toBe(PIN_COLORS.red);
    expect(pinColor(p(null, 0, 'x'))).toBe(PIN_COLORS.blue);
    expect(pinColor(p(null))).toBe(PIN_COLORS.grey);
  });

  it('shows Complete Inspection, View Inspection Report and Completed by the spec', () => {
    const base = {
      view: 'archive' as const,
      ettOrAbb: false,
      dateReviewed: null,
      isLastImage: true,
      isCustomer: false,
    };
    expect(completionControl(base)).toEqual({ button: 'Complete Inspection', completedBadge: false });
    expect(completionControl({ ...base, isLastImage: false }).button).toBeNull();
    expect(completionControl({ ...base, isCustomer: true }).button).toBeNull();
    expect(completionControl({ ...base, view: 'rejected' }).button).toBeNull();
    const reviewed = { ...base, dateReviewed: '2026-01-01', isLastImage: false, isCustomer: true };
    expect(completionControl(reviewed).button).toBe('View Inspection Report');
    expect(completionControl({ ...reviewed, ettOrAbb: true })).toEqual({
      button: null,
      completedBadge: true,
    });
  });

  it('selects a range between two clicks in list order', () => {
    expect(rangeBetween([5, 6, 7, 8], 8, 6)).toEqual([6, 7, 8]);
    expect(rangeBetween([5, 6], 9, 6)).toEqual([6]);
  });
});
