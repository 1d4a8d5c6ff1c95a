import type { OutboxMessage } from '@linewalker/domain';
import { Badge } from '@mantine/core';

const COLORS: Record<OutboxMessage['status'], string> = {
  queued: 'yellow',
  retrying: 'orange',
  sent: 'green',
  failed: 'red',
  stored: 'blue',
};

export function OutboxStatusBadge({ status }: { status: OutboxMessage['status'] }) {
  return (
    <Badge color={COLORS[status]} variant="light">
      {status}
    </Badge>
  );
}
