import { point, timestamp } from 'drizzle-orm/pg-core';

/** Shared column builders. Not re-exported from index.ts: only tables belong in the drizzle schema object. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true });
/** A nullable moment (reviewed, archived, rejected …). */
export const moment = (name: string) => timestamp(name, { withTimezone: true });
/** WGS84 position stored as a core `point`: x = longitude, y = latitude (GiST-indexable on PGlite and PostgreSQL). */
export const lonLat = (name: string) => point(name, { mode: 'xy' });
