import type { Basemap } from '@linewalker/domain';
import { Paper, SegmentedControl, Text } from '@mantine/core';
import { BASEMAP_LABELS } from './basemapChoice.ts';
import type { BasemapControl } from './useMapLibre.ts';

/** Streets / Satellite / Offline, bottom right of a map, with the notice when the map fell back to Offline. */
export function BasemapSwitcher({ basemap }: { basemap: BasemapControl }) {
  return (
    <Paper
      pos="absolute"
      bottom={30}
      right={8}
      p={2}
      shadow="xs"
      radius="sm"
      style={{ zIndex: 2, maxWidth: 'calc(100% - 16px)' }}
      data-testid="basemap-switcher"
      data-basemap-shown={basemap.shown}
    >
      <SegmentedControl
        size="xs"
        aria-label="Basemap"
        value={basemap.choice}
        onChange={(value) => basemap.choose(value as Basemap)}
        data={basemap.offered.map((value) => ({ value, label: BASEMAP_LABELS[value] }))}
      />
      {basemap.notice && (
        <Text size="xs" c="dimmed" px={4} maw={260} role="status" data-testid="basemap-notice">
          {basemap.notice}
        </Text>
      )}
    </Paper>
  );
}
