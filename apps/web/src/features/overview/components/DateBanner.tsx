import { formatIsoDate, type ProjectDetail } from '@linewalker/domain';
import { Group, Paper, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';

/** The date range banner (spec 2 §2 'Overview': start to due, YYYY-MM-DD) with the project's state. */
export function DateBanner({ project }: { project: ProjectDetail }) {
  return (
    <Paper withBorder px="md" py="xs" radius="md" bg="var(--mantine-color-blue-light)">
      <Group gap="sm" wrap="wrap">
        <IconCalendarEvent size={20} aria-hidden />
        <Text fw={600} data-testid="project-dates">
          {formatIsoDate(project.start_date)} → {formatIsoDate(project.due_date)}
        </Text>
        <Text c="dimmed" size="sm">
          {project.state}
          {project.archived_date ? ' · Archived' : ''} · {project.ptype_name}
          {project.closest_city ? ` · ${project.closest_city}` : ''}
        </Text>
      </Group>
    </Paper>
  );
}
