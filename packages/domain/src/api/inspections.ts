import { z } from 'zod';
import { MAX_DB_ID, Ok, PositiveId } from '../common.ts';
import {
  ConditionAnswers,
  ConditionCompletionData,
  DropdownCompletionData,
  FieldValue,
  INSULATOR_TYPES,
  StructureCompletionData,
} from '../inspections/completion.ts';
import { REVIEWED_STATUSES } from '../inspections/review.ts';

/** Tab counts of a project's inspections (spec 2 §3 'Inspection counts'); the route answers a one-row list. */
export const InspectionCounts = z.object({
  all_count: z.number().int().describe('Inspections of the project.'),
  pending: z
    .number()
    .int()
    .describe('Not completed yet: date_reviewed not set (Reshoot Requested included).'),
  completed: z.number().int().describe('Completed: date_reviewed set.'),
  rejected: z
    .number()
    .int()
    .optional()
    .describe(
      'Inspections whose structure has at least one rejected image (reject_datetime set). Staff only: ' +
        'absent from a customer answer.',
    ),
});
export type InspectionCounts = z.infer<typeof InspectionCounts>;

const nullableInt = z.number().int().nullable();

/** One row of the inspection list (spec 1 §3 'Inspection row', spec 2 §3 'Inspection'). */
export const InspectionRow = z.object({
  id: z.number().int(),
  line_id: z.number().int(),
  line_name: z.string(),
  line: z.string().nullable().describe('The line number (line_num) shown as Line Number; null when unknown.'),
  structure: z.string().describe('The structure number (struct_num).'),
  structure_id: z.number().int(),
  component: z.string().nullable().describe('Component name; null for structure-level inspections.'),
  component_id: nullableInt,
  reviewed_by: z.string().nullable().describe('Name of who completed the inspection first.'),
  reviewed_by_id: nullableInt,
  date_reviewed: z
    .string()
    .nullable()
    .describe('ISO time of the first completion; set means completed. Later saves keep it.'),
  review_status: z
    .enum(REVIEWED_STATUSES)
    .nullable()
    .describe('null is pending, then Complete or Reshoot Requested.'),
  risk: nullableInt.describe(
    'The raw max_risk_level; the list shows the new risk rating of it when use_new_risk_rating is on.',
  ),
  max_risk_level: nullableInt.describe('Highest annotation risk 1..5; null or 0 counts as Satisfactory.'),
  use_new_risk_rating: z.boolean().describe("The project's setting."),
  notes: z.string().nullable().describe('The inspection comments.'),
  count: z
    .number()
    .int()
    .describe(
      "Images of the inspection's structure, rejected ones included; for a customer the accepted ones only.",
    ),
  reject_count: z
    .number()
    .int()
    .optional()
    .describe('Of those, images rejected (reject_datetime set). Staff only: absent from a customer answer.'),
  uploaded_image_count: z
    .number()
    .int()
    .describe('Images still standing (count − reject_count): above 0 is Not Inspected, 0 is Not Acquired.'),
  ai_markups: z
    .number()
    .int()
    .optional()
    .describe(
      "Open (unreviewed) AI markups on the structure's standing photos. Staff only: absent from a customer answer.",
    ),
  latitude: z.number(),
  longitude: z.number(),
  str_type: z.string().nullable(),
  arm_type: z.string().nullable(),
  arm_qty: nullableInt,
  anchor_qty: nullableInt,
  guy_qty: nullableInt,
  insulator_type: z.enum(INSULATOR_TYPES).nullable(),
  insulator_qty: nullableInt,
  cond_sleeve_qty: nullableInt,
  inspector: z.string().nullable(),
  comments: z.string().nullable(),
  field_values: z.array(FieldValue).describe('Dropdown answers (Asset Material, Asset Type) by field id.'),
  condition: ConditionAnswers.nullable().describe(
    'Answers of the condition form (variant 1: arm and flange surveys); null until it was saved.',
  ),
  completed_without_photos: z
    .boolean()
    .describe('Completed while its structure had no photo standing (the reviewer confirmed it).'),
});
export type InspectionRow = z.infer<typeof InspectionRow>;

export const CompleteInspectionResponse = Ok.extend({
  inspection: InspectionRow,
});
export type CompleteInspectionResponse = z.infer<typeof CompleteInspectionResponse>;

/** A dropdown field of the completion form with its options, as the server stores them. */
export const InspectionFieldOptions = z.object({
  field_id: z.number().int(),
  field_name: z.string(),
  options: z.array(z.object({ value_id: z.number().int(), name: z.string() })),
});
export type InspectionFieldOptions = z.infer<typeof InspectionFieldOptions>;

/**
 * The one completion form `data` is meant to be: the dropdown form when it has field_values, the condition
 * form when it has replacementPriority, else the structure form. Validating against that form alone names every bad field; the plain union in
 * CompleteInspectionRequest can only answer 'Invalid input' once a required field is missing, because both
 * forms then fail on a missing key.
 */
export const completionFormOf = (data: unknown) => {
  if (typeof data !== 'object' || data === null) return StructureCompletionData;
  if ('field_values' in data) return DropdownCompletionData;
  if ('replacementPriority' in data) return ConditionCompletionData;
  return StructureCompletionData;
};

/** The Inspect tab's filter buttons (spec 2 §2), as the counts split them. */
export const INSPECTION_STATUS_FILTERS = ['all', 'pending', 'complete', 'rejected'] as const;
export type InspectionStatusFilter = (typeof INSPECTION_STATUS_FILTERS)[number];

/** Columns the list sorts by on the server (the table's columns). */
export const INSPECTION_SORT_COLUMNS = [
  'lineName',
  'lineNumber',
  'structure',
  'component',
  'reviewedBy',
  'dateReviewed',
  'reviewStatus',
  'risk',
  'notes',
  'count',
  'rejectCount',
  'aiMarkups',
] as const;
export type InspectionSortColumn = (typeof INSPECTION_SORT_COLUMNS)[number];

/** The most rows one page of the list carries; the table asks for 100 at a time. */
export const INSPECTION_PAGE_MAX = 1000;
/** The most ids one export call names (they travel in the query string). */
export const INSPECTION_EXPORT_IDS_MAX = 1000;
const FILTER_TEXT_MAX = 200;

/**
 * 'a,b,c' of positive ids, each at most once; at most `max` of them. The parameter may also be repeated
 * (`ids=a&ids=b`, how many HTTP clients write a list), read as one comma-separated list.
 */
const idList = (max: number, min = 0) =>
  z.union([z.string(), z.array(z.string()).max(max)]).transform((given, ctx) => {
    const value = Array.isArray(given) ? given.join(',') : given;
    const parts = value.split(',').filter((p) => p.trim() !== '');
    const ids = parts.map((p) => Number(p.trim()));
    if (ids.some((n) => !Number.isInteger(n) || n < 1 || n > MAX_DB_ID)) {
      ctx.addIssue({ code: 'custom', message: 'must be comma-separated positive ids' });
      return z.NEVER;
    }
    const unique = [...new Set(ids)];
    if (unique.length < min) {
      ctx.addIssue({ code: 'custom', message: `at least ${min} id` });
      return z.NEVER;
    }
    if (unique.length > max) {
      ctx.addIssue({ code: 'custom', message: `at most ${max} ids` });
      return z.NEVER;
    }
    return unique;
  });

const filterText = z.string().max(FILTER_TEXT_MAX);

/**
 * What narrows the Inspect tab's rows: the status button, the project header's Lines and search (q: in the
 * structure name or line name), the column filters (lineIds, structure contains) and the table's text
 * search (every word somewhere in the row's shown text). Counts take the same filters but not status.
 */
export const InspectionFilterQuery = z.object({
  lineIds: idList(1000).optional().describe("Only these lines' inspections ('1,2'; empty = every line)."),
  q: filterText.optional().describe("The project header's search: structure name or line name contains it."),
  structure: filterText.optional().describe('Column filter: the structure name contains it (any case).'),
  search: filterText
    .optional()
    .describe(
      'Text search: every word appears in a shown column (line name, line number, structure, component, ' +
        'reviewer, review status, risk label, notes), any case.',
    ),
  aiMarkups: z
    .enum(['open'])
    .optional()
    .describe('open: only inspections whose standing photos have unreviewed AI markups.'),
});
export type InspectionFilterQuery = z.infer<typeof InspectionFilterQuery>;

export const InspectionListQuery = InspectionFilterQuery.extend({
  status: z.enum(INSPECTION_STATUS_FILTERS).optional().describe('The filter button; all when not given.'),
  sort: z
    .enum(INSPECTION_SORT_COLUMNS)
    .optional()
    .describe('Sort column; line then structure when not given.'),
  direction: z.enum(['asc', 'desc']).optional().describe('asc when not given; empty values last either way.'),
  offset: z.coerce.number().int().min(0).max(MAX_DB_ID).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(INSPECTION_PAGE_MAX)
    .optional()
    .describe('Rows of one page; every matching row when not given.'),
});
export type InspectionListQuery = z.infer<typeof InspectionListQuery>;

/**
 * `GET /inspections/export`: either `ids` (the rows picked one by one), or `projectId` with the list's
 * filters (a select-all of everything the filters match, resolved on the server) minus `exclude`.
 */
export const InspectionExportQuery = InspectionListQuery.omit({ offset: true, limit: true })
  .extend({
    ids: idList(INSPECTION_EXPORT_IDS_MAX, 1).optional(),
    projectId: PositiveId.optional(),
    exclude: idList(INSPECTION_EXPORT_IDS_MAX).optional(),
  })
  .refine((q) => (q.ids === undefined) !== (q.projectId === undefined), {
    message: 'Name either ids or projectId',
  });
export type InspectionExportQuery = z.infer<typeof InspectionExportQuery>;
