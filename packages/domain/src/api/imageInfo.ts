import { z } from 'zod';
import { MAX_DB_ID, OptionalQueryId, PositiveId } from '../common.ts';

/**
 * What the viewer records about one photo besides annotations (spec 2 §3 'Inspection image', 'Image shot
 * identifier'; §6; §9): its shot identifier (which view of the structure it shows) and, on component-level
 * projects, the step-clip angles the AI reads.
 */

/** 'default shot-type value -1' (spec 2 §9): the photo has no shot identifier. */
export const NO_SHOT_IDENTIFIER = -1;

/** One shot identifier (spec 2 §3 'Image shot identifier'). */
export const ImageIdentifier = z.object({ anno_img_id: z.number().int(), anno_img_name: z.string() });
export type ImageIdentifier = z.infer<typeof ImageIdentifier>;

/** `GET /annotations/imageIdentifiers` */
export const ImageIdentifiersResponse = z.object({ imageIdentifiers: z.array(ImageIdentifier) });
export type ImageIdentifiersResponse = z.infer<typeof ImageIdentifiersResponse>;

/**
 * `GET /annotations/imageToIdentifiers[?inspectionId]`: the mappings of one inspection's photos, or — as
 * the spec calls it, with no payload (spec 2 §7) — of every photo the caller may see.
 */
export const ImageToIdentifiersQuery = z.object({
  inspectionId: OptionalQueryId.describe(
    "The inspection whose structure's photos are mapped; without it, every photo the caller may see.",
  ),
});
export const ImageToIdentifier = z.object({ image_id: z.number().int(), anno_img_id: z.number().int() });
export type ImageToIdentifier = z.infer<typeof ImageToIdentifier>;
export const ImageToIdentifiersResponse = z.object({ imageToIdentifiers: z.array(ImageToIdentifier) });
export type ImageToIdentifiersResponse = z.infer<typeof ImageToIdentifiersResponse>;

/** `PUT /annotations/updateIdentifier?imageId&identifierId`: -1 takes the identifier away. */
export const UpdateIdentifierQuery = z.object({
  imageId: PositiveId,
  identifierId: z.coerce
    .number()
    .int()
    .min(NO_SHOT_IDENTIFIER)
    .max(MAX_DB_ID)
    .refine((n) => n !== 0, 'Must be an identifier id, or -1 for none.')
    .describe('An identifier id, or -1 for none.'),
});
export type UpdateIdentifierQuery = z.infer<typeof UpdateIdentifierQuery>;
export const UpdateIdentifierResponse = z.object({
  ok: z.literal(true),
  success: z.literal(true),
  image_id: z.number().int(),
  anno_img_id: z.number().int().describe('-1: none.'),
  changed: z.boolean().describe('False when the photo had that identifier already.'),
});
export type UpdateIdentifierResponse = z.infer<typeof UpdateIdentifierResponse>;

/** Step-clip angles in degrees (spec 2 §3 'Inspection image'): each within ±360. */
export const STEP_CLIP_ANGLE_LIMIT = 360;
const Angle = z
  .number({ error: 'Must be a number.' })
  .min(-STEP_CLIP_ANGLE_LIMIT, `At least -${STEP_CLIP_ANGLE_LIMIT}.`)
  .max(STEP_CLIP_ANGLE_LIMIT, `At most ${STEP_CLIP_ANGLE_LIMIT}.`);

/** `PUT /inspections/images/stepclip/{id}`: all four angles, always. */
export const StepClipBody = z.strictObject({
  topangleouter: Angle,
  topangle: Angle,
  bottomangleouter: Angle,
  bottomangle: Angle,
});
export type StepClipBody = z.infer<typeof StepClipBody>;
export const StepClipResponse = z.object({
  ok: z.literal(true),
  success: z.literal(true),
  stepclip_json: StepClipBody,
  changed: z.boolean().describe('False when the photo had these angles already.'),
});
export type StepClipResponse = z.infer<typeof StepClipResponse>;

/** The labels of the step-clip AI info panel, in the angles' order. */
export const STEP_CLIP_LABELS: Record<keyof StepClipBody, string> = {
  topangleouter: 'Top Angle Outer',
  topangle: 'Top Angle',
  bottomangleouter: 'Bottom Angle Outer',
  bottomangle: 'Bottom Angle',
};

/** The panel and the 'Ai Layer' switch: inspection_type '1' and all four angles present (spec 2 §2). */
export function hasStepClip(
  inspectionType: string | null | undefined,
  stepclip: Partial<Record<keyof StepClipBody, number>> | null | undefined,
): stepclip is StepClipBody {
  if (inspectionType !== '1' || !stepclip) return false;
  return (Object.keys(STEP_CLIP_LABELS) as Array<keyof StepClipBody>).every(
    (k) => typeof stepclip[k] === 'number' && Number.isFinite(stepclip[k]),
  );
}
