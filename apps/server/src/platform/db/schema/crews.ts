import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { projects } from './projects.ts';

/** Flight crews of a project: at most 10, numbered 1..10, each with one of the 10 crew colours (spec 1 §9). */
export const crewGroups = pgTable(
  'crew_groups',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    crewNumber: smallint('crew_number').notNull(),
    color: varchar('color', { length: 20 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('crew_groups_project_number_unique').on(t.projectId, t.crewNumber),
    check('crew_groups_number_check', sql`${t.crewNumber} between 1 and 10`),
  ],
);

export const crewMembers = pgTable(
  'crew_members',
  {
    crewGroupId: integer('crew_group_id')
      .notNull()
      .references(() => crewGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.crewGroupId, t.userId] }), index('crew_members_user_idx').on(t.userId)],
);
