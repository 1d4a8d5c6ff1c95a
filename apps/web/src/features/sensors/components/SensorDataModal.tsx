import { Loader, Modal, SimpleGrid, Text } from '@mantine/core';
import { QueryError } from '../../../components/QueryError.tsx';
import { useSensorPayload } from '../api/getSensorPayload.ts';
import { formatReadingTime, round } from '../model/sensorView.ts';

interface SensorDataModalProps {
  /** The structure's device; null closes the modal. */
  deviceId: string | null;
  title?: string;
  onClose: () => void;
}

const last = (list: unknown) =>
  Array.isArray(list) ? (list.at(-1) as { x: number; y: number; z: number } | undefined) : undefined;
const value = (v: unknown, decimals = 3) => (typeof v === 'number' ? round(v, decimals) : 'N/A');

/**
 * The Sensor Data modal of Asset Health (spec 3 §2): the structure's latest sensor reading, polled every
 * 5 seconds while open.
 */
export function SensorDataModal({ deviceId, title = 'Sensor Data', onClose }: SensorDataModalProps) {
  const payload = useSensorPayload(deviceId);
  const latest = payload.data?.[0];
  const p = latest?.payload ?? {};
  const tilt = last(p.tilt);
  const vibration = last(p.vibration);
  return (
    <Modal opened={deviceId !== null} onClose={onClose} title={title} data-testid="sensor-data-modal">
      {payload.isPending && <Loader aria-label="Loading sensor data" />}
      {payload.isError && <QueryError error={payload.error} onRetry={() => payload.refetch()} />}
      {payload.data && !latest && <Text>No readings yet.</Text>}
      {latest && (
        <SimpleGrid cols={2}>
          <Text size="sm">Reading time</Text>
          <Text size="sm">{formatReadingTime(latest.payload_time)}</Text>
          <Text size="sm">Battery</Text>
          <Text size="sm">{latest.battery === null ? 'N/A' : `${round(latest.battery, 3)}%`}</Text>
          <Text size="sm">Tilt x / y / z</Text>
          <Text size="sm">{tilt ? `${round(tilt.x)} / ${round(tilt.y)} / ${round(tilt.z)}` : 'N/A'}</Text>
          <Text size="sm">Vibration x / y / z</Text>
          <Text size="sm">
            {vibration ? `${round(vibration.x)} / ${round(vibration.y)} / ${round(vibration.z)}` : 'N/A'}
          </Text>
          <Text size="sm">Methane</Text>
          <Text size="sm">{value(p.methane)}</Text>
          <Text size="sm">Nitrous oxide</Text>
          <Text size="sm">{value(p.nitrus_oxide)}</Text>
          <Text size="sm">Carbon dioxide</Text>
          <Text size="sm">{value(p.carbon_dioxide)}</Text>
          <Text size="sm">Temperature/humidity</Text>
          <Text size="sm">{value(p.temp_humidity)}</Text>
          <Text size="sm">UV</Text>
          <Text size="sm">{value(p.uv)}</Text>
        </SimpleGrid>
      )}
    </Modal>
  );
}
