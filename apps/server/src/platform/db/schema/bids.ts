import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { projects } from './projects.ts';

/** Bids (RFPs) for a customer; their KMZ files are `source_files` rows with bid_id set (spec 3 §3 'Bid form'). */
export const bids = pgTable(
  'bids',
  {
    id: serial('id').primaryKey(),
    rfpName: varchar('rfp_name', { length: 100 }).notNull(),
    projectDuration: date('project_duration').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    abbreviation: varchar('abbreviation', { length: 20 }),
    legalName: varchar('legal_name', { length: 100 }),
    address: varchar('address', { length: 200 }),
    /** Two-letter US state or DC. */
    state: varchar('state', { length: 2 }),
    city: varchar('city', { length: 50 }),
    zip: varchar('zip', { length: 10 }),
    salutation: varchar('salutation', { length: 20 }),
    contactName: varchar('contact_name', { length: 100 }),
    contactDept: varchar('contact_dept', { length: 100 }),
    contactEmail: varchar('contact_email', { length: 254 }),
    contactPhone: varchar('contact_phone', { length: 30 }),
    /** The project made from the bid's KMZ files (a failed import deletes both). */
    projectId: integer('project_id')
      .unique('bids_project_unique')
      .references(() => projects.id, { onDelete: 'set null' }),
    /** The client's id for one save: a repeated save (retry, double click) answers the first one's result. */
    requestId: uuid('request_id').unique('bids_request_unique'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /**
     * 'open' while the bid is a proposal: its project is the inspection company's working copy, which the
     * customer does not see; 'won' once staff mark it won, and the project is the customer's like any other.
     */
    status: varchar('status', { length: 10 }).notNull().default('open'),
    wonAt: timestamp('won_at', { withTimezone: true }),
    wonBy: integer('won_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('bids_company_idx').on(t.companyId),
    index('bids_created_idx').on(t.createdAt),
    check('bids_status_check', sql`${t.status} in ('open', 'won')`),
  ],
);
