import { type ProjectStats, projectStatPercentages } from '@linewalker/domain';
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';

interface Stat {
  label: string;
  count: number | undefined;
  /** Percentage of all structures, as the domain rounds it; none for the total itself. */
  pct?: string;
}

function StatGroup({ title, stats }: { title: string; stats: Stat[] }) {
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
                {stat.count === undefined ? '–' : stat.count.toLocaleString('en-US')}
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
  const pct = projectStatPercentages(counts ?? {});
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <StatGroup
        title="Overall"
        stats={[
          { label: 'Total Structures', count: counts?.total_struct_count },
          { label: 'KMZ/CSV Structures', count: counts?.kmz_struct_count, pct: pct.kmzStructurePct },
          { label: 'Nadir Structures', count: counts?.nadir_struct_count, pct: pct.nadirStucturePct },
          { label: 'Manual Structures', count: counts?.manual_struct_count, pct: pct.manualStructurePct },
        ]}
      />
      <StatGroup
        title="Acquisition"
        stats={[
          { label: 'Total Acquired', count: counts?.acquired_structures, pct: pct.totalAcquiredPct },
          {
            label: 'Acquired Yesterday',
            count: counts?.acquired_structures_yesterday,
            pct: pct.acquiredYesterdayPct,
          },
        ]}
      />
      <StatGroup
        title="Inspected"
        stats={[
          { label: 'Total Inspected', count: counts?.inspected_count, pct: pct.totalInspPct },
          {
            label: 'Inspected Yesterday',
            count: counts?.inspected_count_yesterday,
            pct: pct.totalInspYesterdayPct,
          },
        ]}
      />
    </SimpleGrid>
  );
}
