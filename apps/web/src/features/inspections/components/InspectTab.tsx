import { can, type InspectionRow, type ProjectDetail } from '@linewalker/domain';
import { Button, Center, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconClipboardList, IconFilterOff } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { formatCount } from '../../../lib/format.ts';
import { useProjectFilters } from '../../../lib/projectFilters.ts';
import { useProjectLines } from '../../../lib/projectLines.ts';
import { useSession } from '../../../lib/session.ts';
import { useInspectionExport } from '../hooks/useInspectionExport.ts';
import { useInspectionTable } from '../hooks/useInspectionTable.ts';
import { useLinkedInspection } from '../hooks/useLinkedInspection.ts';
import { type ColumnId, inspectionColumns } from '../model/columns.ts';
import { activeColumnFilterCount, NO_FILTERS } from '../model/filterViews.ts';
import type { InspectionView } from '../model/inspectionView.ts';
import { nextSort } from '../model/sortViews.ts';
import { CompleteInspectionModal } from './complete/CompleteInspectionModal.tsx';
import { InspectionTable } from './InspectionTable.tsx';
import { InspectionToolbar } from './InspectionToolbar.tsx';
import { StatusFilterButtons } from './StatusFilterButtons.tsx';

/**
 * The project's Inspect sub-page (spec 1 §2 'Inspection list', spec 2 §2 'Inspect'): filter buttons with
 * counts, search, column filters, the sortable table and CSV export of the selected rows. The server
 * filters, sorts and pages the list; the table loads the pages in view as it scrolls. A row opens the
 * inspection (?inspectionId=).
 */
export default function InspectTab({
  project,
  onOpenInspection,
}: {
  project: ProjectDetail;
  /** Opens a row somewhere else (the app layer's inspection viewer) instead of the Complete Inspection dialog. */
  onOpenInspection?: (row: InspectionRow) => void;
}) {
  // The project header's Lines and search narrow the list (spec 2 §2: the filters apply to the sub-page).
  const { filters: header } = useProjectFilters();
  const table = useInspectionTable(project.id, header);
  const lines = useProjectLines(project.id);
  const [showFilters, setShowFilters] = useState(false);
  const session = useSession().data;
  // Staff see the internal quality work (Reject Count, the Rejected button); a customer the accepted result.
  const staff = session ? can(session, 'image.quality.read') : false;
  // Reviewers see where an AI model found something not reviewed yet (issue 22); customers never do.
  const ai = session ? can(session, 'ai.read') : false;
  const columns = useMemo(
    () => inspectionColumns(project.inspection_type, staff, ai),
    [project.inspection_type, staff, ai],
  );
  const exporter = useInspectionExport(project.id, columns, table.params, table.selection.selection);

  const { rows } = table.window;
  const loaded = useCallback((id: number) => rows.find((v) => v?.id === id)?.row, [rows]);
  // With a viewer composed in, the viewer answers ?inspectionId= links, not this dialog.
  const dialog = useLinkedInspection(project.id, loaded, onOpenInspection === undefined);

  const { open } = dialog;
  const onOpen = useCallback(
    (view: InspectionView) => (onOpenInspection ? onOpenInspection(view.row) : open(view.row)),
    [open, onOpenInspection],
  );
  const { setSort } = table;
  const onSort = useCallback((column: ColumnId) => setSort((s) => nextSort(s, column)), [setSort]);

  if (table.countsError) {
    return <QueryError error={table.countsError} onRetry={() => void table.retryCounts()} />;
  }

  const activeColumnFilters = activeColumnFilterCount(table.filters);
  const filtersInUse = activeColumnFilters > 0 || table.filters.search.trim() !== '' || table.filters.aiOpen;
  const noMatches = (
    <EmptyState icon={<IconFilterOff size={24} />} title="No inspections match">
      <Stack align="center" gap="xs">
        <span>Nothing in this view matches the filters and search.</span>
        {filtersInUse && (
          <Button
            size="xs"
            variant="light"
            onClick={() => table.updateFilters({ ...NO_FILTERS, status: table.filters.status })}
          >
            Clear filters and search
          </Button>
        )}
      </Stack>
    </EmptyState>
  );
  const selectedCount = table.selection.count;

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <StatusFilterButtons
          value={table.filters.status}
          onChange={(status) => table.updateFilters({ status })}
          counts={table.counts}
          showRejected={staff}
        />
        <InspectionToolbar
          search={table.filters.search}
          onSearchChange={(search) => table.updateFilters({ search })}
          showFilters={showFilters}
          onToggleFilters={() => setShowFilters((s) => !s)}
          activeColumnFilters={activeColumnFilters}
          selectedCount={selectedCount}
          exporting={exporter.isPending}
          onExport={exporter.run}
          onClearSelection={table.selection.clear}
          aiOpen={
            ai
              ? {
                  on: table.filters.aiOpen,
                  onToggle: () => table.updateFilters({ aiOpen: !table.filters.aiOpen }),
                }
              : undefined
          }
        />
      </Group>
      {exporter.error && (
        <Text size="sm" c="red" role="alert">
          The export failed. Try again.
        </Text>
      )}
      {table.window.error && <QueryError error={table.window.error} onRetry={table.window.retry} />}

      {table.countsPending ? (
        <Center h={320}>
          <Stack align="center" gap="xs">
            <Loader />
            <Text c="dimmed" size="sm">
              Loading inspections…
            </Text>
          </Stack>
        </Center>
      ) : table.projectTotal === 0 ? (
        <EmptyState icon={<IconClipboardList size={24} />} title="No inspections yet">
          Every structure of the project gets an inspection when the structures are imported.
        </EmptyState>
      ) : (
        <>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" aria-live="polite">
              Showing {formatCount(table.total)} of {formatCount(table.projectTotal ?? table.total)}{' '}
              inspections
              {selectedCount > 0 ? ` · ${formatCount(selectedCount)} selected` : ''}
            </Text>
            {table.window.loading && (
              <Text size="xs" c="dimmed">
                Loading rows…
              </Text>
            )}
          </Group>
          <Progress
            value={100}
            size={3}
            animated
            striped
            // Keeps its place, so rows never jump when loading starts or ends.
            style={{ visibility: table.window.loading ? 'visible' : 'hidden' }}
            role="progressbar"
            aria-label="Loading inspections"
            aria-hidden={!table.window.loading}
            data-testid="inspection-loading"
          />
          <InspectionTable
            columns={columns}
            views={rows}
            onRangeChange={table.window.onRangeChange}
            sort={table.sort}
            onSort={onSort}
            selection={table.selection}
            onOpen={onOpen}
            showFilters={showFilters}
            filters={table.filters}
            onFiltersChange={table.updateFilters}
            lines={lines.data ?? []}
            empty={noMatches}
            resetKey={table.resetKey}
          />
        </>
      )}

      <CompleteInspectionModal project={project} row={dialog.openRow} onClose={dialog.close} />
    </Stack>
  );
}
