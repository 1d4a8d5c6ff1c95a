import type { AdminJobsPage, JobStatus } from '@linewalker/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../platform/auth/actor.ts';
import { auditLog, jobs } from '../../platform/db/schema/index.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import { mailDeliverJob } from '../../platform/mail/deliver.job.ts';
import { bearer, createUser, loginToken, type TestUser } from '../../testing/factories.ts';
import { runDueJobs } from '../../testing/jobs.ts';
import { createTestApp, type TestContext } from '../../testing/testApp.ts';
import { passwordResetJob } from '../auth/passwordReset.job.ts';

let ctx: TestContext;
let owner: TestUser;
let admin: TestUser;
let ownerToken: string;
let otherToken: string;
let adminToken: string;

const actorOf = (u: TestUser): Actor => ({
  kind: 'user',
  userId: u.id,
  roleId: 2,
  roleName: u.roleName,
  companyId: u.companyId,
  ip: null,
  requestId: 'test',
});

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createUser(ctx.database.db, 'project_manager');
  admin = await createUser(ctx.database.db, 'super_admin');
  const other = await createUser(ctx.database.db, 'project_manager');
  ownerToken = await loginToken(ctx.app, owner);
  otherToken = await loginToken(ctx.app, other);
  adminToken = await loginToken(ctx.app, admin);
});
afterAll(() => ctx.close());

const getJob = (id: number, token: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/jobs/${id}`, headers: bearer(token) });

describe('GET /api/v1/jobs/:id', () => {
  it("shows the owner the job's state, then its result; others get 404, super admins see it", async () => {
    const { id } = await enqueue(
      ctx.database.db,
      passwordResetJob,
      { kind: 'forgot', email: 'nobody@example.test', requestedFrom: null },
      { actor: actorOf(owner) },
    );
    const queued = await getJob(id, ownerToken);
    expect(queued.statusCode).toBe(200);
    expect(queued.json<JobStatus>()).toMatchObject({
      id,
      name: 'auth.password-reset',
      state: 'queued',
      progress: null,
      result: null,
      error: null,
      attempts: 0,
    });
    expect((await getJob(id, otherToken)).statusCode).toBe(404);
    expect((await getJob(id, adminToken)).statusCode).toBe(200);
    expect((await getJob(999_999, ownerToken)).statusCode).toBe(404);

    await runDueJobs(ctx.app.deps);
    const done = (await getJob(id, ownerToken)).json<JobStatus>();
    expect(done).toMatchObject({ state: 'succeeded', result: { sent: false }, attempts: 1, error: null });
    expect(done.finishedAt).not.toBeNull();
  });

  it('shows progress while running and only the message of a failure', async () => {
    const { id } = await enqueue(ctx.database.db, mailDeliverJob, { outboxId: 1 }, { actor: actorOf(owner) });
    await ctx.database.db
      .update(jobs)
      .set({ state: 'running', progressDone: 40, progressTotal: 100 })
      .where(eq(jobs.id, id));
    expect((await getJob(id, ownerToken)).json()).toMatchObject({
      state: 'running',
      progress: { done: 40, total: 100 },
    });
    await ctx.database.db
      .update(jobs)
      .set({ state: 'failed', lastError: 'Connection refused' })
      .where(eq(jobs.id, id));
    const failed = (await getJob(id, ownerToken)).json<JobStatus>();
    expect(failed).toMatchObject({ state: 'failed', error: 'Connection refused' });
    expect(JSON.stringify(failed)).not.toMatch(/stack|\.ts:\d/);
  });

  it('answers 400 for a malformed id', async () => {
    expect((await getJob(0, ownerToken)).statusCode).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/jobs/abc', headers: bearer(ownerToken) }))
        .statusCode,
    ).toBe(400);
  });
});

describe('admin jobs', () => {
  const list = (query = '') =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/admin/jobs${query}`, headers: bearer(adminToken) });

  it('lists jobs newest first with filters by state and name, paged, and the known names', async () => {
    const all = (await list()).json<AdminJobsPage>();
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.names).toEqual([...all.names].sort());
    expect(all.names).toEqual(expect.arrayContaining(['auth.password-reset', 'mail.deliver']));
    expect(all.items[0]!.id).toBeGreaterThan(all.items[1]!.id);
    expect(all.items.find((j) => j.createdBy === owner.id)?.createdByEmail).toBe(owner.email);

    const failed = (await list('?state=failed')).json<AdminJobsPage>();
    expect(failed.items.length).toBeGreaterThan(0);
    expect(failed.items.every((j) => j.state === 'failed')).toBe(true);
    const named = (await list('?name=auth.password-reset&limit=1')).json<AdminJobsPage>();
    expect(named.items).toHaveLength(1);
    expect(named.items[0]!.name).toBe('auth.password-reset');
    expect((await list('?state=exploded')).statusCode).toBe(400);
    expect((await list('?limit=0')).statusCode).toBe(400);
  });

  it('retries a failed job (audited, fresh attempts) and refuses one that is not failed with 409', async () => {
    const { id } = await enqueue(ctx.database.db, passwordResetJob, {
      kind: 'resend',
      userId: owner.id,
      requestedFrom: null,
    });
    const retry = (jobId: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/admin/jobs/${jobId}/retry`,
        headers: bearer(adminToken),
      });
    const notFailed = await retry(id);
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json().code).toBe('job_not_failed');
    expect((await retry(999_999)).statusCode).toBe(404);

    await ctx.database.db
      .update(jobs)
      .set({ state: 'failed', attempts: 5, lastError: 'gave up' })
      .where(eq(jobs.id, id));
    const res = await retry(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, state: 'queued', attempts: 0 });
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job.retry'), eq(auditLog.objectId, String(id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: admin.id, objectType: 'job' });

    await runDueJobs(ctx.app.deps);
    expect((await getJob(id, adminToken)).json()).toMatchObject({ state: 'succeeded', attempts: 1 });
  });
});
