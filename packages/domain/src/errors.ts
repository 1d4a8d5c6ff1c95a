import { z } from 'zod';

/**
 * Every error code the API answers with, and its HTTP status. Clients branch on `code` (never on the
 * status alone: several codes share one status). New codes are added here, so server and web agree.
 */
export const ERROR_STATUS = {
  validation_failed: 400,
  bad_request: 400,
  csv_invalid: 400,
  kmz_invalid: 400,
  unsupported_file: 400,
  component_mismatch: 400,
  crew_group_not_in_project: 400,
  not_active_staff: 400,
  structures_not_in_project: 400,
  images_not_in_project: 400,
  nothing_to_deliver: 400,
  line_not_in_company: 400,
  invalid_field_value: 400,
  sort_not_allowed: 400,
  used_token: 400,
  expired_token: 400,
  bad_token: 400,
  md5_mismatch: 400,
  upload_mismatch: 400,
  lead_refused: 400,
  annotation_invalid: 400,
  category_mismatch: 400,
  not_ett_project: 400,
  arm_not_in_inspection: 400,
  home_base_not_found: 400,
  no_phone: 400,
  shot_identifier_invalid: 400,
  step_clip_not_applicable: 400,
  patch_outside_image: 400,
  image_not_in_model: 400,
  unauthorized: 401,
  forbidden: 403,
  invalid_credentials: 403,
  bad_signature: 403,
  not_found: 404,
  conflict: 409,
  project_name_taken: 409,
  markup_reviewed: 409,
  email_taken: 409,
  crew_group_limit: 409,
  user_in_other_crew: 409,
  already_uploaded: 409,
  upload_completed: 409,
  job_not_failed: 409,
  job_already_queued: 409,
  import_in_progress: 409,
  upload_incomplete: 409,
  duplicate_structure: 409,
  line_exists: 409,
  customer_name_taken: 409,
  drone_serial_taken: 409,
  lead_converted: 409,
  delivery_not_ready: 409,
  report_not_ready: 409,
  inspection_completed: 409,
  category_exists: 409,
  availability_requested: 409,
  model_name_taken: 409,
  not_ready_for_training: 409,
  training_in_progress: 409,
  model_not_trained: 409,
  order_open: 409,
  too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

export const ValidationIssue = z.object({ path: z.string(), message: z.string() });
export type ValidationIssue = z.infer<typeof ValidationIssue>;

/**
 * The body of every error answer. `code` is kept a plain string in the schema so that a client built
 * before a new code still reads the message; `isErrorCode` narrows it.
 */
export const ApiError = z.object({
  code: z.string(),
  message: z.string(),
  issues: z.array(ValidationIssue).optional(),
  /** The id of the request, also in every server log line about it: quote it when reporting a problem. */
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiError>;

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERROR_STATUS, code);
