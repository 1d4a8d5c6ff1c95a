import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';

export interface SortableThProps {
  label: string;
  /** This column's sort direction, or null when the table is sorted by another column. */
  direction: 'asc' | 'desc' | null;
  onSort: () => void;
  width?: number;
  align?: 'right';
}

/**
 * A Mantine table header cell that sorts its column: the label is a button, the icon shows the direction
 * and aria-sort tells screen readers. (The virtualised DataTable draws its own header.)
 */
export function SortableTh({ label, direction, onSort, width, align }: SortableThProps) {
  const Icon = direction === null ? IconSelector : direction === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th
      w={width}
      aria-sort={direction === null ? 'none' : direction === 'asc' ? 'ascending' : 'descending'}
      style={{ whiteSpace: 'nowrap' }}
    >
      <UnstyledButton onClick={onSort} w="100%">
        <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : 'flex-start'}>
          <Text fw={600} size="sm">
            {label}
          </Text>
          <Icon size={14} aria-hidden style={{ flex: 'none' }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
