import { formatFlightClock } from '@linewalker/domain';
import { Button, Center, Group, Loader, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { memo, useState } from 'react';
import { QueryError } from '../../../components/QueryError.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useDroneFlight, useDroneFlights } from '../api/flights.ts';
import { FlightRecordings } from './FlightRecordings.tsx';
import { FlightReplay } from './FlightReplay.tsx';

const seconds = (from: string, to: string | null) =>
  to === null ? null : Math.max(0, (Date.parse(to) - Date.parse(from)) / 1000);

/** The drone's flight log: its flights, and a chosen one replayed on a map. */
export const FlightLogModal = memo(function FlightLogModal({
  droneId,
  droneName,
  opened,
  onClose,
}: {
  droneId: number;
  droneName: string;
  opened: boolean;
  onClose: () => void;
}) {
  const flights = useDroneFlights(droneId, opened);
  const [chosen, setChosen] = useState<number | null>(null);
  const flight = useDroneFlight(droneId, chosen);

  let body = (
    <Center py="lg">
      <Loader aria-label="Loading flights" />
    </Center>
  );
  if (flights.isError) body = <QueryError error={flights.error} onRetry={() => flights.refetch()} />;
  else if (flights.data?.length === 0)
    body = (
      <Text c="dimmed">No flights yet. Each take-off starts a flight here, with its track and events.</Text>
    );
  else if (flights.data)
    body = (
      <ScrollArea.Autosize mah={220} type="auto">
        <Table highlightOnHover verticalSpacing={4} aria-label="Flights">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Take-off</Table.Th>
              <Table.Th>Duration</Table.Th>
              <Table.Th>Pilot</Table.Th>
              <Table.Th>Commands</Table.Th>
              <Table.Th>Captures</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {flights.data.map((f) => {
              const s = seconds(f.started_at, f.ended_at);
              return (
                <Table.Tr key={f.id} bg={f.id === chosen ? 'var(--mantine-color-blue-light)' : undefined}>
                  <Table.Td>{formatDateTime(f.started_at)}</Table.Td>
                  <Table.Td>{s === null ? 'In the air' : formatFlightClock(s)}</Table.Td>
                  <Table.Td>{f.pilot_name ?? '—'}</Table.Td>
                  <Table.Td>{f.commands}</Table.Td>
                  <Table.Td>{f.captures}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => setChosen(f.id)}
                      aria-label={`Replay the flight of ${formatDateTime(f.started_at)}`}
                    >
                      Replay
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    );

  return (
    <Modal opened={opened} onClose={onClose} title={`Flight log: ${droneName}`} size="xl">
      <Stack gap="md">
        {body}
        {chosen !== null && (
          <Group display="block">
            {flight.isPending && <Loader aria-label="Loading the flight" />}
            {flight.isError && <QueryError error={flight.error} onRetry={() => flight.refetch()} />}
            {flight.data && (
              <Stack gap="md">
                <FlightReplay key={flight.data.id} flight={flight.data} />
                <FlightRecordings
                  key={`videos-${flight.data.id}`}
                  droneId={droneId}
                  recordings={flight.data.recordings}
                />
              </Stack>
            )}
          </Group>
        )}
      </Stack>
    </Modal>
  );
});
