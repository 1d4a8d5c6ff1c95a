import { Group, Text } from '@mantine/core';
import { LEGEND } from '../model/assetStates.ts';

/** The legend bar under the map: each risk state's colour and name. */
export function LegendBar() {
  return (
    <Group gap="md" data-testid="asset-legend" role="list" aria-label="Legend">
      {LEGEND.map((risk) => (
        <Group key={risk.key} gap={6} role="listitem" wrap="nowrap">
          <span
            aria-hidden
            style={{
              width: 12,
              height: 12,
              borderRadius: 6,
              background: risk.color,
              display: 'inline-block',
            }}
          />
          <Text size="sm">{risk.label}</Text>
        </Group>
      ))}
    </Group>
  );
}
