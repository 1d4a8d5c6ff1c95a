import type { CompassSide } from '@linewalker/domain';

/** One colour per side of the structure, so the sides photographed read at a glance (view and list). */
export const SIDE_COLORS: Record<CompassSide, string> = {
  N: '#1c7ed6',
  NE: '#15aabf',
  E: '#12b886',
  SE: '#82c91e',
  S: '#fab005',
  SW: '#fd7e14',
  W: '#e64980',
  NW: '#7950f2',
};
