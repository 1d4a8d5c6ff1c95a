import { Group, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { QueryError } from '../../../components/QueryError.tsx';
import { formatCount } from '../../../lib/format.ts';
import { type ProjectStatItem, projectStatGroups } from '../../../lib/projectStatGroups.ts';
import { useProjectStats } from '../../../lib/projectStats.ts';

function Stat({ label, count, pct }: ProjectStatItem) {
  return (
    <Paper withBorder px="sm" py={6} radius="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" fw={600} truncate="end">
        {label}
      </Text>
      <Group gap={6} align="baseline">
        <Text fz={20} fw={700}>
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

/** The project stats (spec 2 §3 'Project stats'): structures, acquired and inspected, with yesterday's. */
export function ProjectStatsGrid({ projectId }: { projectId: number }) {
  const stats = useProjectStats(projectId);
  if (stats.isError) return <QueryError error={stats.error} onRetry={() => stats.refetch()} />;
  if (!stats.data) return <Skeleton h={60} radius="md" />;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 8 }} spacing="xs">
      {projectStatGroups(stats.data)
        .flatMap((group) => group.items)
        .map((item) => (
          <Stat key={item.label} {...item} />
        ))}
    </SimpleGrid>
  );
}
