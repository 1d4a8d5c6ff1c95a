import { can } from '@linewalker/domain';
import { Button, Group, MultiSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { formatCount } from '../../../lib/format.ts';
import { useProjectFilters } from '../../../lib/projectFilters.ts';
import { useProjectLines } from '../../../lib/projectLines.ts';
import { useProjectStats } from '../../../lib/projectStats.ts';
import { useSession } from '../../../lib/session.ts';
import { useUploadStats } from '../../../lib/uploadStats.ts';

/** Search debounce (spec 2 §9). */
const SEARCH_DEBOUNCE_MS = 1000;

function Tile({ label, count }: { label: string; count: number | undefined }) {
  return (
    <Paper withBorder px="sm" py={6} radius="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" fw={600} truncate="end">
        {label}
      </Text>
      <Text fz={20} fw={700} lh={1.3} data-testid="header-tile-count">
        {count === undefined ? '–' : formatCount(count)}
      </Text>
    </Paper>
  );
}

/**
 * The header above every project sub-page (spec 2 §2 'Project page'): the Lines filter ('All Lines'
 * when none is chosen), the structure/line search (applied 1 s after typing stops) with Clear, and the
 * five tiles. The filters live in the URL, where each sub-page reads them (`useProjectFilters`).
 */
export function ProjectHeader({ projectId }: { projectId: number }) {
  const { filters, setLineIds, setQuery, clear } = useProjectFilters();
  const lines = useProjectLines(projectId);
  const upload = useUploadStats(projectId);
  const counts = useProjectStats(projectId);
  const [text, setText] = useState(filters.q);
  const applyQuery = useDebouncedCallback(setQuery, SEARCH_DEBOUNCE_MS);

  // The URL is the truth: Back/Forward or Clear elsewhere bring the box along.
  useEffect(() => setText(filters.q), [filters.q]);

  const stats = upload.data;
  const fallback = counts.data;
  // Unassigned photos are the inspection company's quality work: no tile for a customer (spec 2 §6).
  const session = useSession().data;
  const seesQuality = session ? can(session, 'image.quality.read') : false;
  const tiles = [
    { label: 'Images Total', count: stats?.img_count ?? fallback?.img_count },
    ...(seesQuality
      ? [{ label: 'Unassigned Images', count: stats?.unassigned_img_count ?? fallback?.unassigned_img_count }]
      : []),
    { label: 'KMZ Structures', count: stats?.kmz_struct_count ?? fallback?.kmz_struct_count },
    { label: 'Nadir Structures', count: stats?.nadir_struct_count ?? fallback?.nadir_struct_count },
    { label: 'Manual Structures', count: stats?.manual_struct_count ?? fallback?.manual_struct_count },
  ];
  const lineOptions = (lines.data ?? []).map((line) => ({ value: String(line.id), label: line.line_name }));
  const filtered = filters.lineIds.length > 0 || filters.q !== '' || text !== '';

  return (
    <Stack gap="sm" mb="md" data-testid="project-header">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <MultiSelect
          aria-label="Lines"
          placeholder={filters.lineIds.length ? undefined : 'All Lines'}
          data={lineOptions}
          value={filters.lineIds.map(String)}
          onChange={(ids) => setLineIds(ids.map(Number))}
          searchable
          clearable
          limit={200}
          maxDropdownHeight={224}
          nothingFoundMessage="No line matches"
          w={{ base: '100%', sm: 280 }}
        />
        <TextInput
          aria-label="Search structures"
          placeholder="Structure Name/Line"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            applyQuery(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') setQuery(event.currentTarget.value);
          }}
          w={{ base: '100%', sm: 260 }}
        />
        <Button
          variant="default"
          leftSection={<IconX size={16} />}
          disabled={!filtered}
          onClick={() => {
            applyQuery.cancel?.();
            setText('');
            clear();
          }}
        >
          Clear
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, xs: 3, md: tiles.length }} spacing="xs">
        {tiles.map((tile) => (
          <Tile key={tile.label} {...tile} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
