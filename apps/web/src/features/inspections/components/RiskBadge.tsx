import { contrastRatio, type RiskLevelInfo } from '@linewalker/domain';
import classes from './InspectionTable.module.css';

/** Black or white, whichever reads better on the risk colour (yellow needs black). */
const textOn = (background: string): string =>
  contrastRatio(background, '#000000') >= contrastRatio(background, '#FFFFFF') ? '#000000' : '#FFFFFF';

/**
 * A risk level as a badge in the risk scale's colour (spec 1 §9). A plain styled span rather than a Mantine
 * Badge: the table mounts one per row while scrolling, and this keeps each mount cheap.
 */
export function RiskBadge({ risk }: { risk: RiskLevelInfo }) {
  return (
    <span className={classes.badge} style={{ background: risk.color, color: textOn(risk.color) }}>
      {risk.label}
    </span>
  );
}
