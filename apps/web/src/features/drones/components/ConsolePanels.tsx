import { type DroneLiveStatus, flightTimeZone, formatFlightClock } from '@linewalker/domain';
import { Badge, Box, Button, Card, Group, Paper, Progress, ScrollArea, Table, Text } from '@mantine/core';
import { ENDPOINT_LABELS, type QueuedCommand } from '../model/commandQueue.ts';
import type { useFlightKeys } from '../model/useFlightKeys.ts';
import { HoldButton } from './HoldButton.tsx';

/** The console's panels over the live video: marker, input queue, control lease, flight time, centre card. */
export function CentreMarker() {
  return (
    <Box
      aria-hidden
      pos="absolute"
      top="50%"
      left="50%"
      w={28}
      h={28}
      style={{
        transform: 'translate(-50%, -50%)',
        border: '2px solid rgba(255,255,255,0.9)',
        borderRadius: '50%',
        boxShadow: '0 0 3px #000',
      }}
    />
  );
}

export function InputQueue({ queue }: { queue: QueuedCommand[] }) {
  return (
    <Paper pos="absolute" top={40} left={0} w={300} p="xs" shadow="md" withBorder style={{ zIndex: 5 }}>
      {queue.length === 0 ? (
        <Text size="sm" c="dimmed">
          No commands sent yet.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={320}>
          <Table fz="xs" aria-label="Input Queue">
            <Table.Tbody>
              {queue.map((c) => (
                <Table.Tr key={c.requestId}>
                  <Table.Td>{ENDPOINT_LABELS[c.endpoint]}</Table.Td>
                  <Table.Td>{c.result ?? 'sending'}</Table.Td>
                  <Table.Td ta="right">{c.roundTripMs === null ? '' : `${c.roundTripMs} ms`}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}

export function ControlCard(props: {
  controller: { userId: number; name: string } | null;
  iControl: boolean;
  stopped: boolean;
  onTake: () => void;
  onRelease: () => void;
  onStop: (active: boolean) => void;
}) {
  return (
    <Paper p="xs" withBorder>
      <Group gap="xs">
        <Text size="sm">
          {props.iControl
            ? 'You are flying'
            : props.controller
              ? `${props.controller.name} is flying`
              : 'Nobody is flying'}
        </Text>
        {props.iControl ? (
          <Button size="xs" variant="default" onClick={props.onRelease}>
            Release Control
          </Button>
        ) : (
          <Button size="xs" onClick={props.onTake} disabled={props.controller !== null}>
            Take Control
          </Button>
        )}
        {props.stopped ? (
          <Button size="xs" color="orange" onClick={() => props.onStop(false)}>
            Release Emergency Stop
          </Button>
        ) : (
          <Button size="xs" color="red" onClick={() => props.onStop(true)}>
            Emergency Stop
          </Button>
        )}
      </Group>
    </Paper>
  );
}

export function FlightTimeBar({ status, battery }: { status: DroneLiveStatus | null; battery: number }) {
  const zone = flightTimeZone(battery);
  const colour = zone === 'green' ? 'green' : zone === 'yellow' ? 'yellow' : 'red';
  return (
    <Paper p="xs" withBorder maw={520}>
      <Group justify="space-between" mb={4}>
        <Text size="xs" fw={600}>
          Remaining Flight Time
        </Text>
        <Text size="xs">
          {status ? `${formatFlightClock(status.remainingFlightSeconds)} (${Math.round(battery)} %)` : '—'}
        </Text>
      </Group>
      <Progress.Root size="lg" aria-label="Remaining Flight Time">
        <Progress.Section value={battery} color={colour} />
      </Progress.Root>
      {status && (
        <Group gap="md" mt={6}>
          <Text size="xs">
            Position {status.location.lat.toFixed(6)}, {status.location.lon.toFixed(6)}
          </Text>
          <Text size="xs">Altitude {status.altitude.toFixed(1)} m</Text>
          <Text size="xs">Speed {status.speed.toFixed(1)} m/s</Text>
          <Text size="xs">Heading {status.heading}°</Text>
          <Badge size="xs" variant="light" color={status.airborne ? 'blue' : 'gray'}>
            {status.airborne ? 'Airborne' : 'Landed'}
          </Badge>
          {status.armed && (
            <Badge size="xs" variant="light" color="orange">
              Armed
            </Badge>
          )}
        </Group>
      )}
    </Paper>
  );
}

export function CentreCard({
  status,
  canCapture,
  keys,
}: {
  status: DroneLiveStatus | null;
  canCapture: boolean;
  keys: ReturnType<typeof useFlightKeys>;
}) {
  return (
    <Card pos="absolute" bottom={12} left="50%" style={{ transform: 'translateX(-50%)' }} p="xs" withBorder>
      <Group justify="center" gap="lg" mb={6}>
        <Text size="sm" fw={600} aria-label="Video mode">
          {status?.videoMode ?? '—'}
        </Text>
        <Text size="sm" aria-label="Flight time">
          {status ? formatFlightClock(status.flightSeconds) : '—'}
        </Text>
        {status?.recording && (
          <Badge color="red" size="sm">
            Recording
          </Badge>
        )}
      </Group>
      <HoldButton
        label="Tap Capture Image, Hold to Record"
        size="xs"
        variant="default"
        disabled={!canCapture}
        onHoldStart={keys.shutterDown}
        onHoldEnd={keys.shutterUp}
      />
    </Card>
  );
}
