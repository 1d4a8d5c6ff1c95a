import type { ProjectDetail } from '@linewalker/domain';
import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconClipboardList, IconFilterOff } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { formatCount } from '../../../lib/format.ts';
import { useInspectionCounts } from '../api/getInspectionCounts.ts';
import { useInspections } from '../api/getInspections.ts';
import { downloadInspectionCsv } from '../csv/inspectionCsv.ts';
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
 * counts, search, column filters, the sortable virtualised table and CSV export of the selected rows.
 * A row opens the Complete Inspection dialog; the full-screen inspection viewer replaces that in a
 * later issue.
 */
export default function InspectTab({ project }: { project: ProjectDetail }) {
  const list = useInspections(project.id);
  const counts = useInspectionCounts(project.id);
  const table = useInspectionTable(list.data);
  const [showFilters, setShowFilters] = useState(false);
  const dialog = useLinkedInspection(list.data);
  const columns = useMemo(() => inspectionColumns(project.inspection_type), [project.inspection_type]);

  const { open } = dialog;
  const onOpen = useCallback((view: InspectionView) => open(view.row), [open]);
  const { setSort } = table;
  const onSort = useCallback((column: ColumnId) => setSort((s) => nextSort(s, column)), [setSort]);

  if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} />;

  const activeColumnFilters = activeColumnFilterCount(table.filters);
  const filtersInUse = activeColumnFilters > 0 || table.filters.search.trim() !== '';
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

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <StatusFilterButtons
          value={table.filters.status}
          onChange={(status) => table.updateFilters({ status })}
          counts={counts.data}
        />
        <InspectionToolbar
          search={table.filters.search}
          onSearchChange={(search) => table.updateFilters({ search })}
          showFilters={showFilters}
          onToggleFilters={() => setShowFilters((s) => !s)}
          activeColumnFilters={activeColumnFilters}
          selectedCount={table.selection.selected.size}
          onExport={() => downloadInspectionCsv(columns, table.selectedViews)}
          onClearSelection={table.selection.clear}
        />
      </Group>

      {list.isPending ? (
        <Center h={320}>
          <Stack align="center" gap="xs">
            <Loader />
            <Text c="dimmed" size="sm">
              Loading inspections…
            </Text>
          </Stack>
        </Center>
      ) : table.total === 0 ? (
        <EmptyState icon={<IconClipboardList size={24} />} title="No inspections yet">
          Every structure of the project gets an inspection when the structures are imported.
        </EmptyState>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            Showing {formatCount(table.visible.length)} of {formatCount(table.total)} inspections
            {table.selection.selected.size > 0
              ? ` · ${formatCount(table.selection.selected.size)} selected`
              : ''}
          </Text>
          <InspectionTable
            columns={columns}
            views={table.visible}
            sort={table.sort}
            onSort={onSort}
            selection={table.selection}
            onOpen={onOpen}
            showFilters={showFilters}
            filters={table.filters}
            onFiltersChange={table.updateFilters}
            lineNames={table.lineNames}
            empty={noMatches}
            resetKey={JSON.stringify([table.sort, table.appliedFilters])}
          />
        </>
      )}

      <CompleteInspectionModal project={project} row={dialog.openRow} onClose={dialog.close} />
    </Stack>
  );
}
