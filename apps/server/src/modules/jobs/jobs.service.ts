import { type AdminJob, type AdminJobsQuery, isSuperAdmin, type JobStatus } from '@linewalker/domain';
import { jobDefinitions } from '../../jobs.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { UserActor } from '../../platform/auth/actor.ts';
import { authorize } from '../../platform/auth/policy.ts';
import type { Db } from '../../platform/db/client.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import * as repo from '../../platform/jobs/jobs.repository.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findJob>>>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toStatus(row: Row): JobStatus {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    progress:
      row.progressDone !== null && row.progressTotal !== null
        ? { done: row.progressDone, total: row.progressTotal }
        : null,
    result: row.state === 'succeeded' ? (row.result ?? null) : null,
    // The message a handler failed with; stacks stay in the server log.
    error: row.state === 'failed' ? row.lastError : null,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

function toAdminJob(row: Row): AdminJob {
  return {
    ...toStatus(row),
    // Admins also see the error of a job that is waiting to retry.
    error: row.lastError,
    runAt: row.runAt.toISOString(),
    createdBy: row.createdBy,
    createdByEmail: row.createdByEmail,
  };
}

/** A job as its owner sees it; anyone else but a super admin gets 404, as if it did not exist. */
export async function getJobStatus(db: Db, actor: UserActor, id: number): Promise<JobStatus> {
  authorize(actor, 'job.read');
  const row = await repo.findJob(db, id);
  if (!row || (row.createdBy !== actor.userId && !isSuperAdmin(actor))) throw notFound('Job');
  return toStatus(row);
}

export async function listJobsForAdmin(db: Db, actor: UserActor, query: AdminJobsQuery) {
  authorize(actor, 'admin.read');
  const { items, total } = await repo.listJobs(db, query, query.limit, query.offset);
  return { items: items.map(toAdminJob), total, names: jobDefinitions.map((d) => d.name).sort() };
}

/** Queues a failed job again with fresh attempts (409 unless it is failed). */
export async function retryJob(db: Db, actor: UserActor, id: number): Promise<AdminJob> {
  authorize(actor, 'admin.job.retry');
  await db.transaction(async (tx) => {
    const existing = await repo.findJob(tx, id);
    if (!existing) throw notFound('Job');
    let retried: { name: string } | null;
    try {
      retried = await repo.retryFailedJob(tx, id);
    } catch (err) {
      // Another job with the same dedupe key is already waiting: retrying this one would run it twice.
      if ((err as { code?: string }).code === '23505') {
        throw conflict('The same job is already queued or running', 'job_already_queued');
      }
      throw err;
    }
    if (!retried)
      throw conflict(`Only a failed job can be retried; this one is ${existing.state}`, 'job_not_failed');
    await repo.notifyWorkers(tx, retried.name);
    await writeAudit(tx, actor, {
      action: 'job.retry',
      objectType: 'job',
      objectId: id,
      details: { name: retried.name, lastError: existing.lastError },
    });
  });
  return toAdminJob((await repo.findJob(db, id))!);
}
