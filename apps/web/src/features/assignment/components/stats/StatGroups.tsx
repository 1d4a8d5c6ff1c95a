import type { ProjectStats } from '@linewalker/domain';
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatCount } from '../../../../lib/format.ts';
import { type ProjectStatItem, projectStatGroups } from '../../../../lib/projectStatGroups.ts';

function StatGroup({ title, stats }: { title: string; stats: ProjectStatItem[] }) {
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb={6}>
        {title}
      </Title>
      <Stack gap={4}>
        {stats.map((stat) => (
          <Group key={stat.label} justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {stat.label}
            </Text>
            <Group gap={8} wrap="nowrap">
              <Text size="sm" fw={600} data-stat={stat.label} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {stat.count === undefined ? '–' : formatCount(stat.count)}
              </Text>
              {stat.pct !== undefined && (
                <Text size="xs" c="dimmed" w={52} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {stat.pct}%
                </Text>
              )}
            </Group>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** Overall, Acquisition and Inspected (spec 1 §2), each count with its share of all structures. */
export function StatGroups({ counts, loading }: { counts: ProjectStats | undefined; loading: boolean }) {
  if (loading) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {[0, 1, 2].map((k) => (
          <Skeleton key={k} h={122} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      {projectStatGroups(counts).map((group) => (
        <StatGroup key={group.title} title={group.title} stats={group.items} />
      ))}
    </SimpleGrid>
  );
}
