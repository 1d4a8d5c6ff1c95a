import {
  formatIsoDate,
  INSPECTION_TYPE_LABELS,
  NO_PHOTO_LIMIT,
  type ProjectDetail,
} from '@linewalker/domain';
import { Group, List, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconFileSpreadsheet } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { QueryError } from '../../../components/QueryError.tsx';
import { formatCount } from '../../../lib/format.ts';
import { type ProjectStatItem, projectStatGroups } from '../../../lib/projectStatGroups.ts';
import { useProjectStats } from '../../../lib/projectStats.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={500}>{children}</Text>
    </Stack>
  );
}

function Stat({ label, count, pct }: ProjectStatItem) {
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Group gap={6} align="baseline">
        <Text fz={24} fw={700}>
          {count === undefined ? '–' : formatCount(count)}
        </Text>
        {pct !== undefined && (
          <Text size="sm" c="dimmed">
            {pct}%
          </Text>
        )}
      </Group>
    </Paper>
  );
}

function ProjectStatsGrid({ projectId }: { projectId: number }) {
  const stats = useProjectStats(projectId);
  if (stats.isError) return <QueryError error={stats.error} onRetry={() => stats.refetch()} />;
  if (!stats.data) return <Skeleton h={150} radius="md" />;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {projectStatGroups(stats.data)
        .flatMap((group) => group.items)
        .map((item) => (
          <Stat key={item.label} {...item} />
        ))}
    </SimpleGrid>
  );
}

/** The overview sub-page: the project's facts, schedule, progress and structure stats. */
export function ProjectOverview({ project }: { project: ProjectDetail }) {
  const photoLimit = project.photo_limit === NO_PHOTO_LIMIT ? 'No Limit' : String(project.photo_limit);
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" bg="var(--mantine-color-blue-light)">
        <Group gap="sm">
          <IconCalendarEvent size={22} aria-hidden />
          <Text fw={600} data-testid="project-dates">
            {formatIsoDate(project.start_date)} → {formatIsoDate(project.due_date)}
          </Text>
          <Text c="dimmed" size="sm">
            {project.state}
            {project.archived_date ? ' · Archived' : ''}
          </Text>
        </Group>
      </Paper>

      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="md">
          <Fact label="Customer">{project.company_name}</Fact>
          <Fact label="Project Type">{project.ptype_name}</Fact>
          <Fact label="Closest City">{project.closest_city || '--'}</Fact>
          <Fact label="Inspection Type">{INSPECTION_TYPE_LABELS[project.inspection_type]}</Fact>
          <Fact label="Photo Limit">{photoLimit}</Fact>
          <Fact label="Pilots">{project.num_pilots}</Fact>
        </SimpleGrid>
        <Stack gap={4} mt="md">
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              Progress
            </Text>
            <Text size="sm">
              {formatCount(project.inspected)} of {formatCount(project.structures)} structures inspected ·{' '}
              {project.progress}%
            </Text>
          </Group>
          <Progress value={project.progress} size="lg" aria-label="Project progress" />
        </Stack>
      </Paper>

      <Stack gap="xs">
        <Title order={2} fz="h4">
          Structures
        </Title>
        <ProjectStatsGrid projectId={project.id} />
      </Stack>

      {project.kmzs.length > 0 && (
        <Stack gap="xs">
          <Title order={2} fz="h4">
            Source files
          </Title>
          <List icon={<IconFileSpreadsheet size={16} />} spacing={4} size="sm">
            {project.kmzs.map((k) => (
              <List.Item key={k.id}>{k.name}</List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Stack>
  );
}
