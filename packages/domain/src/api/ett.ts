import { z } from 'zod';
import { PositiveId } from '../common.ts';
import { Text } from '../text.ts';

/**
 * The arm (ETT) and flange (ABB) workflows of the inspection viewer (spec 2 §3 'ETT arm', 'ETT photo types',
 * 'ETT evaluation code', 'Knuckle/flat option', 'Abb id type'; §5 'ETT/ABB save rules'; paths from spec 3 §7).
 */

export const ARM_CLASSIFICATIONS = ['Original', 'Remanufactured', 'Replacement'] as const;
export const ARM_MANUFACTURERS = ['F', 'H', 'T', 'V'] as const;
/** 1 ID, 2 Arm (Flange for ABB), 3 Knuckle/Flat. */
export const ETT_PHOTO_TYPES = [1, 2, 3] as const;
export type EttPhotoType = (typeof ETT_PHOTO_TYPES)[number];
export const ARM_TEXT_MAX = 100;
export const ARM_NOTE_MAX = 500;

/** `GET /inspections/ett/arms?inspection_id&project_id` */
export const EttArmsQuery = z.object({ inspection_id: PositiveId, project_id: PositiveId });
/** `GET /inspections/ett/evaluationCodes?project_id`, `GET /inspections/ett/knuckleFlats?project_id` */
export const EttProjectQuery = z.object({ project_id: PositiveId });
/** `POST /inspections/ett/saveArmEdits?inspectionId` */
export const SaveArmEditsQuery = z.object({ inspectionId: PositiveId });
/** `POST /inspections/ett/updateImageType?image_id` */
export const UpdateImageTypeQuery = z.object({ image_id: PositiveId });

export const EttArmNote = z.object({
  id: z.number().int(),
  note_text: z.string(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type EttArmNote = z.infer<typeof EttArmNote>;

/**
 * One arm (flange) position of an inspection: every position of the fixed list is answered, with
 * ett_arm_id null where nothing was saved for it yet.
 */
export const EttArm = z.object({
  ett_arm_id: z.number().int().nullable(),
  arm_position_id: z.number().int(),
  arm_position_text: z.string(),
  classification: z.enum(ARM_CLASSIFICATIONS).nullable(),
  manufacturer: z.enum(ARM_MANUFACTURERS).nullable(),
  part: z.string().nullable().describe('Labelled RFID for ABB projects.'),
  serial_num: z.string().nullable(),
  release_num: z.string().nullable(),
  notes: z.array(EttArmNote).describe('Existing notes, oldest first (read-only).'),
  image_count: z.number().int().describe("The inspection's photos classified as this arm."),
});
export type EttArm = z.infer<typeof EttArm>;

const ArmText = Text().trim().max(ARM_TEXT_MAX).nullish();

/** The arm object the panel saves (spec 2 §7 'Save ETT arm edits'). */
export const SaveArmEditsBody = z.object({
  ett_arm_id: PositiveId.nullish().describe('The saved arm; null for a position saved the first time.'),
  arm_position_id: PositiveId,
  classification: z.enum(ARM_CLASSIFICATIONS).nullish(),
  manufacturer: z.enum(ARM_MANUFACTURERS).nullish(),
  part: ArmText,
  serial_num: ArmText,
  release_num: ArmText,
  newNote: Text().trim().max(ARM_NOTE_MAX).nullish().describe('A new note, appended (staff only).'),
});
export type SaveArmEditsBody = z.input<typeof SaveArmEditsBody>;

export const SaveArmEditsResponse = z.object({
  ok: z.literal(true),
  success: z.literal(true),
  ett_arm_id: z.number().int(),
});

/**
 * `POST /inspections/ett/updateImageType?image_id`: the photo's type with the arm it shows (type 2
 * requires one; type 1 may name one) or its knuckle/flat position (type 3 requires one, and no arm).
 */
export const UpdateImageTypeBody = z
  .object({
    ett_photo_type_id: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    ett_arm_id: PositiveId.nullish(),
    knuckle_flat_position_id: PositiveId.nullish(),
  })
  .superRefine((b, ctx) => {
    if (b.ett_photo_type_id === 3) {
      if (b.knuckle_flat_position_id == null) {
        ctx.addIssue({
          code: 'custom',
          path: ['knuckle_flat_position_id'],
          message: 'A Knuckle/Flat needs its position',
        });
      }
      if (b.ett_arm_id != null) {
        ctx.addIssue({ code: 'custom', path: ['ett_arm_id'], message: 'A Knuckle/Flat names no arm' });
      }
      return;
    }
    if (b.knuckle_flat_position_id != null) {
      ctx.addIssue({
        code: 'custom',
        path: ['knuckle_flat_position_id'],
        message: 'Only a Knuckle/Flat has a knuckle/flat position',
      });
    }
    if (b.ett_photo_type_id === 2 && b.ett_arm_id == null) {
      ctx.addIssue({ code: 'custom', path: ['ett_arm_id'], message: 'An arm photo needs its arm' });
    }
  });
export type UpdateImageTypeBody = z.input<typeof UpdateImageTypeBody>;

export const EttEvaluationCode = z.object({
  id: z.number().int(),
  code_value: z.string(),
  description: z.string(),
});
export type EttEvaluationCode = z.infer<typeof EttEvaluationCode>;
export const KnuckleFlat = z.object({ id: z.number().int(), name: z.string() });
export type KnuckleFlat = z.infer<typeof KnuckleFlat>;

export const AbbIdType = z.object({ id: z.number().int(), id_type_name: z.string() });
export type AbbIdType = z.infer<typeof AbbIdType>;
/** `GET /inspections/abb/abb-id-types` */
export const AbbIdTypesResponse = z.object({ abbIdTypes: z.array(AbbIdType) });

/** `POST /inspections/abb/updateAbbTypes`: the photo's ABB id types, replacing what it had. */
export const UpdateAbbTypesBody = z.object({
  imageId: PositiveId,
  abbTypeIds: z
    .array(PositiveId)
    .max(50)
    .refine((ids) => new Set(ids).size === ids.length, 'Each id type once'),
});
export type UpdateAbbTypesBody = z.input<typeof UpdateAbbTypesBody>;

export const EttChangedResponse = z.object({
  ok: z.literal(true),
  success: z.literal(true),
  changed: z.boolean(),
});
