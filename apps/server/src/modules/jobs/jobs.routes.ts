import { ApiError, endpoints } from '@linewalker/domain';
import type { App } from '../../platform/http/app.types.ts';
import { actorOf } from '../../platform/http/authHook.ts';
import { endpointRoute } from '../../platform/http/endpointRoute.ts';
import { getJobStatus, listJobsForAdmin, retryJob } from './jobs.service.ts';

const tags = ['Background jobs'];

export async function jobsRoutes(app: App): Promise<void> {
  const db = app.deps.database.db;

  app.route({
    ...endpointRoute(endpoints.jobs.status, {
      tags,
      summary: 'State, progress and outcome of a job the caller started',
      description: 'Super admins may read any job; for anyone else a job they did not start answers 404.',
      errors: { 404: ApiError },
    }),
    config: { access: 'job.read' },
    handler: async (req) => getJobStatus(db, actorOf(req), req.params.id),
  });

  app.route({
    ...endpointRoute(endpoints.jobs.list, {
      tags: [...tags, 'Administration'],
      summary: 'Background jobs, newest first, filtered by state and name',
    }),
    config: { access: 'admin.read' },
    handler: async (req) => listJobsForAdmin(db, actorOf(req), req.query),
  });

  app.route({
    ...endpointRoute(endpoints.jobs.retry, {
      tags: [...tags, 'Administration'],
      summary: 'Queue a failed job again with fresh attempts',
      errors: { 404: ApiError, 409: ApiError },
    }),
    config: { access: 'admin.job.retry' },
    handler: async (req) => retryJob(db, actorOf(req), req.params.id),
  });
}
