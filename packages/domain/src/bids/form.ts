import { z } from 'zod';
import { addDays, type IsoDate, isIsoDate } from '../projects/dates.ts';
import { projectFields } from '../projects/form.ts';
import { MAPPING_STEP_ASSIGNMENT_TYPE, PROJECT_MESSAGES, stripBlockedChars } from '../projects/rules.ts';
import { Text } from '../text.ts';
import { KmzMapping } from './kmz.ts';
import { US_STATE_CODES } from './usStates.ts';

/** Bid form messages of spec 3 §5, word for word; the last three are ours (the spec has no text for them). */
export const BID_MESSAGES = {
  rfpNameRequired: 'RFP Name is required.',
  durationRequired: 'Project duration is required.',
  durationBeforeToday: 'Project duration date cannot be before today.',
  customerRequired: 'Customer is required.',
  dateFormat: 'Enter a date as YYYY-MM-DD.',
  email: 'Please enter valid email',
  tooLong: (max: number) => `Maximum character is ${max}.`,
  state: 'Choose a US state or DC.',
  kmzRequired: 'Add at least one KMZ file.',
} as const;

const optionalText = (max: number) =>
  Text()
    .trim()
    .max(max, BID_MESSAGES.tooLong(max))
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

const isEmail = (v: string) => z.email().safeParse(v).success;

/** The Create New Bid form (spec 3 §3 'Bid form'): RFP name, duration and customer required, the rest optional. */
export const bidFields = {
  rfp_name: Text({ error: BID_MESSAGES.rfpNameRequired })
    .trim()
    .min(1, BID_MESSAGES.rfpNameRequired)
    .max(100, BID_MESSAGES.tooLong(100)),
  project_duration: Text({ error: BID_MESSAGES.durationRequired })
    .trim()
    .superRefine((v, ctx) => {
      if (v === '') ctx.addIssue({ code: 'custom', message: BID_MESSAGES.durationRequired });
      else if (!isIsoDate(v)) ctx.addIssue({ code: 'custom', message: BID_MESSAGES.dateFormat });
    }),
  company_id: z
    .number({ error: BID_MESSAGES.customerRequired })
    .int(BID_MESSAGES.customerRequired)
    .min(1, BID_MESSAGES.customerRequired),
  abbreviation: optionalText(20),
  legal_name: optionalText(100),
  address: optionalText(200),
  state: Text()
    .trim()
    .nullable()
    .optional()
    .refine((v) => !v || (US_STATE_CODES as readonly string[]).includes(v), BID_MESSAGES.state)
    .transform((v) => (v ? v : null)),
  city: optionalText(50),
  zip: optionalText(10),
  salutation: optionalText(20),
  contact_name: optionalText(100),
  contact_dept: optionalText(100),
  contact_email: optionalText(254).refine((v) => v === null || isEmail(v), BID_MESSAGES.email),
  contact_phone: optionalText(30),
};

/** The duration rule needing today: the form passes the user's date, the server the latest one on Earth. */
export function bidDurationIssues(projectDuration: unknown, today: IsoDate): string[] {
  return isIsoDate(projectDuration) && projectDuration < today ? [BID_MESSAGES.durationBeforeToday] : [];
}

/** The Create New Bid form with the not-before-today rule (spec 3 §5). */
export function bidFormSchema(today: IsoDate) {
  // Runs even when another field failed (`when`), so every message shows at once.
  return z.object(bidFields).superRefine(
    (v, ctx) => {
      if (typeof v !== 'object' || v === null) return;
      for (const message of bidDurationIssues(
        (v as { project_duration?: unknown }).project_duration,
        today,
      )) {
        ctx.addIssue({ code: 'custom', path: ['project_duration'], message });
      }
    },
    { when: () => true },
  );
}
export type BidFormValues = z.input<ReturnType<typeof bidFormSchema>>;

/** The project of the KMZ step (spec 3 §3 'Project (KMZ step)'): the project form's own rules. */
export const bidProjectFields = {
  project_name: projectFields.project_name,
  start_date: projectFields.start_date,
  due_date: projectFields.due_date,
  num_pilots: projectFields.num_pilots,
  structure_assignment_type: projectFields.structure_assignment_type.default(MAPPING_STEP_ASSIGNMENT_TYPE),
  pilot_struct_day: projectFields.pilot_struct_day,
};

export const BidProject = z.object(bidProjectFields).superRefine((v, ctx) => {
  if (typeof v !== 'object' || v === null) return;
  const due = typeof v.due_date === 'string' ? v.due_date.trim() : '';
  if (v.structure_assignment_type === 'dueDate' && due === '') {
    ctx.addIssue({ code: 'custom', path: ['due_date'], message: PROJECT_MESSAGES.endRequired });
  } else if (due !== '' && !isIsoDate(due)) {
    ctx.addIssue({ code: 'custom', path: ['due_date'], message: PROJECT_MESSAGES.dateFormat });
  } else if (due !== '' && isIsoDate(v.start_date) && due < v.start_date) {
    ctx.addIssue({ code: 'custom', path: ['due_date'], message: PROJECT_MESSAGES.endBeforeStart });
  }
});
export type BidProject = z.infer<typeof BidProject>;

/** The KMZ step's project, prefilled from the bid: its name, today to the project duration, one pilot. */
export function bidProjectDefaults(bid: { rfp_name: string; project_duration: string }, today: IsoDate) {
  const due = isIsoDate(bid.project_duration) ? bid.project_duration : addDays(today, 6);
  return {
    project_name: stripBlockedChars(bid.rfp_name).trim().slice(0, 50),
    start_date: today,
    due_date: due < today ? today : due,
    num_pilots: 1,
    structure_assignment_type: MAPPING_STEP_ASSIGNMENT_TYPE,
    pilot_struct_day: null as number | null,
  };
}

/**
 * POST /api/v1/bids: the bid form, the project of the KMZ step and its mapped KMZ files, saved together.
 * `request_id` makes a repeated save (a retry, a double click) answer the first one's result.
 */
export const BidCreateRequest = z.object({
  bid: z.object(bidFields),
  project: BidProject,
  kmzs: z.array(KmzMapping).min(1, BID_MESSAGES.kmzRequired).max(20),
  request_id: z.uuid().optional().describe('Any UUID the client makes per save: a repeat answers the same.'),
});
export type BidCreateRequest = z.infer<typeof BidCreateRequest>;
export type BidCreateInput = z.input<typeof BidCreateRequest>;
