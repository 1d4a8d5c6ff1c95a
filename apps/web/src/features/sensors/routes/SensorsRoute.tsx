import type { SensorRange } from '@linewalker/domain';
import { Box, Button, Center, Group, Loader, Select, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { AssetsNav } from '../../../components/AssetsNav.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { INITIAL_SENSOR_RANGE, useSensorData } from '../api/getSensorData.ts';
import { EditAlertsDialog } from '../components/EditAlertsDialog.tsx';
import { SensorDetailCard } from '../components/SensorDetailCard.tsx';
import { SensorsTable } from '../components/SensorsTable.tsx';
import { SENSOR_MAP } from '../model/sensorMap.ts';
import { filterSensors, type SensorSort, sortSensors, toggleSort } from '../model/sensorView.ts';

// The map (MapLibre, ~300 KB) is not needed for the rows: its module loads beside them, asked for as soon
// as this page's code runs, and the table does not wait for it to be fetched and evaluated.
const loadSensorsMap = () => import('../components/SensorsMap.tsx').then((m) => ({ default: m.SensorsMap }));
const SensorsMap = lazy(loadSensorsMap);
void loadSensorsMap();

const RISKS = [
  { value: '-1', label: 'All' },
  { value: '1', label: '1' },
  { value: '2', label: '2' },
  { value: '3', label: '3' },
];

/**
 * The Sensors page (/sensor, spec 3 §2): risk select and search filter the table; the first row is selected
 * at first and the selection is kept by device id across the silent 5-second refreshes (else the first row
 * again); the detail card shows the selected structure's chart over the Date Range.
 */
export function SensorsRoute() {
  const [risk, setRisk] = useState(-1);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SensorSort | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const [range, setRange] = useState<SensorRange>(INITIAL_SENSOR_RANGE);
  const [editing, setEditing] = useState(false);
  const data = useSensorData(picked, range);

  const rows = useMemo(
    () => sortSensors(filterSensors(data.data ?? [], risk, search), sort),
    [data.data, risk, search, sort],
  );
  const selected = rows.find((r) => r.common_sense_device_id === picked) ?? rows[0] ?? null;
  const selectedId = selected?.common_sense_device_id ?? null;
  // The first row becomes the selection (its chart is then asked for).
  if (selectedId !== picked && selectedId !== null) setPicked(selectedId);
  // The table is drawn first; the detail card (its chart) and the map follow in a render of their own that
  // does not hold the rows back (10,000 devices: the map's pins and the chart cost more than the rows).
  const mapRows = useDeferredValue(rows);
  const detail = useDeferredValue(selected);

  let body = (
    <Center py="xl">
      <Loader aria-label="Loading sensors" />
    </Center>
  );
  if (data.isError && !data.data) body = <QueryError error={data.error} onRetry={() => data.refetch()} />;
  else if (data.data) {
    body = (
      <Stack>
        <SensorsTable
          rows={rows}
          selectedId={selectedId}
          sort={sort}
          onSort={(c) => setSort(toggleSort(sort, c))}
          onSelect={setPicked}
        />
        {detail && <SensorDetailCard row={detail} range={range} onRange={setRange} />}
        <Box h={SENSOR_MAP.height}>
          <Suspense fallback={null}>
            <SensorsMap rows={mapRows} selected={detail} onSelect={setPicked} />
          </Suspense>
        </Box>
      </Stack>
    );
  }

  return (
    <Stack p="md" data-testid="sensors-page">
      <AssetsNav />
      <PageHeader title="Sensors" />
      <Group align="flex-end">
        <Select
          label="Risk Rating"
          data={RISKS}
          value={String(risk)}
          onChange={(v) => setRisk(Number(v ?? -1))}
          allowDeselect={false}
          w={140}
        />
        <TextInput
          label="Search"
          placeholder="Search Line or Structure"
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={280}
        />
        <Button variant="default" onClick={() => setEditing(true)}>
          Edit Alerts
        </Button>
      </Group>
      <EditAlertsDialog opened={editing} onClose={() => setEditing(false)} />
      {body}
    </Stack>
  );
}
