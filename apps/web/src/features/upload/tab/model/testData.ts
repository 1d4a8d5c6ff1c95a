import type { UploadImage, UploadStructure } from '@linewalker/domain';

/** A structure as the Upload page lists it, with the given fields changed. */
export const structure = (overrides: Partial<UploadStructure> = {}): UploadStructure => ({
  structure_id: 1,
  struct_num: 'S-1',
  line_id: 10,
  line_name: 'Line A',
  latitude: 46.6,
  longitude: -120.5,
  structure_source_type_id: 2,
  image_count: 0,
  archived_count: 0,
  inspected: false,
  ...overrides,
});

/** A photo as the Upload page lists it, with the given fields changed. */
export const image = (overrides: Partial<UploadImage> = {}): UploadImage => ({
  image_id: 100,
  image_name: 'DJI_0001.JPG',
  has_thumb: true,
  has_medium: true,
  meters_from_struct: 12.4,
  assignment_confidence: 0.9,
  uploaded_by_name: 'Dana Whitfield',
  upload_date: '2026-11-20T15:00:00.000Z',
  capture_date: '2026-11-19T18:30:00.000Z',
  capture_offset: null,
  assigned_date: '2026-11-20T15:00:05.000Z',
  camera_make: 'DJI',
  camera_model: 'FC6310',
  latitude: 46.6001,
  longitude: -120.5002,
  bearing: 90,
  structure_id: 1,
  anno_count: 0,
  max_risk_level: null,
  first_viewed: null,
  rejected: false,
  archived: false,
  ...overrides,
});
