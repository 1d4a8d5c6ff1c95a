import { Group, Paper, Text } from '@mantine/core';
import { UPLOAD_COLORS } from './map/uploadLayers.ts';

const ITEMS = [
  { color: UPLOAD_COLORS.imageUnassigned, label: 'Unassigned image', size: 9 },
  { color: UPLOAD_COLORS.imageAssigned, label: 'Assigned image', size: 9 },
  { color: UPLOAD_COLORS.imageSelected, label: 'Selected image', size: 9 },
  { color: UPLOAD_COLORS.structureWithImages, label: 'Structure with images', size: 12 },
  { color: UPLOAD_COLORS.structureWithout, label: 'Structure without images', size: 12 },
];

/**
 * What the pin colours mean, in the map's bottom-left corner above the scale (the bottom-right one holds the
 * basemap switcher, which covered all but the legend's first line).
 */
export function MapLegend() {
  return (
    <Paper
      pos="absolute"
      bottom={36}
      left={8}
      px="xs"
      py={4}
      shadow="xs"
      radius="sm"
      style={{ zIndex: 1, opacity: 0.94 }}
      visibleFrom="sm"
      data-testid="upload-map-legend"
    >
      {ITEMS.map((item) => (
        <Group key={item.label} gap={6} wrap="nowrap">
          <span
            aria-hidden
            style={{
              width: item.size,
              height: item.size,
              borderRadius: '50%',
              background: item.color,
              border: '1.5px solid #fff',
              boxShadow: '0 0 0 1px rgba(0,0,0,0.15)',
              flex: 'none',
            }}
          />
          <Text size="xs">{item.label}</Text>
        </Group>
      ))}
    </Paper>
  );
}
