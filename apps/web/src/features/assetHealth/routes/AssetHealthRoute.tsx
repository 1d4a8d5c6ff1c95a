import { type AssetState, isStaff, type TransmissionStructure } from '@linewalker/domain';
import { Box, Group, Paper, SegmentedControl, Select, Stack, Tabs, Text } from '@mantine/core';
import { type ComponentType, useMemo, useState } from 'react';
import { AssetsNav } from '../../../components/AssetsNav.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { useSession } from '../../../lib/session.ts';
import { INITIAL_ASSET_PARAMS, useAssetMap, useAssetTable, useCompanies } from '../api/getAssetHealth.ts';
import { AssetHealthMap } from '../components/AssetHealthMap.tsx';
import { AssetHistoryPanel } from '../components/AssetHistoryPanel.tsx';
import { AssetStructuresTable } from '../components/AssetStructuresTable.tsx';
import { LegendBar } from '../components/LegendBar.tsx';
import { SummaryCounts } from '../components/SummaryCounts.tsx';
import { ASSET_CLASSES, STATE_OPTIONS } from '../model/assetStates.ts';

/** The sensors area's Sensor Data modal, handed in by the app (features do not import each other). */
export interface SensorModalProps {
  deviceId: string | null;
  title?: string;
  onClose: () => void;
}

/**
 * Asset Health (spec 3 §2): Transmission structures' health from their newest completed inspection, with
 * the summary, the state filter, the map, the legend, the table, the Sensor Data modal and each structure's
 * inspection history across projects.
 */
export function AssetHealthRoute({ SensorModal }: { SensorModal: ComponentType<SensorModalProps> }) {
  const session = useSession().data;
  const staff = session ? isStaff(session) : false;
  const [filter, setFilter] = useState<AssetState>(INITIAL_ASSET_PARAMS.filter);
  const [companyId, setCompanyId] = useState<number | null>(INITIAL_ASSET_PARAMS.companyId);
  const [selected, setSelected] = useState<number | null>(null);
  const [sensor, setSensor] = useState<{ deviceId: string; title: string } | null>(null);
  const params = { filter, companyId };
  const table = useAssetTable(params);
  const mapData = useAssetMap(params);
  const companies = useCompanies(staff);
  const rows = useMemo(() => table.data?.pages.flatMap((p) => p.structures) ?? [], [table.data]);
  const summary = table.data?.pages[0]?.summary ?? mapData.data?.summary;
  const openSensor = (row: TransmissionStructure) =>
    row.device_id && setSensor({ deviceId: row.device_id, title: `${row.line_name} ${row.struct_num}` });

  return (
    <Stack gap="md" p="md" data-testid="asset-health-page">
      <AssetsNav />
      <PageHeader
        title="Asset Health"
        actions={
          staff ? (
            <Select
              label="Company"
              placeholder="All companies"
              clearable
              searchable
              w={260}
              data={(companies.data ?? []).map((c) => ({ value: String(c.id), label: c.company_name }))}
              value={companyId === null ? null : String(companyId)}
              onChange={(v) => setCompanyId(v === null ? null : Number(v))}
            />
          ) : null
        }
      />
      <Tabs value="Transmission" aria-label="Asset class">
        <Tabs.List>
          {ASSET_CLASSES.map((name) => (
            <Tabs.Tab key={name} value={name} disabled={name !== 'Transmission'}>
              {name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {table.isError && <QueryError error={table.error} onRetry={() => table.refetch()} />}
      <SummaryCounts summary={summary} />
      <Group gap="sm">
        <Text fw={600} id="asset-state-label">
          Structure state
        </Text>
        <SegmentedControl
          aria-labelledby="asset-state-label"
          data={STATE_OPTIONS}
          value={filter}
          onChange={(v) => setFilter(v as AssetState)}
        />
      </Group>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        {/* The map is made as soon as it knows where to start (the worst structure: the table's first row):
            its style loads while the map's structures are still on their way. */}
        {mapData.data || table.data ? (
          <AssetHealthMap
            rows={mapData.data?.structures ?? null}
            start={mapData.data?.structures[0] ?? rows[0] ?? null}
            selected={selected}
            onSelect={setSelected}
          />
        ) : (
          <Box h={550} />
        )}
      </Paper>
      <LegendBar />
      {summary && summary.total === 0 && (
        <Text c="dimmed" data-testid="asset-empty">
          No transmission structures yet: they appear here once a transmission project is imported.
        </Text>
      )}
      <AssetStructuresTable
        rows={rows}
        loading={table.isFetching}
        hasMore={table.hasNextPage}
        onLoadMore={() => table.fetchNextPage()}
        onOpen={setSelected}
        onSensor={openSensor}
      />
      <AssetHistoryPanel
        assetId={selected}
        onClose={() => setSelected(null)}
        onSensor={(deviceId, title) => setSensor({ deviceId, title })}
      />
      <SensorModal
        deviceId={sensor?.deviceId ?? null}
        title={sensor ? `Sensor Data — ${sensor.title}` : 'Sensor Data'}
        onClose={() => setSensor(null)}
      />
    </Stack>
  );
}
