import { formatCount, OVERVIEW_RISKS, type OverviewRiskKey, type RiskCounts } from '@linewalker/domain';
import { Button, ColorSwatch, Group } from '@mantine/core';

interface RiskFilterButtonsProps {
  counts: RiskCounts | undefined;
  total: number | undefined;
  value: OverviewRiskKey | null;
  onChange: (risk: OverviewRiskKey | null) => void;
}

/** All plus one button per risk level, each with its count (spec 2 §2 'Overview'); the chosen one is filled. */
export function RiskFilterButtons({ counts, total, value, onChange }: RiskFilterButtonsProps) {
  const count = (n: number | undefined) => (n === undefined ? '–' : formatCount(n));
  return (
    <Group gap={6} wrap="wrap" role="group" aria-label="Filter by risk">
      <Button
        size="xs"
        variant={value === null ? 'filled' : 'default'}
        aria-pressed={value === null}
        onClick={() => onChange(null)}
      >
        All ({count(total)})
      </Button>
      {OVERVIEW_RISKS.map((risk) => {
        const active = value === risk.key;
        return (
          <Button
            key={risk.key}
            size="xs"
            variant={active ? 'filled' : 'default'}
            color={active ? 'dark' : undefined}
            aria-pressed={active}
            leftSection={<ColorSwatch color={risk.color} size={12} withShadow={false} />}
            onClick={() => onChange(active ? null : (risk.key as OverviewRiskKey))}
          >
            {risk.label} ({count(counts?.[risk.key as OverviewRiskKey])})
          </Button>
        );
      })}
    </Group>
  );
}
