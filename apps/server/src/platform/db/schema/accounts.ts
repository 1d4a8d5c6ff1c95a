import type { OutboxStatus } from '@linewalker/domain';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Companies: id 1 is the operating company, every other row is a customer (spec 3 §3). */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    companyName: varchar('company_name', { length: 100 }).notNull(),
    pocFirstName: varchar('poc_first_name', { length: 50 }),
    pocLastName: varchar('poc_last_name', { length: 50 }),
    pocEmail: varchar('poc_email', { length: 254 }),
    pocPhone: varchar('poc_phone', { length: 30 }),
    inspectionFields: jsonb('inspection_fields').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    deletedDate: timestamp('deleted_date', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('companies_name_unique').on(sql`lower(${t.companyName})`)],
);

/** Roles keep the spec's ids: 1 super_admin, 2 project_manager, 3 inspector, 4 user, 5 customer. */
export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  roleName: varchar('role_name', { length: 30 }).notNull().unique(),
  displayName: varchar('display_name', { length: 50 }).notNull(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    firstName: varchar('first_name', { length: 50 }).notNull(),
    lastName: varchar('last_name', { length: 50 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 30 }),
    passwordHash: text('password_hash'),
    /** 1 active, 0 inactive (spec 3 §4). */
    status: smallint('status').notNull().default(1),
    startDate: date('start_date'),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    eulaAcceptedAt: timestamp('eula_accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_company_idx').on(t.companyId),
  ],
);

/** Server-side sessions: a JWT is honoured only while its session row is live (logout and password change end it). */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: inet('ip'),
    userAgent: varchar('user_agent', { length: 400 }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use reset tokens; only a SHA-256 of the token is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Who changed what, when and from where; written in the same transaction as the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 80 }).notNull(),
    objectType: varchar('object_type', { length: 60 }).notNull(),
    objectId: varchar('object_id', { length: 80 }),
    details: jsonb('details'),
    ip: inet('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_object_idx').on(t.objectType, t.objectId),
  ],
);

/**
 * Outgoing e-mail and SMS. With no provider configured the row itself is the delivery (status 'stored');
 * otherwise a `mail.deliver` job sends it, retrying with backoff ('retrying' → 'sent' or 'failed').
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: varchar('channel', { length: 10 }).$type<'email' | 'sms'>().notNull(),
    recipient: varchar('recipient', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }),
    body: text('body').notNull(),
    status: varchar('status', { length: 10 }).$type<OutboxStatus>().notNull(),
    /** The last delivery attempt's error (kept while retrying). */
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);
