import { type AssetSummary, formatCount } from '@linewalker/domain';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { SUMMARY_TILES } from '../model/assetStates.ts';

/** The summary counts (spec 3 §3 'Summary'). */
export function SummaryCounts({ summary }: { summary: AssetSummary | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} data-testid="asset-summary">
      {SUMMARY_TILES.map((tile) => {
        const n = summary?.[tile.key];
        const shown =
          n === undefined ? '–' : tile.key === 'pct_w_issue' ? `${n.toFixed(2)}%` : formatCount(n);
        return (
          <Paper
            key={tile.key}
            withBorder
            p="sm"
            radius="md"
            style={tile.color ? { borderLeft: `6px solid ${tile.color}` } : undefined}
          >
            <Text size="sm" c="dimmed">
              {tile.label}
            </Text>
            <Text fw={700} fz="xl" data-testid={`asset-summary-${tile.key}`}>
              {shown}
            </Text>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
