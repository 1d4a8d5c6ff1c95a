import { SENSOR_RANGE_LABELS, type SensorRange, type SensorStructureValue } from '@linewalker/domain';
import { Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSensorAlerts } from '../api/alerts.ts';
import { formatReadingTime, round } from '../model/sensorView.ts';
import { AlertList } from './AlertList.tsx';
import { TiltFigure } from './TiltFigure.tsx';
import { VibrationChart } from './VibrationChart.tsx';

interface SensorDetailCardProps {
  row: SensorStructureValue;
  range: SensorRange;
  onRange: (range: SensorRange) => void;
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={`detail-${label.toLowerCase().replace(/\W+/g, '-')}`}>
        {value}
      </Text>
    </div>
  );
}

/**
 * The selected structure: where it is, its battery and reading times, the vibration chart with its alert
 * bands (and the alerts in words under it) and the tilt figure.
 */
export function SensorDetailCard({ row, range, onRange }: SensorDetailCardProps) {
  const alerts = useSensorAlerts(row.common_sense_device_id, range).data ?? [];
  return (
    <Card withBorder data-testid="sensor-detail">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>
            {row.line_name ?? 'N/A'} · {row.struct_num ?? 'N/A'}
          </Title>
          <Select
            label="Date Range"
            data={Object.entries(SENSOR_RANGE_LABELS).map(([value, label]) => ({ value, label }))}
            value={range}
            onChange={(v) => v && onRange(v as SensorRange)}
            allowDeselect={false}
            w={180}
          />
        </Group>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Field label="Line" value={row.line_name ?? 'N/A'} />
          <Field label="Structure" value={row.struct_num ?? 'N/A'} />
          <Field
            label="Latitude/Longitude"
            value={
              row.latitude === null || row.longitude === null
                ? 'N/A'
                : `${round(row.latitude, 6)}, ${round(row.longitude, 6)}`
            }
          />
          {row.battery !== null && <Field label="Battery" value={`${round(row.battery, 3)}%`} />}
          <Field
            label="First vibration reading"
            value={formatReadingTime(row.first_vibration_reading_date)}
          />
          <Field
            label="Most recent vibration reading"
            value={formatReadingTime(row.recent_vibration_reading_date)}
          />
        </SimpleGrid>
        <Group align="flex-start" wrap="nowrap">
          <div style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" fw={600}>
              Vibration
            </Text>
            <VibrationChart points={row.vibrations} alerts={alerts} />
            <AlertList alerts={alerts} />
          </div>
          <TiltFigure tiltX={row.tilt_x} />
        </Group>
      </Stack>
    </Card>
  );
}
