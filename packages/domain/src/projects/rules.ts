import { addDays, formatUsDate, type IsoDate, isIsoDate } from './dates.ts';

/** Create/edit project messages of spec 1 §5, word for word (note the lower-case 'maximum' for the city). */
export const PROJECT_MESSAGES = {
  customerSelect: 'Must select a customer.',
  customerRequired: 'Customer is required.',
  typeSelect: 'Must select a type.',
  typeRequired: 'Type is required.',
  nameMin: 'Minimum character is 2.',
  nameMax: 'Maximum character is 50.',
  nameRequired: 'Project Name is required.',
  startBeforeToday: 'Start date cannot be before today.',
  startRequired: 'Start Date is required.',
  endBeforeToday: 'End date cannot be before today.',
  endRequired: 'End Date is required.',
  cityMin: 'Minimum character is 2.',
  cityMax: 'maximum character is 50.',
  cityRequired: 'Closest City is required.',
  // Not in the spec: the rules below have no text there.
  endBeforeStart: 'End date cannot be before start date.',
  dateFormat: 'Enter a date as YYYY-MM-DD.',
  blockedChars: (chars: string) => `These characters are not allowed: ${chars}`,
  noLimitForTier: 'No Limit is not available for this tier. Choose a photo limit from 1 to 8.',
  photoLimit: 'Choose No Limit or a photo limit from 1 to 8.',
  tierRequired: 'Must select a tier.',
  pilotsMin: 'At least 1 pilot is required.',
} as const;

export const PROJECT_NAME_LIMITS = { min: 2, max: 50 } as const;
export const CLOSEST_CITY_LIMITS = { min: 2, max: 50 } as const;
export const MAX_NUM_PILOTS = 1000;

/** Characters the Job Name and Closest City inputs refuse (spec 1 §5). The hyphen matters: slugs use it for spaces. */
export const BLOCKED_NAME_CHARS = [
  '!',
  '*',
  "'",
  '(',
  ')',
  ';',
  ':',
  '@',
  '&',
  '-',
  '=',
  '+',
  '$',
  ',',
  '/',
  '?',
  '%',
  '#',
  '"',
  '[',
  ']',
  '_',
  '<',
  '>',
  '.',
  '^',
  '{',
  '}',
  '|',
  '~',
  '`',
] as const;

const BLOCKED = new Set<string>(BLOCKED_NAME_CHARS);
export const BLOCKED_NAME_CHARS_TEXT = BLOCKED_NAME_CHARS.join(' ');

/** The input with every blocked character removed (what typing or pasting into the field leaves). */
export const stripBlockedChars = (value: string): string =>
  Array.from(value)
    .filter((c) => !BLOCKED.has(c))
    .join('');

export const hasBlockedChars = (value: string): boolean => Array.from(value).some((c) => BLOCKED.has(c));

export const INSPECTION_TYPES = ['0', '1'] as const;
export type InspectionType = (typeof INSPECTION_TYPES)[number];
export const INSPECTION_TYPE_LABELS: Record<InspectionType, string> = { '0': 'Structure', '1': 'Component' };

export const ASSIGNMENT_TYPES = ['dueDate', 'ratio'] as const;
export type AssignmentType = (typeof ASSIGNMENT_TYPES)[number];
/** The mapping step sends 'ratio' (spec 1 §9 'assignment type dueDate (ratio in the mapping step)'). */
export const MAPPING_STEP_ASSIGNMENT_TYPE: AssignmentType = 'ratio';

/** Photo limit: -1 is No Limit, else 1..8 photos (spec 1 §9). */
export const NO_PHOTO_LIMIT = -1;
export const PHOTO_LIMIT_VALUES = [NO_PHOTO_LIMIT, 1, 2, 3, 4, 5, 6, 7, 8] as const;
/** The tier on which No Limit is not offered, and which the server refuses it for. */
export const LIMITED_PHOTO_TIER_ID = 1;
export const DEFAULT_TIER_ID = 2;
/** 'Unselected' for company and type selects. */
export const UNSELECTED_ID = -1;
export const DEFAULT_PROJECT_DAYS = 6;

export const isValidPhotoLimit = (value: number): boolean =>
  (PHOTO_LIMIT_VALUES as readonly number[]).includes(value);

/** No Limit is allowed unless the tier is 1. */
export const photoLimitAllowed = (photoLimit: number, ptierId: number | null | undefined): boolean =>
  isValidPhotoLimit(photoLimit) && !(photoLimit === NO_PHOTO_LIMIT && ptierId === LIMITED_PHOTO_TIER_ID);

export interface PhotoLimitOption {
  value: number;
  label: string;
  disabled: boolean;
}

/** The Photo Limit choices: No Limit (disabled on tier 1), then 1 to 8. */
export function photoLimitOptions(ptierId: number | null | undefined): PhotoLimitOption[] {
  return PHOTO_LIMIT_VALUES.map((value) => ({
    value,
    label: value === NO_PHOTO_LIMIT ? 'No Limit' : String(value),
    disabled: value === NO_PHOTO_LIMIT && ptierId === LIMITED_PHOTO_TIER_ID,
  }));
}

/** New-project defaults of spec 1 §9 (ptier_id 2: the reading that gives a valid tier). */
export function projectFormDefaults(today: IsoDate) {
  return {
    company_id: UNSELECTED_ID,
    ptype_id: UNSELECTED_ID,
    project_name: '',
    closest_city: '',
    start_date: today,
    due_date: addDays(today, DEFAULT_PROJECT_DAYS) as IsoDate | null,
    num_pilots: 1,
    structure_assignment_type: 'dueDate' as AssignmentType,
    inspection_type: '0' as InspectionType,
    photo_limit: NO_PHOTO_LIMIT as number,
    ptier_id: DEFAULT_TIER_ID,
    pilot_struct_day: null as number | null,
  };
}

export interface DateRuleInput {
  start_date?: string | null;
  due_date?: string | null;
  structure_assignment_type?: string | null;
}

export interface FieldIssue {
  path: 'start_date' | 'due_date';
  message: string;
}

/**
 * The spec's message with the day and zone it was judged in — 'Start date cannot be before today
 * (11/29/2026, Europe/Berlin).' — so a date that is today for the user but not for the project explains
 * itself. Without a zone, the spec's text as it is.
 */
export function withCalendar(message: string, today: IsoDate, timeZone?: string): string {
  if (!timeZone) return message;
  return `${message.replace(/\.$/, '')} (${formatUsDate(today)}, ${timeZone}).`;
}

/**
 * Said by the date fields when the project's today is not the user's own (the Bremen file seen from a
 * Chicago evening), so a day the picker greys out explains itself: 'Today is 11/29/2026 in the project's
 * time zone (Europe/Berlin).'
 */
export function projectTodayNote(today: IsoDate, timeZone: string): string {
  return `Today is ${formatUsDate(today)} in the project's time zone (${timeZone}).`;
}

/**
 * The create-only date rules: start and (for dueDate projects) end not before `today`. The server passes
 * the project's today (`projectToday(time_zone, now)`) and zone; the form the same once it knows the zone.
 */
export function datesNotPastIssues(values: DateRuleInput, today: IsoDate, timeZone?: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (isIsoDate(values.start_date) && values.start_date < today) {
    issues.push({
      path: 'start_date',
      message: withCalendar(PROJECT_MESSAGES.startBeforeToday, today, timeZone),
    });
  }
  if (
    values.structure_assignment_type === 'dueDate' &&
    isIsoDate(values.due_date) &&
    values.due_date < today
  ) {
    issues.push({
      path: 'due_date',
      message: withCalendar(PROJECT_MESSAGES.endBeforeToday, today, timeZone),
    });
  }
  return issues;
}
