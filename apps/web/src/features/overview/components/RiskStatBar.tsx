import {
  formatCount,
  OVERVIEW_RISKS,
  type OverviewRiskKey,
  type RiskCounts,
  riskPercent,
} from '@linewalker/domain';
import { Group, Paper, Progress, Stack, Text, Tooltip } from '@mantine/core';

/**
 * The stat bar (spec 2 §2 'Overview'): total assets, then one bar per risk level with its count and percent
 * of the total.
 */
export function RiskStatBar({ counts, total }: { counts: RiskCounts; total: number }) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid="risk-stat-bar">
      <Group justify="space-between" mb={6}>
        <Text fw={600}>Total Assets</Text>
        <Text fw={700} fz="lg" data-testid="total-assets">
          {formatCount(total)}
        </Text>
      </Group>
      <Progress.Root size={14} aria-hidden>
        {OVERVIEW_RISKS.map((risk) => {
          const n = counts[risk.key as OverviewRiskKey];
          return n > 0 ? (
            <Tooltip key={risk.key} label={`${risk.label}: ${formatCount(n)}`}>
              <Progress.Section value={(n / total) * 100} color={risk.color} />
            </Tooltip>
          ) : null;
        })}
      </Progress.Root>
      <Stack gap={4} mt="sm">
        {OVERVIEW_RISKS.map((risk) => {
          const n = counts[risk.key as OverviewRiskKey];
          const pct = riskPercent(n, total);
          return (
            <Group key={risk.key} gap="xs" wrap="nowrap" role="group" aria-label={risk.label}>
              <Text size="sm" w={110} truncate="end">
                {risk.label}
              </Text>
              <Progress value={Number(pct)} color={risk.color} size="md" style={{ flex: 1 }} aria-hidden />
              <Text size="sm" w={120} ta="right" data-testid={`risk-count-${risk.key}`}>
                {formatCount(n)} · {pct}%
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
