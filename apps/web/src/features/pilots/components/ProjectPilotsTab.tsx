import { PILOT_MESSAGES, PILOTS_MAP, type ProjectDetail, type ProjectPilotItem } from '@linewalker/domain';
import { Anchor, Box, Button, Center, Group, Loader, Modal, Paper, Text, TextInput } from '@mantine/core';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { nextSort, sortRows } from '../../../components/DataTable/sorting.ts';
import type { SortState } from '../../../components/DataTable/types.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { SplitPane } from '../../../components/SplitPane.tsx';
import { paths } from '../../../config/paths.ts';
import { useProjectPilots } from '../api/getProjectPilots.ts';
import { useSchedulePilot } from '../api/schedulePilot.ts';
import { matchesPilotSearch, pilotName } from '../model/pilotView.ts';
import { PilotsMap } from './PilotsMap.tsx';
import {
  type ProjectPilotColumnId,
  ProjectPilotsTable,
  projectPilotSortValue,
} from './ProjectPilotsTable.tsx';

/** The project's Pilots sub-page (spec 2 §2): pilots map above a resizable table, assign and ask by text. */
export default function ProjectPilotsTab({ project }: { project: ProjectDetail }) {
  const pilots = useProjectPilots(project.id);
  const schedule = useSchedulePilot(project.id);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState<ProjectPilotColumnId> | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  /** The spec's popup for a failed call (spec 2 §8). */
  const [popup, setPopup] = useState<string | null>(null);

  const rows = useMemo(() => {
    const found = (pilots.data?.items ?? []).filter((p) => matchesPilotSearch(p, search));
    return sort ? sortRows(found, sort.direction, (p) => projectPilotSortValue(p, sort.column)) : found;
  }, [pilots.data, search, sort]);
  const mapPilots = useMemo(
    () =>
      rows.map((p) => ({
        userId: p.user_id,
        name: pilotName(p),
        latitude: p.latitude,
        longitude: p.longitude,
        tone: p.assigned ? 'assigned' : p.availability,
      })),
    [rows],
  );

  const run = async (pilot: ProjectPilotItem, action: 'assign' | 'unassign' | 'checkAvailability') => {
    setBusy(pilot.user_id);
    try {
      await schedule.mutateAsync({ action, userId: pilot.user_id });
    } catch (err) {
      console.warn(`Pilot ${action} failed:`, err);
      setPopup(
        action === 'checkAvailability'
          ? PILOT_MESSAGES.smsFailed(pilot.phone ?? '')
          : PILOT_MESSAGES.assignFailed,
      );
    } finally {
      setBusy(null);
    }
  };

  if (pilots.isError) return <QueryError error={pilots.error} onRetry={() => pilots.refetch()} />;
  if (!pilots.data) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading pilots" />
      </Center>
    );
  }
  const data = pilots.data;
  const empty =
    data.items.length === 0 ? (
      <EmptyState icon={<IconUsers size={24} />} title="No pilots yet">
        Pilots appear here once they are added in the pilot directory.
      </EmptyState>
    ) : (
      <EmptyState icon={<IconSearch size={24} />} title="No pilot matches">
        No name, availability or home base contains “{search.trim()}”.
      </EmptyState>
    );

  return (
    <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
      <Modal opened={popup !== null} onClose={() => setPopup(null)} title="Error" centered>
        <Text size="sm">{popup}</Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => setPopup(null)}>Ok</Button>
        </Group>
      </Modal>
      <Group justify="space-between" p="sm" gap="sm">
        <TextInput
          placeholder="Search by name, availability or home base"
          aria-label="Search pilots"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={360}
        />
        <Group gap="md">
          <Text size="sm" c="dimmed">
            {data.items.filter((p) => p.assigned).length} assigned · distances from the project centre
          </Text>
          <Anchor component={Link} to={paths.pilots.getHref()} size="sm">
            Pilot directory
          </Anchor>
        </Group>
      </Group>
      <Box style={{ height: 'max(560px, calc(100dvh - 330px))' }}>
        <SplitPane
          label="Resize map and pilot table"
          minTopPx={PILOTS_MAP.minMapHeight}
          minBottomPx={PILOTS_MAP.minTableHeight}
          initialBottomPx={300}
          top={
            <PilotsMap
              pilots={mapPilots}
              selectedUserId={selected}
              onSelect={setSelected}
              centre={{ lat: data.project_center_lat, lon: data.project_center_lon }}
              label="Map of pilots and the project"
            />
          }
          bottom={
            <ProjectPilotsTable
              rows={rows}
              sort={sort}
              onSort={(column) => setSort((current) => nextSort(current, column))}
              selectedUserId={selected}
              onOpen={(p) => setSelected(p.user_id)}
              actions={{
                busyUserId: busy,
                onAssign: (p) => run(p, p.assigned ? 'unassign' : 'assign'),
                onCheck: (p) => run(p, 'checkAvailability'),
              }}
              empty={empty}
            />
          }
        />
      </Box>
    </Paper>
  );
}
