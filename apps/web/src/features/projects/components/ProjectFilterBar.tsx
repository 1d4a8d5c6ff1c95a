import { PROJECT_FILTERS, type ProjectFilter } from '@linewalker/domain';
import { Button, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

interface ProjectFilterBarProps {
  filter: ProjectFilter;
  onFilter: (filter: ProjectFilter) => void;
  search: string;
  onSearch: (search: string) => void;
}

/** The filter buttons All, In Progress, Complete, Late, Archived (spec 1 §2) and a name search. */
export function ProjectFilterBar({ filter, onFilter, search, onSearch }: ProjectFilterBarProps) {
  return (
    <Group justify="space-between" mb="sm" gap="sm">
      <Button.Group aria-label="Filter projects">
        {PROJECT_FILTERS.map((f) => (
          <Button
            key={f}
            variant={f === filter ? 'filled' : 'default'}
            aria-pressed={f === filter}
            onClick={() => onFilter(f)}
            size="sm"
          >
            {f}
          </Button>
        ))}
      </Button.Group>
      <TextInput
        placeholder="Search by name"
        aria-label="Search projects by name"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        w={{ base: '100%', sm: 260 }}
      />
    </Group>
  );
}
