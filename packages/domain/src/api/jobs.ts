import { z } from 'zod';
import { PageQuery } from '../admin.ts';

/** queued → running → succeeded | failed (after its last attempt) | cancelled; a failed job can be retried. */
export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** What the owner of a job (and a super admin) sees: never a stack, only the error's message. */
export const JobStatus = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.enum(JOB_STATES),
  /** Work done so far out of `total` (both null until the job reports progress). */
  progress: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  result: z.unknown().nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type JobStatus = z.infer<typeof JobStatus>;

/** One row of the admin 'Jobs' page: the status plus when it runs next and who started it. */
export const AdminJob = JobStatus.extend({
  runAt: z.string(),
  createdBy: z.number().int().nullable(),
  createdByEmail: z.string().nullable(),
});
export type AdminJob = z.infer<typeof AdminJob>;

export const AdminJobsQuery = PageQuery.extend({
  state: z.enum(JOB_STATES).optional(),
  name: z.string().trim().min(1).max(100).optional(),
});
export type AdminJobsQuery = z.infer<typeof AdminJobsQuery>;

export const AdminJobsPage = z.object({
  items: z.array(AdminJob),
  total: z.number().int(),
  /** Every job name the server knows, for the name filter. */
  names: z.array(z.string()),
});
export type AdminJobsPage = z.infer<typeof AdminJobsPage>;
