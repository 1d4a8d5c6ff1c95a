import {
  availabilityLabel,
  CERTIFICATION_TEXT_MAX,
  canCheckAvailability,
  metersToMiles,
  type ProjectPilotItem,
  pilotStatusColor,
  truncateText,
} from '@linewalker/domain';
import { Badge, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import type { DataColumn, SortState } from '../../../components/DataTable/types.ts';
import { formatUtcDateTime, pilotName, STATUS_BADGE } from '../model/pilotView.ts';

export type ProjectPilotColumnId =
  | 'name'
  | 'distance'
  | 'availability'
  | 'home_base'
  | 'phone'
  | 'certifications'
  | 'status'
  | 'request_sent'
  | 'responded'
  | 'actions';

export interface PilotActions {
  onAssign: (pilot: ProjectPilotItem) => void;
  onCheck: (pilot: ProjectPilotItem) => void;
  /** The pilot whose call is under way (its buttons show it). */
  busyUserId: number | null;
}

const miles = (p: ProjectPilotItem) =>
  p.distanceFromProjectMeters === null
    ? '—'
    : `${metersToMiles(p.distanceFromProjectMeters).toLocaleString('en-US')} mi`;

/** The columns: 1,400 px in all, so the page shows Actions at 1440 px wide (1,408 px of it). */
function columns(actions: PilotActions): DataColumn<ProjectPilotItem, ProjectPilotColumnId>[] {
  return [
    { id: 'name', header: 'Name', width: 135, sortable: true, cell: pilotName },
    { id: 'distance', header: 'Distance', width: 85, sortable: true, align: 'right', cell: miles },
    {
      id: 'availability',
      header: 'Availability',
      width: 120,
      sortable: true,
      cell: (p) => availabilityLabel(p.availability),
    },
    { id: 'home_base', header: 'Home Base', width: 115, sortable: true, cell: (p) => p.home_base ?? '—' },
    { id: 'phone', header: 'Phone', width: 125, cell: (p) => p.phone ?? '—' },
    {
      id: 'certifications',
      header: 'Certifications',
      width: 115,
      cell: (p) => truncateText(p.certifications.join(', '), CERTIFICATION_TEXT_MAX) || '—',
      title: (p) => p.certifications.join(', ') || undefined,
    },
    {
      id: 'status',
      header: 'Status',
      width: 175,
      sortable: true,
      cell: (p) => {
        const look = STATUS_BADGE[pilotStatusColor(p.pilot_scheduling_status_id)] ?? STATUS_BADGE.yellow!;
        return (
          <Badge color={look.color} variant={look.variant} data-status={p.pilot_scheduling_status_id}>
            {p.status_text_friendly}
          </Badge>
        );
      },
    },
    {
      id: 'request_sent',
      header: 'Request Sent',
      width: 150,
      sortable: true,
      cell: (p) => formatUtcDateTime(p.request_sent_at),
    },
    {
      id: 'responded',
      header: 'Responded',
      width: 150,
      sortable: true,
      cell: (p) => formatUtcDateTime(p.responded_at),
    },
    {
      id: 'actions',
      header: 'Actions',
      width: 230,
      cell: (p) => (
        <Group gap={6} wrap="nowrap">
          <Button
            size="compact-xs"
            variant={p.assigned ? 'default' : 'filled'}
            loading={actions.busyUserId === p.user_id}
            onClick={(e) => {
              e.stopPropagation();
              actions.onAssign(p);
            }}
          >
            {p.assigned ? 'Unassign' : 'Assign'}
          </Button>
          {canCheckAvailability(p.pilot_scheduling_status_id, p.assigned) && (
            <Button
              size="compact-xs"
              variant="light"
              disabled={actions.busyUserId === p.user_id}
              onClick={(e) => {
                e.stopPropagation();
                actions.onCheck(p);
              }}
            >
              Check Availability
            </Button>
          )}
        </Group>
      ),
    },
  ];
}

export function projectPilotSortValue(
  p: ProjectPilotItem,
  column: ProjectPilotColumnId,
): string | number | null {
  switch (column) {
    case 'name':
      return `${p.last_name} ${p.first_name}`;
    case 'distance':
      return p.distanceFromProjectMeters;
    case 'availability':
      return availabilityLabel(p.availability);
    case 'home_base':
      return p.home_base;
    case 'status':
      return p.pilot_scheduling_status_id;
    case 'request_sent':
      return p.request_sent_at;
    case 'responded':
      return p.responded_at;
    default:
      return null;
  }
}

interface ProjectPilotsTableProps {
  rows: ProjectPilotItem[];
  sort: SortState<ProjectPilotColumnId> | null;
  onSort: (column: ProjectPilotColumnId) => void;
  selectedUserId: number | null;
  onOpen: (pilot: ProjectPilotItem) => void;
  actions: PilotActions;
  empty: ReactNode;
}

/** The Pilots tab's table: distance in miles, certifications cut at 20, status colours, Assign / Check Availability. */
export function ProjectPilotsTable({
  rows,
  sort,
  onSort,
  selectedUserId,
  onOpen,
  actions,
  empty,
}: ProjectPilotsTableProps) {
  return (
    <DataTable
      rows={rows}
      rowKey={(p) => p.user_id}
      columns={columns(actions) as DataColumn<ProjectPilotItem>[]}
      label="Project pilots"
      rowHeight={44}
      sort={sort}
      onSort={(column) => onSort(column as ProjectPilotColumnId)}
      onOpen={onOpen}
      isHighlighted={(p) => p.user_id === selectedUserId}
      empty={empty}
      resetKey={sort ? `${sort.column}-${sort.direction}` : 'none'}
      rowTestId="project-pilot-row"
    />
  );
}
