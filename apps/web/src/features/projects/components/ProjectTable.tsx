import { formatUsDate, type ProjectListItem } from '@linewalker/domain';
import { Badge, Group, Progress, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useRef } from 'react';
import { SortableTh } from '../../../components/SortableTh.tsx';
import { formatCount } from '../../../lib/format.ts';
import { importLabel } from './importProgress.ts';
import type { ProjectSort, ProjectSortKey, SortableProject } from './projectSort.ts';

export interface ProjectTableRow extends SortableProject {
  archived_date: string | null;
  importing: ProjectListItem['importing'];
  open_bid: boolean;
}

interface ProjectTableProps<P extends ProjectTableRow> {
  projects: readonly P[];
  sort: ProjectSort;
  onSort: (key: ProjectSortKey) => void;
  onOpen: (project: P) => void;
  /** The row action menu, for roles that may create (spec 1 §2); absent otherwise. */
  renderMenu?: (project: P) => ReactNode;
}

const ROW_HEIGHT = 49;

// Each fixed width fits its header and sort icon; Name takes the rest, so keep these tight for 1024 px screens.
const COLUMNS: { key: ProjectSortKey; label: string; width?: number; align?: 'right' }[] = [
  { key: 'project_name', label: 'Name' },
  { key: 'state', label: 'State', width: 135 },
  { key: 'structures', label: 'Structures', width: 125, align: 'right' },
  { key: 'num_pilots', label: 'Pilots', width: 85, align: 'right' },
  { key: 'progress', label: 'Progress', width: 150 },
  { key: 'due_date', label: 'End Date', width: 115 },
  { key: 'created_at', label: 'Created Date', width: 145 },
];

const STATE_COLOR: Record<string, string> = { 'In Progress': 'blue', Complete: 'teal', Late: 'red' };

/** An open bid's project (only staff list it): a proposal the customer does not see until the bid is won. */
function BidBadge() {
  return (
    <Tooltip label="A bid's proposal: the customer sees this project once the bid is marked won." withArrow>
      <Badge
        size="xs"
        variant="light"
        color="grape"
        style={{ flexShrink: 0 }}
        data-testid="project-bid-badge"
      >
        Bid
      </Badge>
    </Tooltip>
  );
}

/**
 * The All Projects table (spec 1 §2). Only the rows in view are in the DOM (plus a few either side), so
 * 2,000 projects render and scroll as fast as 20; fixed column widths keep them from jumping.
 */
export function ProjectTable<P extends ProjectTableRow>({
  projects,
  sort,
  onSort,
  onOpen,
  renderMenu,
}: ProjectTableProps<P>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: projects.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const columnCount = COLUMNS.length + (renderMenu ? 1 : 0);

  return (
    <div
      ref={scrollRef}
      style={{ maxHeight: 'max(360px, calc(100dvh - 330px))', overflow: 'auto' }}
      data-testid="project-table-scroll"
    >
      <Table
        highlightOnHover
        stickyHeader
        style={{ tableLayout: 'fixed', minWidth: 980 }}
        aria-rowcount={projects.length + 1}
      >
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((c) => (
              <SortableTh
                key={c.key}
                label={c.label}
                width={c.width}
                align={c.align}
                direction={sort.key === c.key ? sort.direction : null}
                onSort={() => onSort(c.key)}
              />
            ))}
            {renderMenu && (
              <Table.Th w={56}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {top > 0 && (
            <tr aria-hidden style={{ height: top }}>
              <td colSpan={columnCount} />
            </tr>
          )}
          {items.map((item) => {
            const p = projects[item.index] as P;
            return (
              <Table.Tr
                key={p.id}
                h={ROW_HEIGHT}
                aria-rowindex={item.index + 2}
                tabIndex={0}
                style={{ cursor: 'pointer' }}
                onClick={() => onOpen(p)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && e.target === e.currentTarget) onOpen(p);
                }}
                data-testid="project-row"
              >
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={500} truncate="end" data-testid="project-name">
                      {p.project_name}
                    </Text>
                    {p.open_bid && <BidBadge />}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {p.importing ? (
                    <Text
                      size="sm"
                      c="blue"
                      fw={500}
                      style={{ whiteSpace: 'nowrap' }}
                      data-testid="project-importing"
                    >
                      {importLabel(p.importing)}
                    </Text>
                  ) : (
                    <Text size="sm" c={STATE_COLOR[p.state] ?? 'dimmed'} fw={500}>
                      {p.state}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{formatCount(p.structures)}</Table.Td>
                <Table.Td ta="right">{p.num_pilots}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Progress
                      value={p.progress}
                      size="sm"
                      style={{ flex: 1 }}
                      aria-label={`Progress of ${p.project_name}`}
                    />
                    <Text size="xs" w={52} ta="right">
                      {p.progress.toFixed(p.progress % 1 === 0 ? 0 : 2)}%
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td>{formatUsDate(p.due_date)}</Table.Td>
                <Table.Td>{formatUsDate(p.created_at)}</Table.Td>
                {renderMenu && (
                  // The menu acts on the row's project; its clicks must not also open the project.
                  <Table.Td onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
                    {renderMenu(p)}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
          {bottom > 0 && (
            <tr aria-hidden style={{ height: bottom }}>
              <td colSpan={columnCount} />
            </tr>
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
}
