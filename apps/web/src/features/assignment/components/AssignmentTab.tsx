import { ASSIGNMENT_MAP, can, type ProjectDetail } from '@linewalker/domain';
import { Box, Center, Loader, Paper, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { QueryError } from '../../../components/QueryError.tsx';
import { remToPx, SplitPane } from '../../../components/SplitPane.tsx';
import { basemapsOf, useClientConfig } from '../../../lib/clientConfig.ts';
import { downloadText } from '../../../lib/csv.ts';
import { useProjectLines } from '../../../lib/projectLines.ts';
import { useProjectStats } from '../../../lib/projectStats.ts';
import { useSession } from '../../../lib/session.ts';
import { useAssignment } from '../api/getAssignment.ts';
import { buildAssignmentModel } from '../model/assignmentModel.ts';
import { filterStructures, maskOf, type StructureFilter } from '../model/filterStructures.ts';
import { structuresCsv, structuresCsvName } from '../model/structuresCsv.ts';
import { CrewSidebar } from './crew/CrewSidebar.tsx';
import { AssignmentFilters } from './filters/AssignmentFilters.tsx';
import { AssignmentMap } from './map/AssignmentMap.tsx';
import { SelectionFlow } from './selection/SelectionFlow.tsx';
import { StatGroups } from './stats/StatGroups.tsx';
import { StructureTable } from './table/StructureTable.tsx';

const NO_FILTER: StructureFilter = { lineIds: [], crews: [] };

/**
 * The project's 'assignment' sub-page (spec 1 §2 'Crew assignment'): stats, filters, a map and a
 * structure table split by a draggable divider, and the Crew sidebar. Roles that may not create
 * see everything read-only.
 */
export default function AssignmentTab({
  project,
}: {
  project: Pick<ProjectDetail, 'id' | 'project_name' | 'company_id'>;
}) {
  const projectId = project.id;
  const session = useSession();
  const canEdit = session.data
    ? can(session.data, 'assignment.edit', { kind: 'Project', companyId: project.company_id })
    : false;

  // The config first: the map waits for it, and it is tiny next to the structures.
  const config = useClientConfig();
  const assignment = useAssignment(projectId);
  // The overview's query (one cache entry): a crew change refreshes it for both pages.
  const counts = useProjectStats(projectId);
  const lines = useProjectLines(projectId);

  const [filter, setFilter] = useState<StructureFilter>(NO_FILTER);
  const [selected, setSelected] = useState<Uint32Array | null>(null);
  const [crewMinimized, { toggle: toggleCrew }] = useDisclosure(false);

  const model = useMemo(
    () => (assignment.data ? buildAssignmentModel(assignment.data) : null),
    [assignment.data],
  );
  // Filtering 50k structures is quick, but deferring keeps the multi-selects responsive while it runs.
  const deferredFilter = useDeferredValue(filter);
  const visible = useMemo(
    () => (model ? filterStructures(model, deferredFilter) : new Uint32Array(0)),
    [model, deferredFilter],
  );
  const visibleMask = useMemo(() => maskOf(visible, model?.count ?? 0), [visible, model]);
  const selectedMask = useMemo(
    () => (selected && model ? maskOf(selected, model.count) : null),
    [selected, model],
  );

  const onSelect = useCallback((indices: Uint32Array) => {
    if (indices.length > 0) setSelected(indices);
  }, []);
  const clearSelection = useCallback(() => setSelected(null), []);

  if (assignment.isError) return <QueryError error={assignment.error} onRetry={() => assignment.refetch()} />;

  return (
    <Stack gap="sm">
      <StatGroups counts={counts.data} loading={counts.isPending} />
      <AssignmentFilters
        lines={lines.data ?? []}
        linesLoading={lines.isPending}
        crew={model?.crew ?? []}
        filter={filter}
        onFilter={setFilter}
        shownCount={visible.length}
        onDownload={() =>
          model && downloadText(structuresCsvName(project.project_name), structuresCsv(model, visible))
        }
      />
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Box style={{ display: 'flex', height: 'max(560px, calc(100dvh - 330px))' }}>
          <Box style={{ flex: 1, minWidth: 0 }}>
            {/* The map starts while the structures are still loading: its style and first frame overlap the fetch. */}
            <SplitPane
              label="Resize the map and the structure table"
              initialBottomPx={remToPx(ASSIGNMENT_MAP.initialSplitHeight)}
              minTopPx={96}
              minBottomPx={96}
              top={
                <AssignmentMap
                  model={model}
                  visible={visible}
                  visibleMask={visibleMask}
                  selected={selected}
                  basemaps={basemapsOf(config)}
                  canEdit={canEdit}
                  onSelect={onSelect}
                  projectId={projectId}
                />
              }
              bottom={
                model ? (
                  <StructureTable model={model} rows={visible} selectedMask={selectedMask} />
                ) : (
                  <Center h="100%">
                    <Loader size="sm" aria-label="Loading structures" />
                  </Center>
                )
              }
            />
          </Box>
          <Box style={{ borderLeft: '1px solid var(--mantine-color-gray-3)', flex: 'none' }}>
            <CrewSidebar
              projectId={projectId}
              crew={model?.crew ?? []}
              availableUsers={assignment.data?.availableUsers ?? []}
              canEdit={canEdit}
              minimized={crewMinimized}
              onToggle={toggleCrew}
            />
          </Box>
        </Box>
      </Paper>
      {model && canEdit && (
        <SelectionFlow projectId={projectId} model={model} selected={selected} onDone={clearSelection} />
      )}
    </Stack>
  );
}
