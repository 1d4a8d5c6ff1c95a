import { z } from 'zod';
import { ROLE_NAMES } from './roles.ts';

export const Role = z.object({
  id: z.number().int(),
  role_name: z.enum(ROLE_NAMES),
  display_name: z.string(),
});
export type Role = z.infer<typeof Role>;

export const OUTBOX_STATUSES = ['queued', 'retrying', 'sent', 'failed', 'stored'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OutboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  /** 'retrying': a delivery failed and is tried again later; 'failed': every attempt failed. */
  status: z.enum(OUTBOX_STATUSES),
  error: z.string().nullable(),
  /** Delivery attempts so far (SMTP); `error` is the last one's. */
  attempts: z.number().int(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const AuditRecord = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  userEmail: z.string().nullable(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string().nullable(),
  details: z.unknown().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditRecord = z.infer<typeof AuditRecord>;

export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** One page of the outbox and of the audit log, newest first, with the total for paging. */
export const OutboxPage = z.object({ items: z.array(OutboxMessage), total: z.number().int() });
export type OutboxPage = z.infer<typeof OutboxPage>;
export const AuditPage = z.object({ items: z.array(AuditRecord), total: z.number().int() });
export type AuditPage = z.infer<typeof AuditPage>;
