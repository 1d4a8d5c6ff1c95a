import type { AdminJob } from '@linewalker/domain';
import { Progress, Stack, Text } from '@mantine/core';
import { formatCount, formatDateTime } from '../../../lib/format.ts';

/** A running job's bar (striped while it has not said how far it is); otherwise its attempts. */
export function JobProgress({ job }: { job: AdminJob }) {
  if (job.state !== 'running') {
    const retryPending = job.state === 'queued' && job.attempts > 0;
    return (
      <Text size="sm" c="dimmed">
        {job.attempts} / {job.maxAttempts} attempts
        {retryPending && (
          <Text span size="xs" display="block">
            next try {formatDateTime(job.runAt)}
          </Text>
        )}
      </Text>
    );
  }
  const { progress } = job;
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : null;
  return (
    <Stack gap={4} miw={140}>
      <Progress
        value={percent ?? 100}
        striped={percent === null}
        animated={percent === null}
        aria-label={`Job ${job.id} progress`}
      />
      <Text size="xs" c="dimmed">
        {progress
          ? `${formatCount(progress.done)} of ${formatCount(progress.total)} (${percent ?? 0}%)`
          : 'Running'}
      </Text>
    </Stack>
  );
}
