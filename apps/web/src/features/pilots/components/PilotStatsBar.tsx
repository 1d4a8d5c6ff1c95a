import type { PilotStats } from '@linewalker/domain';
import { Paper, SimpleGrid, Text } from '@mantine/core';

const TILES: Array<{ key: keyof PilotStats; label: string }> = [
  { key: 'active', label: 'Active' },
  { key: 'on_assignment', label: 'On Assignment' },
  { key: 'available', label: 'Available' },
  { key: 'training', label: 'Training' },
  { key: 'on_vacation', label: 'On Vacation' },
];

/** Spec 2 §3 'Pilot stats' as tiles. */
export function PilotStatsBar({ stats }: { stats: PilotStats | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" aria-label="Pilot stats">
      {TILES.map((t) => (
        <Paper key={t.key} withBorder p="sm" radius="md" data-testid={`pilot-stat-${t.key}`}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t.label}
          </Text>
          <Text size="xl" fw={700}>
            {stats ? stats[t.key] : '—'}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
