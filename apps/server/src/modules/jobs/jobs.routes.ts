import { AdminJob, AdminJobsPage, AdminJobsQuery, ApiError, IdParam, JobStatus } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { getJobStatus, listJobsForAdmin, retryJob } from './jobs.service.ts';

const tags = ['Background jobs'];

export async function jobsRoutes(app: App): Promise<void> {
  const db = app.deps.database.db;

  app.get(
    '/jobs/:id',
    {
      config: { access: 'job.read' },
      schema: {
        tags,
        summary: 'State, progress and outcome of a job the caller started',
        description: 'Super admins may read any job; for anyone else a job they did not start answers 404.',
        params: IdParam,
        response: { 200: JobStatus, 404: ApiError },
      },
    },
    async (req) => getJobStatus(db, actorOf(req), req.params.id),
  );

  app.get(
    '/admin/jobs',
    {
      config: { access: 'admin.read' },
      schema: {
        tags: [...tags, 'Administration'],
        summary: 'Background jobs, newest first, filtered by state and name',
        querystring: AdminJobsQuery,
        response: { 200: AdminJobsPage },
      },
    },
    async (req) => listJobsForAdmin(db, actorOf(req), req.query),
  );

  app.post(
    '/admin/jobs/:id/retry',
    {
      config: { access: 'admin.job.retry' },
      schema: {
        tags: [...tags, 'Administration'],
        summary: 'Queue a failed job again with fresh attempts',
        params: IdParam,
        response: { 200: AdminJob, 404: ApiError, 409: ApiError },
      },
    },
    async (req) => retryJob(db, actorOf(req), req.params.id),
  );
}
