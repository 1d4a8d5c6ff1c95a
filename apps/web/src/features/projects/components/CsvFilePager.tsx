import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

interface CsvFilePagerProps {
  index: number;
  count: number;
  name: string;
  valid: boolean;
  checking: boolean;
  onChange: (index: number) => void;
}

/** Previous / next arrows over the files, with the current file's name (spec 1 §2). */
export function CsvFilePager({ index, count, name, valid, checking, onChange }: CsvFilePagerProps) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <ActionIcon
        variant="default"
        size="lg"
        onClick={() => onChange(index - 1)}
        disabled={index <= 0}
        aria-label="Previous file"
      >
        <IconChevronLeft size={18} />
      </ActionIcon>
      <Group gap="xs" justify="center" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        <Text fw={600} truncate="end" data-testid="csv-file-name">
          {name}
        </Text>
        <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
          ({index + 1} of {count})
        </Text>
        <Badge color={valid ? 'teal' : checking ? 'blue' : 'red'} variant="light" style={{ flexShrink: 0 }}>
          {valid ? 'Ready' : checking ? 'Checking' : 'Needs attention'}
        </Badge>
      </Group>
      <ActionIcon
        variant="default"
        size="lg"
        onClick={() => onChange(index + 1)}
        disabled={index >= count - 1}
        aria-label="Next file"
      >
        <IconChevronRight size={18} />
      </ActionIcon>
    </Group>
  );
}
