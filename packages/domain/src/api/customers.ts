import { z } from 'zod';
import { Text } from '../text.ts';

/**
 * The Customer form's rules and messages, word for word (spec 3 §5 'Customer form'). The spec bounds the
 * name at 50 characters while its message says 100: both are kept as written.
 */
export const CUSTOMER_MESSAGES = {
  nameRequired: 'Company name is required',
  nameMin: 'Minimum character is 2',
  nameMax: 'Maximum character is 100.',
  nameTaken: 'This company name is already registered.',
  /** Spec 3 §8, with the spec's spelling. */
  saveFailed: 'An issue occured trying to save the customer',
  // Not in the spec (it sets no bounds on the POC fields): the database columns' sizes.
  pocNameMax: 'Maximum character is 50.',
  pocEmailMax: 'Maximum character is 254.',
  pocPhoneMax: 'Maximum character is 30.',
  fieldMax: 'An inspection field has at most 50 characters.',
  fieldsMax: 'At most 50 inspection fields.',
} as const;

export const CUSTOMER_NAME_LIMITS = { min: 2, max: 50 } as const;
export const CUSTOMER_FIELD_LIMITS = { fieldMax: 50, fieldsMax: 50 } as const;
/** Customer status as the form's radio sends it (spec 3 §4): active = no deleted_date. */
export const CUSTOMER_STATUS = { active: 1, inactive: 0 } as const;

const timestamp = z.string().describe('ISO 8601 timestamp (UTC)');

/** A customer company (spec 3 §3 'Company/Customer'). */
export const Customer = z.object({
  id: z.number().int(),
  company_name: z.string(),
  poc_first_name: z.string().nullable(),
  poc_last_name: z.string().nullable(),
  poc_email: z.string().nullable(),
  poc_phone: z.string().nullable(),
  inspection_fields: z.array(z.string()),
  deleted_date: timestamp.nullable().describe('Set means inactive (spec 3 §4).'),
  last_login: timestamp
    .nullable()
    .describe("The most recent login of any of the company's users; null when none has logged in.")
    .optional(),
});
export type Customer = z.infer<typeof Customer>;

export const CustomerList = z.array(Customer);

export const CustomerListQuery = z.object({
  include_inactive: z
    .enum(['true', 'false'])
    .optional()
    .describe(
      'true: every customer, inactive ones too (the Customers page; super admins and project managers only). ' +
        'Left out: only active customers (the project form).',
    ),
});
export type CustomerListQuery = z.infer<typeof CustomerListQuery>;

const optionalText = (max: number, message: string) =>
  Text()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

/** The company name's rules in the order a user fixes them; one message at a time. */
const companyName = Text({ error: CUSTOMER_MESSAGES.nameRequired })
  .trim()
  .superRefine((v, ctx) => {
    const message =
      v === ''
        ? CUSTOMER_MESSAGES.nameRequired
        : v.length < CUSTOMER_NAME_LIMITS.min
          ? CUSTOMER_MESSAGES.nameMin
          : v.length > CUSTOMER_NAME_LIMITS.max
            ? CUSTOMER_MESSAGES.nameMax
            : null;
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });

/** Chips: trimmed, empty ones dropped, duplicates (any case) dropped, at most 50 of at most 50 characters. */
const inspectionFields = z
  .array(Text().trim().max(CUSTOMER_FIELD_LIMITS.fieldMax, CUSTOMER_MESSAGES.fieldMax))
  .max(CUSTOMER_FIELD_LIMITS.fieldsMax, CUSTOMER_MESSAGES.fieldsMax)
  .default([])
  .transform((list) => {
    const seen = new Set<string>();
    return list.filter((f) => {
      const key = f.toLowerCase();
      if (f === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

/** The fields the Add/Edit Customer form edits (spec 3 §2, §5). */
export const customerFields = {
  company_name: companyName,
  poc_first_name: optionalText(50, CUSTOMER_MESSAGES.pocNameMax),
  poc_last_name: optionalText(50, CUSTOMER_MESSAGES.pocNameMax),
  poc_email: optionalText(254, CUSTOMER_MESSAGES.pocEmailMax),
  poc_phone: optionalText(30, CUSTOMER_MESSAGES.pocPhoneMax),
  status: z
    .union([z.literal(CUSTOMER_STATUS.active), z.literal(CUSTOMER_STATUS.inactive)])
    .default(CUSTOMER_STATUS.active)
    .describe('1 active, 0 inactive. Inactive sets deleted_date to the current time, active clears it.'),
  inspection_fields: inspectionFields,
};

/** The form's own schema (no id): what the modal validates before sending. */
export const customerFormSchema = z.object(customerFields);
export type CustomerFormValues = z.input<typeof customerFormSchema>;

const deletedDateIn = z
  .string()
  .nullish()
  .describe('Accepted for the spec’s payload shape and ignored: `status` decides, with the server’s clock.');

/** POST /api/v1/customers/ (spec 3 §7 'create customer'). */
export const CustomerCreateRequest = z.object({
  ...customerFields,
  id: z.null().optional(),
  deleted_date: deletedDateIn,
  lead_id: z
    .number()
    .int()
    .positive()
    .max(2_147_483_647)
    .nullish()
    .describe('The lead this customer is made from: marked converted in the same transaction.'),
});
export type CustomerCreateRequest = z.input<typeof CustomerCreateRequest>;

/** PUT /api/v1/customers/ (spec 3 §7 'save customer'). */
export const CustomerUpdateRequest = z.object({
  ...customerFields,
  id: z.number().int().positive().max(2_147_483_647),
  deleted_date: deletedDateIn,
});
export type CustomerUpdateRequest = z.input<typeof CustomerUpdateRequest>;

export const CustomerSaveResponse = z.object({
  ok: z.literal(true),
  success: z.literal(true),
  id: z.number().int(),
});
export type CustomerSaveResponse = z.infer<typeof CustomerSaveResponse>;

export const CustomerNameParams = z.object({ name: Text().max(500) });
export const CustomerNameQuery = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2_147_483_647)
    .optional()
    .describe('The customer being edited: its own name does not count as in use.'),
});
export const NameInUse = z
  .boolean()
  .describe('true when another company already has this name (any case, surrounding spaces ignored).');
