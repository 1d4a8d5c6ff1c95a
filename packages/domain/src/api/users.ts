import { z } from 'zod';
import { Role } from '../admin.ts';
import { Ok } from '../common.ts';
import type { WireValues } from '../http/endpoint.ts';
import { isIsoDate } from '../projects/dates.ts';
import { OPERATING_COMPANY_ID, ROLE_NAMES } from '../roles.ts';
import { Text } from '../text.ts';

/** Every message of the Add/Edit User modal and its server checks (spec 3 §5, §8), word for word. */
export const USER_MESSAGES = {
  nameMin: 'Minimum character is 2',
  nameMax: 'Maximum character is 50.',
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required',
  startDateRequired: 'Start Date is required',
  roleSelect: 'Must select a role',
  roleRequired: 'Role is required',
  companySelect: 'Must select a company',
  companyRequired: 'Company is required',
  emailInvalid: 'Please enter valid email',
  emailRequired: 'Email is required',
  emailTaken: 'This email is already registered.',
  phoneMin: 'Minimum characters is 10.',
  phoneInvalid: 'Phone number is not valid',
  phoneRequired: 'Phone is required',
  licenseRequired: 'License expiration is required',
  homeBaseRequired: 'Home Base is required',
  saveFailed: 'An issue occurred trying to save the user',
  // Server-side rules the spec states without a message (spec 3 §5 'Role, company and pilot rules').
  dateFormat: 'Enter a date as YYYY-MM-DD.',
  customerRoleOnly: 'A customer company’s users take the Customer role.',
  staffRoleOnly: 'The Customer role is only for users of a customer company.',
  customerNotPilot: 'A customer cannot be a pilot.',
  unknownCompany: 'No company has this id.',
  unknownRole: 'No role has this id.',
  pilotAndDelete: 'Send either pilot details or delete_pilot, not both.',
  selfDeactivate: 'You cannot deactivate your own account.',
  selfRole: 'You cannot change your own role.',
  attributeTooLong: 'An attribute has at most 50 characters.',
} as const;

export const USER_LIMITS = {
  nameMin: 2,
  nameMax: 50,
  phoneMin: 10,
  homeBaseMin: 2,
  homeBaseMax: 50,
} as const;

/**
 * The phone pattern of spec 3 §5: an optional plus, 3 digits, 3 digits, then 4 to 6 digits, with optional
 * parentheses around the first group and a dash, space or dot between groups.
 */
export const PHONE_PATTERN = /^[+]?[(]?[0-9]{3}[)]?[-\s.]?[0-9]{3}[-\s.]?[0-9]{4,6}$/;

export const PILOT_AVAILABILITIES = [
  'available',
  'on_assignment',
  'vacation',
  'training',
  'separated',
] as const;
export type PilotAvailability = (typeof PILOT_AVAILABILITIES)[number];
export const PILOT_AVAILABILITY_LABELS: Record<PilotAvailability, string> = {
  available: 'Available',
  on_assignment: 'On Assignment',
  vacation: 'Vacation',
  training: 'Training',
  separated: 'Separated',
};
/** What the pilot form offers (spec 3 §4); 'separated' is shown only for a pilot who already has it. */
export const PILOT_FORM_AVAILABILITIES = ['available', 'on_assignment', 'vacation', 'training'] as const;

export const ATTRIBUTE_TYPES = ['prof', 'cert', 'skill'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** Spec 3 §4: status 1 active, 0 inactive, sent as a number. */
export const USER_STATUS = { active: 1, inactive: 0 } as const;

const isEmail = (v: string) => z.email().safeParse(v).success;

// One message per field, the first rule that fails, in the order the spec lists them.
const boundedText = (required: string, limits: { min: number; max: number }) =>
  Text({ error: required })
    .trim()
    .superRefine((v, ctx) => {
      const message =
        v === ''
          ? required
          : v.length < limits.min
            ? USER_MESSAGES.nameMin
            : v.length > limits.max
              ? USER_MESSAGES.nameMax
              : null;
      if (message) ctx.addIssue({ code: 'custom', message });
    });

export const EmailField = Text({ error: USER_MESSAGES.emailRequired })
  .trim()
  .superRefine((v, ctx) => {
    const message =
      v === ''
        ? USER_MESSAGES.emailRequired
        : v.length > 254 || !isEmail(v)
          ? USER_MESSAGES.emailInvalid
          : null;
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const PhoneField = Text({ error: USER_MESSAGES.phoneRequired })
  .trim()
  .superRefine((v, ctx) => {
    const message =
      v === ''
        ? USER_MESSAGES.phoneRequired
        : v.length < USER_LIMITS.phoneMin
          ? USER_MESSAGES.phoneMin
          : !PHONE_PATTERN.test(v)
            ? USER_MESSAGES.phoneInvalid
            : null;
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** The calendar date of a 'YYYY-MM-DD' value or of a timestamp (the client sends noon UTC); null otherwise. */
export function dateOfDayValue(value: string): string | null {
  const v = value.trim();
  if (isIsoDate(v)) return v;
  if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(v)) return null;
  const ms = Date.parse(v);
  if (Number.isNaN(ms)) return null;
  const day = new Date(ms).toISOString().slice(0, 10);
  return isIsoDate(day) ? day : null;
}

/** A day as the API sends it (spec 3 §7, §5): 'YYYY-MM-DD' becomes 'YYYY-MM-DDT12:00:00.000Z'. */
export const noonUtc = (day: string): string => `${day}T12:00:00.000Z`;

const dayField = (required: string) =>
  Text({ error: required })
    .trim()
    .superRefine((v, ctx) => {
      if (v === '') ctx.addIssue({ code: 'custom', message: required });
      else if (dateOfDayValue(v) === null)
        ctx.addIssue({ code: 'custom', message: USER_MESSAGES.dateFormat });
    })
    .describe("A day: 'YYYY-MM-DD' or a timestamp such as 'YYYY-MM-DDT12:00:00.000Z' (noon UTC of that day)");

const selectedId = (required: string, select: string) =>
  z.number({ error: required }).int(select).min(1, select).max(2_147_483_647, select);

const AttributeName = Text().trim().min(1).max(50, USER_MESSAGES.attributeTooLong);
const AttributeNames = z.array(AttributeName).max(50).default([]);

/** The Add/Edit User modal's first step (spec 3 §5 'User form'), as the form edits it. */
export const userDetailsFields = {
  first_name: boundedText(USER_MESSAGES.firstNameRequired, { min: 2, max: 50 }),
  last_name: boundedText(USER_MESSAGES.lastNameRequired, { min: 2, max: 50 }),
  email: EmailField,
  phone: PhoneField,
  start_date: dayField(USER_MESSAGES.startDateRequired),
  role_id: selectedId(USER_MESSAGES.roleRequired, USER_MESSAGES.roleSelect),
  company_id: selectedId(USER_MESSAGES.companyRequired, USER_MESSAGES.companySelect),
  status: z.union([z.literal(0), z.literal(1)]).default(1),
};
export const UserDetailsForm = z.object(userDetailsFields);

/** The pilot-details step (spec 3 §5 'Pilot variant', spec 2 §5 'Pilot form'). */
export const pilotFields = {
  availability: z.enum(PILOT_AVAILABILITIES).default('available'),
  license_expiration: dayField(USER_MESSAGES.licenseRequired),
  home_base: boundedText(USER_MESSAGES.homeBaseRequired, { min: 2, max: 50 }),
  aircraft: Text().trim().max(100).nullable().optional(),
  proficiencies: AttributeNames,
  certifications: AttributeNames,
  skills: AttributeNames,
};
export const PilotDetailsForm = z.object(pilotFields);

/** A pilot as the user payload carries it; the three lists are attribute names (new ones are added). */
export const PilotInput = z.object({
  ...pilotFields,
  attributes: z
    .array(z.number().int().positive().max(2_147_483_647))
    .max(150)
    .default([])
    .describe(
      'Attribute ids (GET /pilots/attributes), added to the named proficiencies, certifications and skills.',
    ),
});
export type PilotInput = z.infer<typeof PilotInput>;

const userPayload = {
  ...userDetailsFields,
  pilot: PilotInput.nullable()
    .default(null)
    .describe('Pilot details (company 1 only); null leaves the current pilot record as it is.'),
  delete_pilot: z
    .boolean()
    .default(false)
    .describe('True ends the pilot record (pilot_deleted_date is set); the user stays.'),
};

const payloadRules = (
  v: { pilot: unknown; delete_pilot: boolean; company_id: number },
  ctx: z.RefinementCtx,
) => {
  if (v.pilot && v.delete_pilot) {
    ctx.addIssue({ code: 'custom', path: ['delete_pilot'], message: USER_MESSAGES.pilotAndDelete });
  }
  if (v.pilot && v.company_id !== OPERATING_COMPANY_ID) {
    ctx.addIssue({ code: 'custom', path: ['pilot'], message: USER_MESSAGES.customerNotPilot });
  }
};

/** POST /api/v1/users/ (spec 3 §7 'create user'). */
export const UserCreateRequest = z
  .object({ ...userPayload, id: z.number().int().nullable().optional() })
  .superRefine(payloadRules);
export type UserCreateRequest = z.input<typeof UserCreateRequest>;

/** PUT /api/v1/users (spec 3 §7 'save user'). */
export const UserUpdateRequest = z
  .object({ ...userPayload, id: z.number().int().positive().max(2_147_483_647) })
  .superRefine(payloadRules);
export type UserUpdateRequest = z.input<typeof UserUpdateRequest>;

export const PilotAttribute = z.object({
  attribute_id: z.number().int(),
  att_name: z.string(),
  type_name: z.enum(ATTRIBUTE_TYPES).describe("'prof' proficiency, 'cert' certification, 'skill' skill"),
});
export type PilotAttribute = z.infer<typeof PilotAttribute>;
export const PilotAttributeList = z.array(PilotAttribute);

/** GET /api/v1/roles. */
export const RoleList = z.array(Role);

const timestamp = z.string().describe('ISO 8601 timestamp (UTC)');

export const UserPilot = z.object({
  id: z.number().int(),
  availability: z.enum(PILOT_AVAILABILITIES),
  license_expiration: z.string().nullable().describe('YYYY-MM-DD'),
  home_base: z.string().nullable(),
  aircraft: z.string().nullable(),
  attributes: z.array(z.number().int()).describe('Attribute ids'),
  proficiencies: z.array(z.string()),
  certifications: z.array(z.string()),
  skills: z.array(z.string()),
  pilot_deleted_date: timestamp.nullable().describe('Set means the user is no longer a pilot.'),
});
export type UserPilot = z.infer<typeof UserPilot>;

/** A user as the Users list and the modal read it (spec 3 §3 'User'). */
export const UserItem = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: z.number().int().describe('1 active, 0 inactive'),
  start_date: z.string().nullable().describe('YYYY-MM-DD'),
  role_id: z.number().int(),
  role_name: z.enum(ROLE_NAMES),
  display_name: z.string().describe('The role display name'),
  role_display_name: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  last_login: timestamp.nullable(),
  pilot_id: z.number().int().nullable().describe('The pilot record, when the user is a pilot (not deleted).'),
  pilot: UserPilot.nullable().describe('The pilot record, deleted or not; null when the user never was one.'),
});
export type UserItem = z.infer<typeof UserItem>;

/** Either way a list can be sorted. */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const USER_SORTS = ['name', 'email', 'phone', 'role', 'company', 'status', 'last_login'] as const;
export type UserSort = (typeof USER_SORTS)[number];

export const UserListQuery = z.object({
  search: Text()
    .trim()
    .max(200)
    .optional()
    .describe('Matches part of the name (first, last or both), the company name or the email, any case.'),
  sort: z.enum(USER_SORTS).default('name'),
  order: z.enum(SORT_ORDERS).default('asc'),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
/** The query as the web sends it (each key may be left out; numbers as numbers). */
export type UserListQuery = WireValues<typeof UserListQuery>;
export type UserListParams = z.output<typeof UserListQuery>;

export const UserListPage = z.object({ items: z.array(UserItem), total: z.number().int() });
export type UserListPage = z.infer<typeof UserListPage>;

export const EmailParam = z.object({ email: Text().trim().min(1).max(254) });

export const EmailInUse = z.object({ inUse: z.boolean() });
export type EmailInUse = z.infer<typeof EmailInUse>;

export const UserByEmail = z.object({ user: UserItem.nullable() });
export type UserByEmail = z.infer<typeof UserByEmail>;

export const UserSaveResponse = Ok.extend({ id: z.number().int(), user: UserItem });
export type UserSaveResponse = z.infer<typeof UserSaveResponse>;

/** Spec 3 §5: company 1 lists every non-customer role; any other company only the customer role. */
export function rolesForCompany<R extends { role_name: string }>(
  roles: readonly R[],
  companyId: number | null,
): R[] {
  if (companyId === null) return [];
  return companyId === OPERATING_COMPANY_ID
    ? roles.filter((r) => r.role_name !== 'customer')
    : roles.filter((r) => r.role_name === 'customer');
}

/** Spec 3 §4: with the toggle now off on a pilot whose record is not deleted, delete_pilot is sent. */
export const shouldDeletePilot = (pilot: UserPilot | null | undefined, pilotToggle: boolean): boolean =>
  !pilotToggle && !!pilot && pilot.pilot_deleted_date === null;
