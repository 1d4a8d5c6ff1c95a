import {
  canInspect,
  type OverviewRiskKey,
  type OverviewStructure,
  type ProjectDetail,
} from '@linewalker/domain';
import { Box, Grid, Group, Skeleton, Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { QueryError } from '../../../components/QueryError.tsx';
import { paths } from '../../../config/paths.ts';
import { basemapsOf, useClientConfig } from '../../../lib/clientConfig.ts';
import { useProjectFilters } from '../../../lib/projectFilters.ts';
import { useSession } from '../../../lib/session.ts';
import { useFlightPlan } from '../api/flightPlans.ts';
import { useOverviewMap } from '../api/getOverviewMap.ts';
import { useStructure, useStructurePage } from '../api/getStructurePage.ts';
import { DateBanner } from './DateBanner.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { FlightPlanCoverage, FlightPlanStatus, FlightPlanUpload } from './FlightPlanPanels.tsx';
import { type MapFocus, OverviewMap } from './OverviewMap.tsx';
import { ProjectReportButton } from './ProjectReportButton.tsx';
import { ProjectStatsGrid } from './ProjectStatsGrid.tsx';
import { RiskFilterButtons } from './RiskFilterButtons.tsx';
import { RiskStatBar } from './RiskStatBar.tsx';
import { SourceFileChips } from './SourceFileChips.tsx';
import { canOpenInspect, StructureCard } from './StructureCard.tsx';
import { StructuresTable, type TableSort } from './StructuresTable.tsx';

const DEFAULT_SORT: TableSort = { orderBy: 'struct_num', order: 'ASC' };

/**
 * The project's Overview (spec 2 §2): dates, risk filter buttons and stat bar, the map coloured by risk,
 * the structure table, exports, the source files and, for users who can inspect, the flight plans with
 * what their path misses. The header's Lines and search filters apply to all of it.
 */
export default function OverviewTab({ project }: { project: ProjectDetail }) {
  const projectId = project.id;
  const session = useSession();
  const config = useClientConfig();
  const { filters } = useProjectFilters();
  const { projectSlug = '' } = useParams();
  const [risk, setRisk] = useState<OverviewRiskKey | null>(null);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<TableSort>(DEFAULT_SORT);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const [planId, setPlanId] = useState<number | null>(null);

  const inspects = session.data ? canInspect(session.data) : false;
  const map = useOverviewMap(projectId, filters);
  const table = useStructurePage(projectId, { filters, risk, page, ...sort });
  const selected = useStructure(projectId, selectedId);
  const plan = useFlightPlan(projectId, inspects ? planId : null);

  // A new filter starts the table at its first page.
  const filterKey = `${filters.lineIds.join(',')}|${filters.q}|${risk}`;
  useEffect(() => {
    void filterKey;
    setPage(1);
  }, [filterKey]);

  const show = (s: Pick<OverviewStructure, 'structure_id' | 'latitude' | 'longitude'>) => {
    setSelectedId(s.structure_id);
    setFocus((f) => ({ latitude: s.latitude, longitude: s.longitude, seq: (f?.seq ?? 0) + 1 }));
  };
  const pickUncovered = (structureId: number) => {
    const s = plan.data?.uncovered.find((u) => u.structure_id === structureId);
    if (s) show(s);
  };
  const inspectHref = canOpenInspect(session.data?.roleName)
    ? paths.project.getHref(projectSlug, 'inspect')
    : null;

  return (
    <Stack gap="md">
      <DateBanner project={project} />
      <ProjectStatsGrid projectId={projectId} />

      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <RiskFilterButtons
          counts={map.data?.counts}
          total={map.data?.total}
          value={risk}
          onChange={setRisk}
        />
        <Group gap="xs">
          <ProjectReportButton projectId={projectId} />
          <ExportMenu projectId={projectId} filters={filters} risk={risk} />
        </Group>
      </Group>

      {map.isError && <QueryError error={map.error} onRetry={() => map.refetch()} />}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Box h={520} pos="relative">
            <OverviewMap
              data={map.data}
              risk={risk}
              basemaps={basemapsOf(config)}
              selected={selected.data ?? null}
              focus={focus}
              plan={plan.data ?? null}
              onSelect={setSelectedId}
            />
            {selected.data && (
              <Box pos="absolute" bottom={36} left={8} right={56} maw={460} style={{ zIndex: 2 }}>
                <StructureCard
                  structure={selected.data}
                  inspectHref={inspectHref}
                  onClose={() => setSelectedId(null)}
                />
              </Box>
            )}
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          {map.data ? (
            <RiskStatBar counts={map.data.counts} total={map.data.total} />
          ) : (
            <Skeleton h={260} radius="md" />
          )}
        </Grid.Col>
      </Grid>

      <SourceFileChips project={project} />

      {inspects && (
        <Stack gap="sm">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 4 }}>
              <FlightPlanUpload projectId={projectId} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <FlightPlanStatus projectId={projectId} shownId={planId} onShow={setPlanId} />
            </Grid.Col>
          </Grid>
          {plan.isError && <QueryError error={plan.error} onRetry={() => plan.refetch()} />}
          {plan.data && <FlightPlanCoverage plan={plan.data} onPick={pickUncovered} />}
        </Stack>
      )}

      <Stack gap="xs">
        <Title order={2} fz="h4">
          Structures
        </Title>
        {table.isError ? (
          <QueryError error={table.error} onRetry={() => table.refetch()} />
        ) : (
          <StructuresTable
            rows={table.data?.structures ?? []}
            total={table.data?.total ?? 0}
            page={page}
            sort={sort}
            loading={table.isFetching}
            selectedId={selectedId}
            onPage={setPage}
            onSort={(next) => {
              setSort(next);
              setPage(1);
            }}
            onPick={show}
          />
        )}
      </Stack>
    </Stack>
  );
}
