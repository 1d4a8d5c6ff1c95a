import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, lonLat, moment, updatedAt } from './columns.ts';
import { projects } from './projects.ts';

export type PilotAvailability = 'available' | 'on_assignment' | 'vacation' | 'training' | 'separated';

/** Pilot details of a company-1 user; pilot_deleted_date set means the user is no longer a pilot. */
export const pilots = pgTable(
  'pilots',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    availability: varchar('availability', { length: 20 })
      .$type<PilotAvailability>()
      .notNull()
      .default('available'),
    licenseExpiration: date('license_expiration'),
    homeBase: varchar('home_base', { length: 50 }),
    /** x = longitude, y = latitude of the home base: the distance-from-project column is measured from here. */
    homeLocation: lonLat('home_location'),
    aircraft: varchar('aircraft', { length: 100 }),
    pilotDeletedDate: moment('pilot_deleted_date'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pilots_home_location_gist').using('gist', t.homeLocation),
    check(
      'pilots_availability_check',
      sql`${t.availability} in ('available', 'on_assignment', 'vacation', 'training', 'separated')`,
    ),
  ],
);

/** Proficiencies ('prof'), skills ('skill') and certifications ('cert'); new ones are added from the pilot form's tag inputs. */
export const pilotAttributes = pgTable(
  'pilot_attributes',
  {
    attributeId: serial('attribute_id').primaryKey(),
    attName: varchar('att_name', { length: 50 }).notNull(),
    typeName: varchar('type_name', { length: 5 }).$type<'prof' | 'skill' | 'cert'>().notNull(),
  },
  (t) => [
    uniqueIndex('pilot_attributes_type_name_unique').on(t.typeName, sql`lower(${t.attName})`),
    check('pilot_attributes_type_check', sql`${t.typeName} in ('prof', 'skill', 'cert')`),
  ],
);

export const pilotAttributeLinks = pgTable(
  'pilot_attribute_links',
  {
    pilotId: integer('pilot_id')
      .notNull()
      .references(() => pilots.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => pilotAttributes.attributeId, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.pilotId, t.attributeId] }),
    index('pilot_attribute_links_attribute_idx').on(t.attributeId),
  ],
);

/** 0 No Requests Sent, 1 Waiting Pilot Response, 2 Pilot Accepted, 3 Pilot Rejected, 4 Pilot Assigned, 5 Error Messaging Pilot. */
export const pilotSchedulingStatuses = pgTable('pilot_scheduling_statuses', {
  id: smallint('id').primaryKey(),
  statusText: varchar('status_text', { length: 40 }).notNull(),
  statusTextFriendly: varchar('status_text_friendly', { length: 40 }).notNull(),
  color: varchar('color', { length: 20 }).notNull(),
});

export const projectPilots = pgTable(
  'project_pilots',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assigned: boolean('assigned').notNull().default(false),
    pilotNote: varchar('pilot_note', { length: 500 }),
    pilotSchedulingStatusId: smallint('pilot_scheduling_status_id')
      .notNull()
      .default(0)
      .references(() => pilotSchedulingStatuses.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_pilots_user_idx').on(t.userId)],
);

/** 'Check Availability' text messages; the link carries a token of which only a SHA-256 is kept. */
export const schedulingRequests = pgTable(
  'scheduling_requests',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    sentAt: moment('sent_at').notNull().defaultNow(),
    expiresAt: moment('expires_at'),
    respondedAt: moment('responded_at'),
    accepted: boolean('accepted'),
    /** Set when the text message could not be delivered (status 5 Error Messaging Pilot). */
    deliveryFailedAt: moment('delivery_failed_at'),
  },
  (t) => [index('scheduling_requests_project_user_idx').on(t.projectId, t.userId)],
);
