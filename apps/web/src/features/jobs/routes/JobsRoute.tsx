import type { AdminJob } from '@linewalker/domain';
import { notifications } from '@mantine/notifications';
import { IconListCheck } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { AdminLogPage } from '../../../components/LogPage/AdminLogPage.tsx';
import { useJobs } from '../api/getJobs.ts';
import { jobFiltersFrom } from '../api/jobFilters.ts';
import { useRetryJob } from '../api/retryJob.ts';
import { JobFilters } from '../components/JobFilters.tsx';
import { JobsTable } from '../components/JobsTable.tsx';

/** /admin/jobs: background work (mail delivery, password reset links …), newest first (super admins only). */
export function JobsRoute() {
  const retry = useRetryJob();
  const [searchParams] = useSearchParams();
  const { state, name } = jobFiltersFrom(searchParams);
  const filtered = state !== undefined || name !== undefined;
  const onRetry = (job: AdminJob) =>
    retry.mutate(job.id, {
      onSuccess: () =>
        notifications.show({ color: 'teal', title: 'Job queued again', message: `${job.name} #${job.id}` }),
      onError: (error) => notifications.show({ color: 'red', title: 'Retry failed', message: error.message }),
    });

  return (
    <AdminLogPage
      title="Jobs"
      description="Work the app does in the background, such as sending e-mail, newest first."
      useLog={useJobs}
      toolbar={(page) => <JobFilters names={page?.names ?? []} />}
      empty={{
        icon: <IconListCheck size={24} />,
        title: 'No jobs',
        text: filtered
          ? 'No job matches these filters.'
          : 'Background work appears here as soon as the app queues it.',
      }}
    >
      {(items) => (
        <JobsTable items={items} onRetry={onRetry} retrying={retry.isPending ? retry.variables : null} />
      )}
    </AdminLogPage>
  );
}
