import { z } from 'zod';
import { DbInt, MAX_DB_ID } from '../common.ts';
import { Text } from '../text.ts';

export const INSPECTION_MESSAGES = {
  /** Alert when completing fails; the dialog stays open (spec 1 §8). */
  saveFailed: 'Could not save inspection. Please contact support or try again later',
  completeTitle: 'Complete Inspection',
  completedTitle: 'Completed Inspection',
} as const;

/** The dialog title: 'Completed Inspection' once date_reviewed is set. */
export const completionDialogTitle = (dateReviewed: string | null | undefined): string =>
  dateReviewed ? INSPECTION_MESSAGES.completedTitle : INSPECTION_MESSAGES.completeTitle;

export const COMPLETION_LIMITS = {
  armQtyMax: 10,
  anchorQtyMax: 16,
  // The spec gives no upper bound for these counts; a bound keeps typos like 1000 out.
  guyQtyMax: 99,
  condSleeveQtyMax: 99,
  textMax: 100,
  commentsMax: 2000,
} as const;

export const INSULATOR_TYPES = ['Ceramic', 'Glass', 'Polymer'] as const;
export type InsulatorType = (typeof INSULATOR_TYPES)[number];

const requiredText = (label: string) =>
  Text({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(COMPLETION_LIMITS.textMax, `${label} is too long.`);

const quantity = (label: string, max: number) =>
  z
    .number({ error: `${label} is required.` })
    .int(`${label} must be a whole number.`)
    .min(0, `${label} must be between 0 and ${max}.`)
    .max(max, `${label} must be between 0 and ${max}.`);

const comments = Text().max(COMPLETION_LIMITS.commentsMax).nullable().optional();

/**
 * Variant 2 of the Complete Inspection modal (spec 1 §2, §5): STR Type, Arm Type, Arm Quantity (0–10),
 * Anchor Quantity (0–16), Guy Quantity, Conductor Sleeve Quantity and Inspector are required; Insulator Type
 * is optional (Ceramic, Glass or Polymer).
 */
export const StructureCompletionData = z.object({
  strType: requiredText('STR Type'),
  armType: requiredText('Arm Type'),
  armQty: quantity('Arm Quantity', COMPLETION_LIMITS.armQtyMax),
  anchorQty: quantity('Anchor Quantity', COMPLETION_LIMITS.anchorQtyMax),
  guyQty: quantity('Guy Quantity', COMPLETION_LIMITS.guyQtyMax),
  insulatorType: z
    .enum(INSULATOR_TYPES, { error: 'Choose Ceramic, Glass or Polymer.' })
    .nullable()
    .optional(),
  condSleeveQty: quantity('Conductor Sleeve Quantity', COMPLETION_LIMITS.condSleeveQtyMax),
  inspector: requiredText('Inspector'),
  comments,
});
export type StructureCompletionData = z.infer<typeof StructureCompletionData>;

/**
 * The dropdown variant's fields (spec 1 §3 'Field options'). The spec gives the value ids; the field ids
 * (1 Asset Material, 2 Asset Type) are ours.
 */
export const ASSET_FIELDS = [
  {
    fieldId: 1,
    label: 'Asset Material',
    options: [
      { valueId: 1, label: 'Steel' },
      { valueId: 2, label: 'Weathering Steel' },
      { valueId: 3, label: 'Wood' },
      { valueId: 4, label: 'Concrete' },
      { valueId: 5, label: 'SAE' },
    ],
  },
  {
    fieldId: 2,
    label: 'Asset Type',
    options: [
      { valueId: 6, label: 'Monopole' },
      { valueId: 7, label: 'Lattice' },
      { valueId: 8, label: 'H Frame' },
      { valueId: 9, label: 'Guyed' },
    ],
  },
] as const;

export const FieldValue = z.object({ field_id: DbInt, value_id: DbInt });
export type FieldValue = z.infer<typeof FieldValue>;

/** Variant 3: every dropdown must be chosen, once, with one of its own options. */
export const DropdownCompletionData = z
  .object({ field_values: z.array(FieldValue).max(ASSET_FIELDS.length), comments })
  .superRefine((v, ctx) => {
    for (const field of ASSET_FIELDS) {
      const chosen = v.field_values.filter((fv) => fv.field_id === field.fieldId);
      const allowed = chosen.every((fv) => field.options.some((o) => o.valueId === fv.value_id));
      if (chosen.length !== 1 || !allowed) {
        ctx.addIssue({ code: 'custom', path: ['field_values'], message: `${field.label} is required.` });
      }
    }
    const known = new Set<number>(ASSET_FIELDS.map((f) => f.fieldId));
    if (v.field_values.some((fv) => !known.has(fv.field_id))) {
      ctx.addIssue({ code: 'custom', path: ['field_values'], message: 'Unknown field.' });
    }
  });
export type DropdownCompletionData = z.infer<typeof DropdownCompletionData>;

/**
 * Variant 1 (spec 1 §2) is described as a static mock-up; we make it a real form for arm and flange surveys
 * (ETT, ABB): Replacement Priority and Crack Detected must be chosen, the bend measurements are optional (not
 * every arm is bent). The server keeps the answers in the inspection's sem_ conditions and Notes in comments.
 */
export const REPLACEMENT_PRIORITIES = ['None', 'Minor', 'Major'] as const;
export const CRACK_DETECTED_CHOICES = ['Yes', 'No'] as const;

export const CONDITION_LIMITS = {
  /** Degrees: a bend beyond a straight line back is not a bend. */
  bendAngleMax: 180,
  /** The spec gives no unit or bound; a bound keeps typos like 100000 out. */
  bendRadiusMax: 9999,
} as const;

const measurement = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .min(0, `${label} must be between 0 and ${max}.`)
    .max(max, `${label} must be between 0 and ${max}.`)
    .nullable()
    .optional();

export const ConditionCompletionData = z.object({
  replacementPriority: z.enum(REPLACEMENT_PRIORITIES, { error: 'Replacement Priority is required.' }),
  crackDetected: z.enum(CRACK_DETECTED_CHOICES, { error: 'Crack Detected is required.' }),
  bendAngle: measurement('Bend Angle', CONDITION_LIMITS.bendAngleMax),
  bendRadius: measurement('Bend Radius', CONDITION_LIMITS.bendRadiusMax),
  comments,
});
export type ConditionCompletionData = z.infer<typeof ConditionCompletionData>;

/** Variant 1's saved answers as the inspection list returns them (null until the form was saved once). */
export const ConditionAnswers = z.object({
  replacement_priority: z.enum(REPLACEMENT_PRIORITIES),
  crack_detected: z.enum(CRACK_DETECTED_CHOICES),
  bend_angle: z.number().nullable(),
  bend_radius: z.number().nullable(),
});
export type ConditionAnswers = z.infer<typeof ConditionAnswers>;

/** POST /api/v1/inspections/complete/{id}: the completion data plus the component (null for structure level). */
export const CompleteInspectionRequest = z.object({
  data: z.union([StructureCompletionData, DropdownCompletionData, ConditionCompletionData]),
  component: z.number().int().positive().max(MAX_DB_ID).nullable().optional(),
});
export type CompleteInspectionRequest = z.infer<typeof CompleteInspectionRequest>;
