import { type DroneRecording, endpointPath, endpoints, formatFlightClock } from '@linewalker/domain';
import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';
import { RecordingPlayer } from './RecordingPlayer.tsx';

const videoUrl = (droneId: number, recordingId: number) =>
  `/api/v1${endpointPath(endpoints.drones.recordingVideo, { id: droneId, recordingId })}`;

/** The videos recorded during a flight (Space held on the console): played here or downloaded. */
export function FlightRecordings({ droneId, recordings }: { droneId: number; recordings: DroneRecording[] }) {
  const [playing, setPlaying] = useState<number | null>(null);
  return (
    <Stack gap="xs">
      <Title order={5}>Videos</Title>
      {recordings.length === 0 ? (
        <Text size="sm" c="dimmed">
          No video was recorded in this flight. Hold Space in the air to record.
        </Text>
      ) : (
        <Table withTableBorder verticalSpacing={4} aria-label="Recorded videos">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Started</Table.Th>
              <Table.Th>Length</Table.Th>
              <Table.Th>Video</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th>Pilot</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {recordings.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{formatDateTime(r.started_at)}</Table.Td>
                <Table.Td>
                  {formatFlightClock(Math.round((Date.parse(r.ended_at) - Date.parse(r.started_at)) / 1000))}
                </Table.Td>
                <Table.Td>
                  {r.width} × {r.height}, {r.fps.toFixed(1)} fps
                </Table.Td>
                <Table.Td>{formatBytes(r.bytes)}</Table.Td>
                <Table.Td>{r.started_by_name ?? '—'}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Button size="compact-xs" variant="light" onClick={() => setPlaying(r.id)}>
                      Play
                    </Button>
                    <Anchor size="xs" href={videoUrl(droneId, r.id)} download>
                      Download
                    </Anchor>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {playing !== null && (
        <RecordingPlayer
          key={playing}
          url={videoUrl(droneId, playing)}
          label={`Video recorded at ${formatDateTime(recordings.find((r) => r.id === playing)?.started_at ?? '')}`}
        />
      )}
    </Stack>
  );
}
