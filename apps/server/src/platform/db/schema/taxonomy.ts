import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';

/** Annotation categories ('components'); names at most 35 characters (spec 2 §5). */
export const components = pgTable(
  'components',
  {
    id: serial('id').primaryKey(),
    displayText: varchar('display_text', { length: 35 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('components_text_unique').on(sql`lower(${t.displayText})`)],
);

/** Annotation sub-categories ('deficiencies') of one component; names at most 35 characters. */
export const deficiencies = pgTable(
  'deficiencies',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => components.id, { onDelete: 'cascade' }),
    subCategoryText: varchar('sub_category_text', { length: 35 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  // Also serves lookups by category_id.
  (t) => [
    uniqueIndex('deficiencies_category_text_unique').on(t.categoryId, sql`lower(${t.subCategoryText})`),
  ],
);
