import { z } from 'zod';
import { MAX_DB_ID } from '../common.ts';
import { KmzEntry } from '../csv/schemas.ts';
import { Text } from '../text.ts';
import { type IsoDate, isIsoDate } from './dates.ts';
import {
  ASSIGNMENT_TYPES,
  BLOCKED_NAME_CHARS_TEXT,
  CLOSEST_CITY_LIMITS,
  datesNotPastIssues,
  hasBlockedChars,
  INSPECTION_TYPES,
  isValidPhotoLimit,
  LIMITED_PHOTO_TIER_ID,
  PROJECT_MESSAGES as M,
  MAX_NUM_PILOTS,
  NO_PHOTO_LIMIT,
  PROJECT_NAME_LIMITS,
} from './rules.ts';
import { isTimeZone } from './timeZone.ts';

/** A select holding an id: unset → 'required', -1 or another non-positive value → 'must select'. */
const selectedId = (required: string, select: string) =>
  z.number({ error: required }).int(select).min(1, select).max(MAX_DB_ID, select);

// One message per field, in the order a user fixes them (an `abort` check would also stop the cross-field
// rules from running, hiding other messages).
const boundedText = (required: string, min: string, max: string, limits: { min: number; max: number }) =>
  Text({ error: required })
    .trim()
    .superRefine((v, ctx) => {
      const message =
        v === ''
          ? required
          : v.length < limits.min
            ? min
            : v.length > limits.max
              ? max
              : hasBlockedChars(v)
                ? M.blockedChars(BLOCKED_NAME_CHARS_TEXT)
                : null;
      if (message !== null) ctx.addIssue({ code: 'custom', message });
    });

const requiredDate = (required: string) =>
  Text({ error: required })
    .trim()
    .superRefine((v, ctx) => {
      if (v === '') ctx.addIssue({ code: 'custom', message: required });
      else if (!isIsoDate(v)) ctx.addIssue({ code: 'custom', message: M.dateFormat });
    });

/** The fields of a project as the form edits them and the API receives them (spec 1 §3, §7). */
export const projectFields = {
  company_id: selectedId(M.customerRequired, M.customerSelect),
  ptype_id: selectedId(M.typeRequired, M.typeSelect),
  project_name: boundedText(M.nameRequired, M.nameMin, M.nameMax, PROJECT_NAME_LIMITS),
  closest_city: boundedText(M.cityRequired, M.cityMin, M.cityMax, CLOSEST_CITY_LIMITS),
  start_date: requiredDate(M.startRequired),
  // Required only for dueDate projects: checked with the other cross-field rules below.
  due_date: Text().trim().nullable().optional(),
  inspection_type: z.enum(INSPECTION_TYPES),
  structure_assignment_type: z.enum(ASSIGNMENT_TYPES),
  num_pilots: z.number().int().min(1, M.pilotsMin).max(MAX_NUM_PILOTS),
  photo_limit: z.number().int().refine(isValidPhotoLimit, M.photoLimit),
  ptier_id: selectedId(M.tierRequired, M.tierRequired),
  pilot_struct_day: z.number().int().min(1).max(10_000).nullable().optional(),
};

/** The part of zod's refinement context the cross-field rules use. */
interface IssueSink {
  addIssue(issue: { code: 'custom'; path: string[]; message: string }): void;
}

/** Rules across fields, in every mode. Runs even when other fields failed, so all messages show at once. */
function crossFieldRules(v: Record<string, unknown>, ctx: IssueSink): void {
  // Runs even when the payload is not an object at all (null body): the type error is already reported.
  if (typeof v !== 'object' || v === null) return;
  const due = typeof v.due_date === 'string' ? v.due_date.trim() : '';
  if (v.structure_assignment_type === 'dueDate' && due === '') {
    ctx.addIssue({ code: 'custom', path: ['due_date'], message: M.endRequired });
  } else if (due !== '' && !isIsoDate(due)) {
    ctx.addIssue({ code: 'custom', path: ['due_date'], message: M.dateFormat });
  } else if (due !== '' && isIsoDate(v.start_date) && due < v.start_date) {
    ctx.addIssue({ code: 'custom', path: ['due_date'], message: M.endBeforeStart });
  }
  if (v.photo_limit === NO_PHOTO_LIMIT && v.ptier_id === LIMITED_PHOTO_TIER_ID) {
    ctx.addIssue({ code: 'custom', path: ['photo_limit'], message: M.noLimitForTier });
  }
}

const always = { when: () => true };

export type ProjectFormMode = 'create' | 'edit';

/**
 * The Create/Edit Project form (spec 1 §5). `today` is the project's calendar date in `timeZone` (the
 * zone the server will judge it in), injected so the rule is testable.
 *
 * - create: start date required and not before today; end date required and not before today when the
 *   assignment type is dueDate.
 * - edit: 'drops the start and due date rules' — the not-before-today rules go (an existing project may have
 *   started long ago); the dates must still be present and real dates, because a project cannot be stored
 *   without them.
 * - both: end not before start; No Limit not allowed on tier 1; names free of the blocked characters.
 */
export function projectFormSchema(options: { mode: ProjectFormMode; today: IsoDate; timeZone?: string }) {
  return z.object(projectFields).superRefine((v, ctx) => {
    const values = v as Record<string, unknown>;
    crossFieldRules(values, ctx);
    if (options.mode !== 'create') return;
    for (const issue of datesNotPastIssues(values, options.today, options.timeZone)) {
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  }, always);
}
export type ProjectFormValues = z.infer<ReturnType<typeof projectFormSchema>>;

/**
 * The project's calendar (IANA name). Optional: on create the zone is derived from where the structures
 * are (else DEFAULT_PROJECT_TIME_ZONE); on update, absent keeps the current one.
 */
export const TimeZoneField = z
  .string()
  .refine(isTimeZone, { message: 'Unknown time zone.' })
  .describe("IANA time zone, e.g. 'America/Chicago'");

/**
 * POST /api/v1/projects (spec 1 §7). The payload carries `id` (absent or null for a new project) and the
 * files from the mapping step. The not-before-today rule needs the project's today: the server applies
 * `datesNotPastIssues` in the project's time zone.
 */

export const ProjectCreateRequest = z
  .object({
    ...projectFields,
    time_zone: TimeZoneField.optional(),
    id: z.number().int().positive().max(MAX_DB_ID).nullable().optional(),
    kmzs: z.array(KmzEntry).max(50).default([]),
  })
  .superRefine((v, ctx) => crossFieldRules(v as Record<string, unknown>, ctx), always);
export type ProjectCreateRequest = z.infer<typeof ProjectCreateRequest>;

/** PUT /api/v1/projects/upsert: the same fields, used when the project has an id. */
export const ProjectUpdateRequest = z
  .object({
    ...projectFields,
    time_zone: TimeZoneField.optional(),
    id: z.number().int().positive().max(MAX_DB_ID),
    kmzs: z.array(KmzEntry).max(50).default([]),
  })
  .superRefine((v, ctx) => crossFieldRules(v as Record<string, unknown>, ctx), always);
export type ProjectUpdateRequest = z.infer<typeof ProjectUpdateRequest>;
