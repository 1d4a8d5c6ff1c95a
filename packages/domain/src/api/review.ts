import { z } from 'zod';
import { OptionalQueryId, PositiveId } from '../common.ts';
import { Text } from '../text.ts';
import { InspectionRow } from './inspections.ts';

/**
 * The inspection viewer's reads and review actions (spec 2 §2 'Inspection viewer', §4, §5; paths from
 * spec 3 §7 'Inspections' where the spec has one).
 */

/** `GET /inspections/images/{id}?component_id` */
export const InspectionImagesQuery = z.object({
  component_id: OptionalQueryId.describe(
    "The inspection's component (component-level projects); empty or 'null' for none.",
  ),
});

/** One photo of an inspection (spec 2 §3 'Inspection image'). */
export const InspectionImage = z.object({
  id: z.number().int(),
  image_name: z.string(),
  reject_datetime: z.string().nullable().describe('ISO time; null means not rejected.'),
  reject_reason: z.string().nullable(),
  anno_count: z.number().int().describe('Annotations on the photo (AI markups left out).'),
  max_risk_level: z.number().int().nullable().describe('Highest annotation risk; null without any.'),
  first_viewed: z.string().nullable(),
  has_thumb: z.boolean(),
  has_medium: z.boolean(),
  width: z.number().int().nullable().describe('Pixels of the original.'),
  height: z.number().int().nullable(),
  note_text: z.string().nullable().describe('The image note; null without one, and always for customers.'),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  bearing: z.number().nullable(),
  capture_date: z.string().nullable(),
  ett_photo_type_id: z.number().int().nullable(),
  arm_position_id: z.number().int().nullable(),
  ett_arm_id: z.number().int().nullable().describe('The arm (flange) the photo shows (ETT/ABB).'),
  knuckle_flat_position_id: z.number().int().nullable(),
  ab_id_types: z.array(z.number().int()).describe('ABB id types the photo shows.'),
  stepclip_json: z
    .object({
      topangleouter: z.number().optional(),
      topangle: z.number().optional(),
      bottomangleouter: z.number().optional(),
      bottomangle: z.number().optional(),
    })
    .nullable(),
});
export type InspectionImage = z.infer<typeof InspectionImage>;

/** The viewer's inspection: the list's row plus what the viewer's bars and rules need. */
export const ViewerInspection = z.object({
  inspection: InspectionRow,
  project_id: z.number().int(),
  project_name: z.string(),
  ptype_name: z.string().nullable().describe('ETT and ABB have the arm/flange workflow.'),
  inspection_type: z.string().describe("'1' means component-level inspections."),
  reshoot_reason: z.string().nullable(),
  reshoot_requested_at: z.string().nullable(),
  escalated_at: z.string().nullable(),
  unassigned_nearby: z
    .array(z.object({ id: z.number().int(), image_name: z.string(), meters: z.number() }))
    .describe(
      "The project's unassigned photos taken within 100 m of the structure: listed before completing.",
    ),
});
export type ViewerInspection = z.infer<typeof ViewerInspection>;

/** `POST /inspections/imageViewed`, `POST /inspections/imageZoomed` */
export const ImageIdBody = z.object({ imageId: PositiveId });
export const MarkedResponse = z.object({
  ok: z.literal(true),
  success: z.literal(true),
  changed: z.boolean().describe('False when it was marked already (or the caller does not review).'),
});

export const RESHOOT_REASON_MAX = 500;
/** `POST /inspections/requestReshoot/{id}`: the reason is required (spec 2 §5). */
export const RequestReshootBody = z.object({
  reason: Text().trim().min(1, 'A reason is required').max(RESHOOT_REASON_MAX),
  pole: Text().max(100).nullish().describe('The structure, for the message; the server reads its own.'),
  line: Text().max(100).nullish(),
  component: PositiveId.nullish().describe("When given, must be the inspection's component."),
});
export type RequestReshootBody = z.infer<typeof RequestReshootBody>;

export const ReviewActionResponse = z.object({
  ok: z.literal(true),
  success: z.literal(true),
  changed: z.boolean().describe('False when the inspection was in that state already.'),
});

/** One review action of an inspection, from the audit log (newest first). */
export const ReviewHistoryEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  user_name: z.string().nullable(),
  image_name: z.string().nullable(),
  detail: z.string().nullable(),
});
export type ReviewHistoryEntry = z.infer<typeof ReviewHistoryEntry>;
