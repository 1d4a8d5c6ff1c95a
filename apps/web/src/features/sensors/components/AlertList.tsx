import type { SensorAlert } from '@linewalker/domain';
import { Badge, Group, Text } from '@mantine/core';
import { formatReadingTime, round } from '../model/sensorView.ts';

const KIND_LABELS: Record<SensorAlert['kind'], string> = {
  tilt: 'Tilt',
  vibration: 'Vibration',
  offline: 'Offline',
};
const LEVEL_COLORS: Record<number, string> = { 1: 'gray', 2: 'orange', 3: 'red' };
const UNITS: Record<SensorAlert['kind'], string> = { tilt: '°', vibration: ' g', offline: '' };

/** The alerts drawn on the chart, in words (what the bands are; readable without the picture). */
export function AlertList({ alerts }: { alerts: readonly SensorAlert[] }) {
  if (alerts.length === 0) {
    return (
      <Text size="xs" c="dimmed" data-testid="sensor-alerts">
        No alerts in this range.
      </Text>
    );
  }
  return (
    <Group gap="xs" data-testid="sensor-alerts" aria-label="Alerts in this range">
      {alerts.map((a) => (
        <Badge key={a.id} color={LEVEL_COLORS[a.level] ?? 'gray'} variant="light" tt="none">
          {KIND_LABELS[a.kind]} risk {a.level}
          {a.peak !== null ? ` · peak ${round(a.peak, 2)}${UNITS[a.kind]}` : ''} ·{' '}
          {formatReadingTime(a.started_at)} – {a.ended_at ? formatReadingTime(a.ended_at) : 'ongoing'}
        </Badge>
      ))}
    </Group>
  );
}
