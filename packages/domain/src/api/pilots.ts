import { z } from 'zod';
import { Ok, PositiveId } from '../common.ts';
import { Text } from '../text.ts';
import {
  EmailField,
  PhoneField,
  PILOT_AVAILABILITIES,
  PilotAttribute,
  pilotFields,
  USER_MESSAGES,
} from './users.ts';

/** Spec 2 §2 'Pilot scheduling inside a project': the status ids of a pilot on a project. */
export const PILOT_STATUS = {
  noRequestsSent: 0,
  waitingPilotResponse: 1,
  pilotAccepted: 2,
  pilotRejected: 3,
  pilotAssigned: 4,
  errorMessagingPilot: 5,
} as const;
export type PilotStatusId = (typeof PILOT_STATUS)[keyof typeof PILOT_STATUS];

/** The friendly text and colour of each status id, word for word; any other id is yellow. */
export const PILOT_STATUS_DISPLAY: Record<number, { text: string; color: string }> = {
  0: { text: 'No Requests Sent', color: 'white' },
  1: { text: 'Waiting Pilot Response', color: 'green' },
  2: { text: 'Pilot Accepted', color: 'blue' },
  3: { text: 'Pilot Rejected', color: 'orange' },
  4: { text: 'Pilot Assigned', color: 'green' },
  5: { text: 'Error Messaging Pilot', color: 'red' },
};
export const pilotStatusColor = (id: number): string => PILOT_STATUS_DISPLAY[id]?.color ?? 'yellow';
export const pilotStatusText = (id: number): string => PILOT_STATUS_DISPLAY[id]?.text ?? 'Unknown';

/**
 * 'Check Availability' shows only when no request has been sent (spec 2 §2). A request that could not be
 * sent (5 Error Messaging Pilot) never reached the pilot, so it may be tried again.
 */
export const canCheckAvailability = (statusId: number, assigned: boolean): boolean =>
  !assigned && (statusId === PILOT_STATUS.noRequestsSent || statusId === PILOT_STATUS.errorMessagingPilot);

/** Spec 2 §2: distance in miles is metres divided by 1609, rounded. */
export const metersToMiles = (meters: number): number => Math.round(meters / 1609);

/** Spec 2 §2: certification text is cut at 20 characters. */
export const CERTIFICATION_TEXT_MAX = 20;
export const truncateText = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;

/** Spec 2 §9 'Maps' and 'Pilot table'. */
export const PILOTS_MAP = { zoom: 4, minMapHeight: 250, minTableHeight: 45 } as const;

/** Availability shown in the directory; anything else reads 'Unknown' (spec 2 §2). */
export const availabilityLabel = (value: string): string =>
  (
    ({
      available: 'Available',
      on_assignment: 'On Assignment',
      vacation: 'Vacation',
      training: 'Training',
      separated: 'Separated',
    }) as Record<string, string>
  )[value] ?? 'Unknown';

/** How long a scheduling request's link may be answered. */
export const SCHEDULING_LINK_DAYS = 7;

export const PILOT_MESSAGES = {
  assignFailed: 'Error assigning pilot',
  smsFailed: (phone: string) => `Error sending text message to phone number: ${phone}`,
  responseFailed: 'Error Occured',
  responseQuestion: 'Are you able to work these dates for this project?',
  // Server-side rules the spec states without a message.
  homeBaseNotFound: 'We could not find this home base. Pick it on the map.',
  notAPilot: 'This user is not an active pilot.',
  customerNotPilot: USER_MESSAGES.customerNotPilot,
  alreadyRequested: 'A scheduling request was already sent to this pilot for this project.',
  alreadyAssigned: 'This pilot is already assigned to this project.',
  notAssigned: 'This pilot is not assigned to this project.',
  noPhone: 'This pilot has no phone number to text.',
  tokenUnknown: 'This scheduling link is not valid.',
  tokenUsed: 'This scheduling request has already been answered.',
  tokenExpired: 'This scheduling link has expired. Please contact your project manager.',
  projectArchived: 'This project is archived.',
} as const;

const Latitude = z.number().min(-90).max(90);
const Longitude = z.number().min(-180).max(180);

/** A pilot as the directory and a project's Pilots tab read it (spec 2 §3 'Pilot'). */
export const PilotItem = z.object({
  id: z.number().int().describe('The pilot record'),
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  home_base: z.string().nullable(),
  availability: z.string().describe(`One of ${PILOT_AVAILABILITIES.join(', ')}`),
  license_expiration: z.string().nullable().describe('YYYY-MM-DD'),
  aircraft: z.string().nullable(),
  proficiencies: z.array(z.string()),
  certifications: z.array(z.string()),
  skills: z.array(z.string()),
  attributes: z.array(PilotAttribute),
  role_id: z.number().int(),
  role_name: z.string(),
  latitude: z.number().nullable().describe('Home base, geocoded; null when it could not be placed'),
  longitude: z.number().nullable(),
});
export type PilotItem = z.infer<typeof PilotItem>;

/** Spec 2 §3 'Pilot stats'. */
export const PilotStats = z.object({
  active: z.number().int(),
  on_assignment: z.number().int(),
  available: z.number().int(),
  training: z.number().int(),
  on_vacation: z.number().int(),
});
export type PilotStats = z.infer<typeof PilotStats>;

export const PilotDirectory = z.object({ items: z.array(PilotItem), stats: PilotStats });
export type PilotDirectory = z.infer<typeof PilotDirectory>;

/** POST /api/v1/pilots: the pilot form of spec 2 §5 (a known email saves that user's pilot record). */
export const PilotSaveRequest = z.object({
  first_name: pilotNameField(USER_MESSAGES.firstNameRequired),
  last_name: pilotNameField(USER_MESSAGES.lastNameRequired),
  email: EmailField,
  phone: PhoneField,
  ...pilotFields,
  latitude: Latitude.nullable()
    .optional()
    .describe('Home base picked on the map; without it the home base name is geocoded'),
  longitude: Longitude.nullable().optional(),
});
export type PilotSaveRequest = z.input<typeof PilotSaveRequest>;

function pilotNameField(required: string) {
  return Text({ error: required })
    .trim()
    .superRefine((v, ctx) => {
      const message =
        v === ''
          ? required
          : v.length < 2
            ? USER_MESSAGES.nameMin
            : v.length > 50
              ? USER_MESSAGES.nameMax
              : null;
      if (message) ctx.addIssue({ code: 'custom', message });
    });
}

export const PilotSaveResponse = Ok.extend({
  pilot: PilotItem,
  created_user: z.boolean().describe('True when the email was new and a user was created for the pilot'),
});
export type PilotSaveResponse = z.infer<typeof PilotSaveResponse>;

/** A pilot on a project's Pilots tab: every pilot, with the project's scheduling state of each. */
export const ProjectPilotItem = PilotItem.extend({
  distanceFromProjectMeters: z
    .number()
    .nullable()
    .describe('Great-circle metres from the project centre to the home base; null when either is unknown'),
  pilot_scheduling_status_id: z.number().int(),
  status_text: z.string(),
  status_text_friendly: z.string(),
  assigned: z.boolean(),
  pilot_note: z.string().nullable(),
  request_sent_at: z.string().nullable().describe('ISO timestamp of the last availability text'),
  responded_at: z.string().nullable().describe("ISO timestamp of the pilot's answer"),
});
export type ProjectPilotItem = z.infer<typeof ProjectPilotItem>;

export const ProjectPilotList = z.object({
  project_center_lat: z.number().nullable(),
  project_center_lon: z.number().nullable(),
  items: z.array(ProjectPilotItem),
});
export type ProjectPilotList = z.infer<typeof ProjectPilotList>;

const PilotNote = Text().trim().max(500).nullable().optional();

/** PUT /pilots/assign, /pilots/unassign and POST /pilots/checkAvailability (spec 3 §7). */
export const PilotScheduleRequest = z.object({
  project_id: PositiveId,
  user_id: PositiveId,
  pilot_note: PilotNote.describe('Kept with the assignment; empty for unassign and check'),
});
export type PilotScheduleRequest = z.input<typeof PilotScheduleRequest>;

export const PilotScheduleResponse = Ok.extend({
  pilot_scheduling_status_id: z.number().int(),
  assigned: z.boolean(),
});
export type PilotScheduleResponse = z.infer<typeof PilotScheduleResponse>;

/** The token of a scheduling link: 43 base64url characters (32 random bytes). */
export const SchedulingToken = Text().trim().min(20).max(200);

export const SchedulingTokenParam = z.object({ id: SchedulingToken.describe('The token of the link') });

/** GET /pilots/project-details/{token}: spec 3 §3 'Scheduling request'. */
export const SchedulingDetails = z.object({
  project_name: z
    .string()
    .nullable()
    .describe('Null once the link is answered: a used link shows nothing more'),
  closest_city: z.string().nullable(),
  start_date: z.string().nullable().describe('YYYY-MM-DD; null once answered'),
  due_date: z.string().nullable().describe('YYYY-MM-DD'),
  state: z
    .enum(['open', 'answered', 'expired'])
    .describe(
      "'answered' links say so and show nothing of the project; 'expired' ones show the details; neither takes an answer",
    ),
  accepted: z.boolean().nullable().describe('The answer given, once answered'),
});
export type SchedulingDetails = z.infer<typeof SchedulingDetails>;

/** PUT /pilots/scheduling-response (spec 3 §7: accept, token). */
export const SchedulingResponseRequest = z.object({
  token: SchedulingToken,
  accept: z.boolean().describe('true yes, false no'),
});
export type SchedulingResponseRequest = z.input<typeof SchedulingResponseRequest>;

export const SchedulingResponseAnswer = Ok.extend({ pilot_scheduling_status_id: z.number().int() });
export type SchedulingResponseAnswer = z.infer<typeof SchedulingResponseAnswer>;
