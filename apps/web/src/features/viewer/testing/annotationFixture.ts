import type { Annotation } from '@linewalker/domain';

/** A rectangle annotation of a 640 × 480 photo, with `over` changed: for the viewer's component tests. */
export const annotationOf = (over: Partial<Annotation> = {}): Annotation => ({
  id: 1,
  image_id: 9,
  annotation_number: 1,
  shape: 'rect',
  rectangle: { x: 10, y: 10, width: 40, height: 30 },
  polygon: null,
  risk_level: 3,
  category: 4,
  category_text: 'Crossarm',
  sub_category: 7,
  sub_category_text: 'Split',
  note: null,
  image_width: 640,
  image_height: 480,
  created_by_name: 'Ivy Inspector',
  created_at: '2026-06-01T12:00:00Z',
  ett_evaluation_code_value: null,
  ett_evaluation_description: null,
  ett_knuckle_flat_position: null,
  ...over,
});
