import type { DroneListItem } from '@linewalker/domain';
import { Badge, Button, Center, Group, Loader, Paper, ScrollArea, Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDrone, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useAdminDrones, useRetireDrone } from '../api/droneAdmin.ts';
import { type DroneChoices, DroneModal } from '../components/DroneModal.tsx';

const HEADERS = [
  'Name',
  'Serial number',
  'Company',
  'Driver',
  'Home',
  'Project',
  'Status',
  'Last status',
  '',
] as const;

const home = (d: DroneListItem) =>
  d.home_lat === null || d.home_lon === null
    ? '—'
    : `${d.home_lat.toFixed(5)}, ${d.home_lon.toFixed(5)}${d.home_alt === null ? '' : ` · ${Math.round(d.home_alt)} m`}`;

/** /admin/drones: the drones the remote flight console flies (super admins register, edit and retire them). */
/** A badge that keeps its whole label (Mantine cuts it with an ellipsis when the column is squeezed). */
const BADGE_WHOLE = {
  root: { overflow: 'visible', maxWidth: 'none' },
  label: { overflow: 'visible', textOverflow: 'clip' },
} as const;

export function DronesAdminRoute({ customers, projects }: DroneChoices) {
  const drones = useAdminDrones();
  const retire = useRetireDrone();
  const [editing, setEditing] = useState<DroneListItem | 'new' | null>(null);
  const [retiring, setRetiring] = useState<DroneListItem | null>(null);

  const setRetired = (drone: DroneListItem, retired: boolean) =>
    retire.mutate(
      { id: drone.id, retired },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            title: retired ? 'Drone retired' : 'Drone back in service',
            message: drone.name,
          }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'The drone could not be changed',
            message: error.message,
          }),
      },
    );

  let content = (
    <Center py="xl">
      <Loader aria-label="Loading drones" />
    </Center>
  );
  if (drones.isError) content = <QueryError error={drones.error} onRetry={() => drones.refetch()} />;
  else if (drones.data?.length === 0) {
    content = (
      <Paper withBorder radius="md">
        <EmptyState icon={<IconDrone size={24} />} title="No drones yet">
          Register a drone to fly it from the remote flight console: a simulated one, or a MAVLink vehicle.
        </EmptyState>
      </Paper>
    );
  } else if (drones.data) {
    content = (
      <Paper withBorder radius="md">
        <ScrollArea type="auto">
          <Table striped highlightOnHover miw={1240} verticalSpacing="sm" aria-label="Drones">
            <Table.Thead>
              <Table.Tr>
                {HEADERS.map((h, i) => (
                  <Table.Th key={h || i} style={{ whiteSpace: 'nowrap' }}>
                    {h}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {drones.data.map((d) => (
                <Table.Tr key={d.id} data-testid="drone-row" c={d.retired_at ? 'dimmed' : undefined}>
                  <Table.Td fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {d.name}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{d.serial_number ?? '—'}</Table.Td>
                  <Table.Td>{d.company_name ?? '—'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {d.driver === 'simulator' ? 'Simulator' : `MAVLink ${d.address ?? ''}`}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{home(d)}</Table.Td>
                  <Table.Td>{d.project_name ?? '—'}</Table.Td>
                  {/* The badge keeps its whole label: a squeezed column cut 'In service' to 'IN SER…'. */}
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {d.retired_at ? (
                      <Badge
                        color="gray"
                        variant="light"
                        styles={BADGE_WHOLE}
                        title={`Retired ${formatDateTime(d.retired_at)}`}
                      >
                        Retired
                      </Badge>
                    ) : (
                      <Badge color="teal" variant="light" styles={BADGE_WHOLE}>
                        In service
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {d.last_status_at ? formatDateTime(d.last_status_at) : 'Never connected'}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap" justify="flex-end">
                      {!d.retired_at && (
                        <Button
                          size="xs"
                          variant="subtle"
                          component={Link}
                          to={`${paths.remoteFlight.getHref()}?droneId=${d.id}`}
                          aria-label={`Fly ${d.name}`}
                        >
                          Fly
                        </Button>
                      )}
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setEditing(d)}
                        aria-label={`Edit ${d.name}`}
                      >
                        Edit
                      </Button>
                      {d.retired_at ? (
                        <Button
                          size="xs"
                          variant="light"
                          color="teal"
                          onClick={() => setRetired(d, false)}
                          aria-label={`Return ${d.name} to service`}
                        >
                          Return to service
                        </Button>
                      ) : (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => setRetiring(d)}
                          aria-label={`Retire ${d.name}`}
                        >
                          Retire
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Paper>
    );
  }

  return (
    <>
      <PageHeader
        title="Drones"
        description="The drones the remote flight console flies: simulated ones and MAVLink vehicles."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Register Drone
          </Button>
        }
      />
      {content}
      {editing && (
        <DroneModal
          drone={editing === 'new' ? null : editing}
          customers={customers}
          projects={projects}
          onClose={() => setEditing(null)}
          onSaved={(saved) =>
            notifications.show({
              color: 'teal',
              title: editing === 'new' ? 'Drone registered' : 'Drone saved',
              message: saved.name,
            })
          }
        />
      )}
      <ConfirmDialog
        opened={retiring !== null}
        title="Retire this drone?"
        message={`${retiring?.name ?? ''} leaves the remote flight console and takes no more commands. Its logs are kept, and it can be returned to service.`}
        confirmLabel="Retire"
        cancelLabel="Cancel"
        destructive
        onConfirm={() => {
          if (retiring) setRetired(retiring, true);
          setRetiring(null);
        }}
        onCancel={() => setRetiring(null)}
      />
    </>
  );
}
