import type { InspectionRow } from '@linewalker/domain';

let nextId = 1;

/** A list row as the server answers it: pending, no images, structure level; override what a test needs. */
export function inspectionRow(overrides: Partial<InspectionRow> = {}): InspectionRow {
  const id = nextId++;
  return {
    id,
    line_id: 1,
    line_name: 'Feeder 12',
    line: '12',
    structure: `12/${id}`,
    structure_id: id,
    component: null,
    component_id: null,
    reviewed_by: null,
    reviewed_by_id: null,
    date_reviewed: null,
    review_status: null,
    risk: null,
    max_risk_level: null,
    use_new_risk_rating: false,
    notes: null,
    count: 0,
    reject_count: 0,
    uploaded_image_count: 0,
    latitude: 38.8,
    longitude: -97.6,
    str_type: null,
    arm_type: null,
    arm_qty: null,
    anchor_qty: null,
    guy_qty: null,
    insulator_type: null,
    insulator_qty: null,
    cond_sleeve_qty: null,
    inspector: null,
    comments: null,
    field_values: [],
    condition: null,
    completed_without_photos: false,
    ...overrides,
  };
}

export const completed = (overrides: Partial<InspectionRow> = {}): InspectionRow =>
  inspectionRow({
    review_status: 'Complete',
    date_reviewed: '2026-03-04T15:30:00.000Z',
    reviewed_by: 'Hannah Cole',
    ...overrides,
  });
