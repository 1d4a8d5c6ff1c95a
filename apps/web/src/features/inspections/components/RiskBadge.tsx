import type { RiskLevelInfo } from '@linewalker/domain';
import { Badge } from '@mantine/core';

/** A risk level as a badge in the risk scale's colour (spec 1 §9); autoContrast keeps yellow readable. */
export function RiskBadge({ risk }: { risk: RiskLevelInfo }) {
  return (
    <Badge color={risk.color} autoContrast variant="filled" radius="sm" tt="none" fw={600}>
      {risk.label}
    </Badge>
  );
}
