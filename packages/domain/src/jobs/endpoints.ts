import { AdminJob, AdminJobsPage, AdminJobsQuery, JobStatus } from '../api/jobs.ts';
import { IdParam } from '../common.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/** Background jobs: a caller's own job, and the super admin's list. */
export const jobsEndpoints = {
  status: defineEndpoint({ method: 'GET', path: '/jobs/:id', params: IdParam, response: JobStatus }),
  list: defineEndpoint({
    method: 'GET',
    path: '/admin/jobs',
    query: AdminJobsQuery,
    response: AdminJobsPage,
  }),
  retry: defineEndpoint({
    method: 'POST',
    path: '/admin/jobs/:id/retry',
    params: IdParam,
    response: AdminJob,
  }),
};
