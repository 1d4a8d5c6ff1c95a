import { index, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** Sales leads posted by the public site (POST /api/v1/leads/); the spec shows no fields, these are the usual contact ones. */
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
  },
  (t) => [index('leads_created_idx').on(t.createdAt)],
);
