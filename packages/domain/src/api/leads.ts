import { z } from 'zod';
import { Text } from '../text.ts';

/** The public 'Request an inspection' form (not in the spec's screens: the catalogue only names the call). */
export const LEAD_MESSAGES = {
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  nameMax: 'Maximum character is 50.',
  companyRequired: 'Company is required.',
  companyMax: 'Maximum character is 100.',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter valid email',
  phoneMax: 'Maximum character is 30.',
  messageMax: 'A message has at most 2000 characters.',
  tooFast: 'The form was sent too quickly. Please check it and send it again.',
  expired: 'This form has expired. Reload the page and send it again.',
  refused: 'Your request could not be sent. Reload the page and try again.',
  sent: 'Thank you. We will contact you shortly.',
  alreadyConverted: 'This lead has already been turned into a customer.',
} as const;

/** How long a visitor must have had the form open, and how long a form stays valid. */
export const LEAD_FORM_TIMING = { minFillMs: 3_000, maxAgeMs: 24 * 3600_000 } as const;
/** Leads accepted per address per hour (the rate_limits table). */
export const LEAD_RATE_LIMIT = { perAddress: 10, windowMs: 3600_000 } as const;

const required = (message: string, max: number, maxMessage: string) =>
  Text({ error: message }).trim().min(1, message).max(max, maxMessage);
const optional = (max: number, maxMessage: string) =>
  Text()
    .trim()
    .max(max, maxMessage)
    .nullish()
    .transform((v) => (v ? v : null));

export const leadFields = {
  first_name: required(LEAD_MESSAGES.firstNameRequired, 50, LEAD_MESSAGES.nameMax),
  last_name: required(LEAD_MESSAGES.lastNameRequired, 50, LEAD_MESSAGES.nameMax),
  company_name: required(LEAD_MESSAGES.companyRequired, 100, LEAD_MESSAGES.companyMax),
  email: Text({ error: LEAD_MESSAGES.emailRequired })
    .trim()
    .min(1, LEAD_MESSAGES.emailRequired)
    .max(254, LEAD_MESSAGES.emailInvalid)
    .pipe(z.email(LEAD_MESSAGES.emailInvalid)),
  phone: optional(30, LEAD_MESSAGES.phoneMax),
  message: optional(2000, LEAD_MESSAGES.messageMax),
};

export const leadFormSchema = z.object(leadFields);
export type LeadFormValues = z.input<typeof leadFormSchema>;

/** POST /api/v1/leads/: the form's fields plus its two spam guards. */
export const LeadRequest = z.object({
  ...leadFields,
  form_token: Text()
    .max(200)
    .describe('From GET /leads/formToken when the form was shown: signed, it says when the form opened.'),
  website: Text()
    .max(200)
    .optional()
    .describe('A field hidden from people: a request that fills it is refused (only robots fill it).'),
});
export type LeadRequest = z.input<typeof LeadRequest>;

export const LeadFormToken = z.object({ token: z.string() });

export const Lead = z.object({
  id: z.number().int(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company_name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string().nullable(),
  created_at: z.string(),
  converted_company_id: z.number().int().nullable().describe('The customer made from this lead, if any.'),
  converted_company_name: z.string().nullable(),
  converted_at: z.string().nullable(),
});
export type Lead = z.infer<typeof Lead>;
export const LeadList = z.array(Lead);
