import { can, type PilotItem } from '@linewalker/domain';
import { Box, Button, Center, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { nextSort, sortRows } from '../../../components/DataTable/sorting.ts';
import type { SortState } from '../../../components/DataTable/types.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { NoAccessPanel } from '../../../components/NoAccessPanel.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { formatCount } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { usePilots } from '../api/getPilots.ts';
import { PilotDialog } from '../components/PilotDialog.tsx';
import { PilotStatsBar } from '../components/PilotStatsBar.tsx';
import { PilotsMap } from '../components/PilotsMap.tsx';
import { type PilotColumnId, PilotsTable, pilotSortValue } from '../components/PilotsTable.tsx';
import { matchesPilotSearch, pilotName } from '../model/pilotView.ts';

type Dialog = { pilot: PilotItem | undefined } | null;

/** The pilot directory (/pilots): map of home bases, stats, searchable table and the pilot form. */
export function PilotsRoute() {
  const session = useSession();
  const mayUse = session.data ? can(session.data, 'pilot.list') : false;
  const pilots = usePilots();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState<PilotColumnId> | null>({ column: 'name', direction: 'asc' });
  const [selected, setSelected] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);

  const rows = useMemo(() => {
    const found = (pilots.data?.items ?? []).filter((p) => matchesPilotSearch(p, search));
    return sort ? sortRows(found, sort.direction, (p) => pilotSortValue(p, sort.column)) : found;
  }, [pilots.data, search, sort]);
  const mapPilots = useMemo(
    () =>
      rows.map((p) => ({
        userId: p.user_id,
        name: pilotName(p),
        latitude: p.latitude,
        longitude: p.longitude,
        tone: p.availability,
      })),
    [rows],
  );

  if (session.data && !mayUse) return <NoAccessPanel />;

  let table = (
    <Center py="xl">
      <Loader aria-label="Loading pilots" />
    </Center>
  );
  if (pilots.isError) table = <QueryError error={pilots.error} onRetry={() => pilots.refetch()} />;
  else if (pilots.data) {
    const empty =
      pilots.data.items.length === 0 ? (
        <EmptyState icon={<IconUsers size={24} />} title="No pilots yet">
          Add the first pilot with + Add A New Pilot.
        </EmptyState>
      ) : (
        <EmptyState icon={<IconSearch size={24} />} title="No pilot matches">
          No name, availability or home base contains “{search.trim()}”.
        </EmptyState>
      );
    table = (
      <>
        <PilotsTable
          rows={rows}
          sort={sort}
          onSort={(column) => setSort((current) => nextSort(current, column))}
          onOpen={(pilot) => setDialog({ pilot })}
          selectedUserId={selected}
          empty={empty}
        />
        <Text size="xs" c="dimmed" mt="xs" aria-live="polite">
          {formatCount(rows.length)} of {formatCount(pilots.data.items.length)} pilots
          {rows.some((p) => p.latitude === null) &&
            ' · pilots whose home base could not be placed are not on the map'}
        </Text>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Pilots"
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ pilot: undefined })}>
            Add A New Pilot
          </Button>
        }
      />
      <Stack gap="md">
        <PilotStatsBar stats={pilots.data?.stats} />
        <Box h={320} style={{ borderRadius: 8, overflow: 'hidden' }}>
          <PilotsMap
            pilots={mapPilots}
            selectedUserId={selected}
            onSelect={setSelected}
            label="Map of pilots by home base"
          />
        </Box>
        <Group>
          <TextInput
            placeholder="Search by name, availability or home base"
            aria-label="Search pilots"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={360}
          />
        </Group>
        {table}
      </Stack>
      {dialog && <PilotDialog pilot={dialog.pilot} onClose={() => setDialog(null)} />}
    </>
  );
}
