import type { InspectionCounts } from '@linewalker/domain';
import { Badge, Button, Group } from '@mantine/core';
import { formatCount } from '../../../lib/format.ts';
import type { StatusFilter } from '../model/filterViews.ts';

const BUTTONS: ReadonlyArray<{ value: StatusFilter; label: string; count: keyof InspectionCounts }> = [
  { value: 'all', label: 'All', count: 'all_count' },
  { value: 'pending', label: 'Pending', count: 'pending' },
  { value: 'complete', label: 'Complete', count: 'completed' },
  { value: 'rejected', label: 'Rejected', count: 'rejected' },
];

interface StatusFilterButtonsProps {
  value: StatusFilter;
  onChange: (value: StatusFilter) => void;
  /** From GET /inspections/counts/{id}; undefined while loading. */
  counts: InspectionCounts | undefined;
  /** The Rejected button: staff only (a customer sees the accepted result, spec 2 §6). */
  showRejected: boolean;
}

/** The Inspect tab's filter buttons with their counts (spec 2 §2). */
export function StatusFilterButtons({ value, onChange, counts, showRejected }: StatusFilterButtonsProps) {
  const buttons = showRejected ? BUTTONS : BUTTONS.filter((b) => b.value !== 'rejected');
  return (
    <Group gap="xs" role="group" aria-label="Filter inspections by status">
      {buttons.map((b) => {
        const active = b.value === value;
        return (
          <Button
            key={b.value}
            variant={active ? 'filled' : 'default'}
            size="sm"
            aria-pressed={active}
            onClick={() => onChange(b.value)}
            rightSection={
              <Badge
                size="sm"
                variant={active ? 'white' : 'light'}
                color={active ? 'blue' : 'gray'}
                data-testid={`count-${b.value}`}
              >
                {counts ? formatCount(counts[b.count] ?? 0) : '…'}
              </Badge>
            }
          >
            {b.label}
          </Button>
        );
      })}
    </Group>
  );
}
