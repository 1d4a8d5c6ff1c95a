import { z } from 'zod';

/** A customer company as the project dialog's Customer picker needs it (spec 1 §3 'Customer'). */
export const Customer = z.object({
  id: z.number().int(),
  company_name: z.string(),
  poc_first_name: z.string().nullable(),
  poc_last_name: z.string().nullable(),
  poc_email: z.string().nullable(),
  poc_phone: z.string().nullable(),
  inspection_fields: z.array(z.string()),
  deleted_date: z.string().nullable().describe('Always null here: only active customers are listed.'),
});
export type Customer = z.infer<typeof Customer>;

export const CustomerList = z.array(Customer);
