import { Group, NumberInput } from '@mantine/core';

export interface Position {
  lat: number | string;
  lng: number | string;
}

/** Latitude and longitude of where the pole is now (both or neither). */
export function PositionFields({ value, onChange }: { value: Position; onChange: (p: Position) => void }) {
  return (
    <Group grow>
      <NumberInput
        label="Latitude"
        min={-90}
        max={90}
        decimalScale={6}
        value={value.lat}
        onChange={(lat) => onChange({ ...value, lat })}
      />
      <NumberInput
        label="Longitude"
        min={-180}
        max={180}
        decimalScale={6}
        value={value.lng}
        onChange={(lng) => onChange({ ...value, lng })}
      />
    </Group>
  );
}

/** The request's lat/lng: both numbers, or neither; null when only one is given. */
export function positionOf(p: Position): { lat?: number; lng?: number } | null {
  const has = (v: number | string) => v !== '' && v !== null;
  if (!has(p.lat) && !has(p.lng)) return {};
  if (!has(p.lat) || !has(p.lng)) return null;
  return { lat: Number(p.lat), lng: Number(p.lng) };
}
