import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { companies } from './accounts.ts';
import { createdAt } from './columns.ts';

/**
 * Leads posted by the public 'Request an inspection' form (POST /api/v1/leads/); the spec shows no
 * fields, these are the usual contact ones. A super admin turns a lead into a customer: the lead then
 * names that company.
 */
export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    firstName: varchar('first_name', { length: 50 }),
    lastName: varchar('last_name', { length: 50 }),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 30 }),
    companyName: varchar('company_name', { length: 100 }),
    message: text('message'),
    source: varchar('source', { length: 50 }),
    createdAt: createdAt(),
    convertedCompanyId: integer('converted_company_id').references(() => companies.id),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
  },
  (t) => [index('leads_created_idx').on(t.createdAt)],
);
