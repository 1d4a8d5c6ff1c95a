import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatCount } from '../../../lib/format.ts';

export interface ProjectFlags {
  active: boolean;
  starting_next_week: boolean;
  late: boolean;
  early: boolean;
  on_schedule: boolean;
}

const TILES: { key: keyof ProjectFlags; label: string; color: string }[] = [
  { key: 'active', label: 'Active', color: 'blue' },
  { key: 'starting_next_week', label: 'Starting Next Week', color: 'grape' },
  { key: 'late', label: 'Late', color: 'red' },
  { key: 'early', label: 'Early', color: 'teal' },
  { key: 'on_schedule', label: 'On Schedule', color: 'green' },
];

/** The five stat tiles of All Projects, each counting projects by the server's flag (spec 1 §2). */
export function ProjectStatTiles({ projects }: { projects: readonly ProjectFlags[] }) {
  const counts = { active: 0, starting_next_week: 0, late: 0, early: 0, on_schedule: 0 };
  for (const p of projects) for (const t of TILES) if (p[t.key]) counts[t.key]++;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm" mb="md">
      {TILES.map((t) => (
        <Paper
          key={t.key}
          withBorder
          p="sm"
          radius="md"
          style={{ borderTop: `3px solid var(--mantine-color-${t.color}-6)` }}
          aria-label={`${t.label}: ${counts[t.key]}`}
          role="group"
        >
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t.label}
          </Text>
          <Text fz={28} fw={700} lh={1.2} data-testid={`stat-${t.key}`}>
            {formatCount(counts[t.key])}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
