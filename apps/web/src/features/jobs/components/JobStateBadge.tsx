import type { JobState } from '@linewalker/domain';
import { Badge } from '@mantine/core';

const COLORS: Record<JobState, string> = {
  queued: 'yellow',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'gray',
};

export function JobStateBadge({ state }: { state: JobState }) {
  return (
    <Badge color={COLORS[state]} variant="light">
      {state}
    </Badge>
  );
}
