import { formatCount } from '../format.ts';
/** At most 10 crew groups per project; 'Add Crew Group' is disabled once the count exceeds 9 (spec 1 §9). */
export const MAX_CREW_GROUPS = 10;

export const canAddCrewGroup = (crewGroupCount: number): boolean => crewGroupCount <= MAX_CREW_GROUPS - 1;

/**
 * The 10 crew colours. Okabe–Ito's seven colours (chosen to stay apart under the common colour-vision
 * deficiencies) plus three of Paul Tol's muted set. Ten categories cannot all stay distinct for every viewer,
 * so the crew number is always shown beside the colour; text on a crew colour uses `crewTextColor`.
 */
export const CREW_COLORS = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#F0E442',
  '#332288',
  '#882255',
  '#999933',
] as const;

/** Markers of structures in no crew group. */
export const UNASSIGNED_COLOR = '#9E9E9E';

/** The colour of crew number 1..10 (numbers past 10 wrap, so every group still gets a colour). */
export function crewColor(crewNumber: number): string {
  const i = (((Math.trunc(crewNumber) - 1) % CREW_COLORS.length) + CREW_COLORS.length) % CREW_COLORS.length;
  return CREW_COLORS[i] ?? CREW_COLORS[0];
}

/** The number for a new crew group: the lowest of 1..10 not in use, or null when all 10 are taken. */
export function nextCrewNumber(used: readonly number[]): number | null {
  for (let n = 1; n <= MAX_CREW_GROUPS; n++) if (!used.includes(n)) return n;
  return null;
}

function luminance(hex: string): number {
  const channel = (i: number) => {
    const v = Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG contrast ratio of two '#RRGGBB' colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white, whichever reads better on the colour (labels on crew badges and markers). */
export const crewTextColor = (background: string): '#000000' | '#FFFFFF' =>
  contrastRatio(background, '#000000') >= contrastRatio(background, '#FFFFFF') ? '#000000' : '#FFFFFF';

/** At most 10000 structures per assign/unassign call (spec 1 §4, §9). */
export const ASSIGNMENT_BATCH_SIZE = 10_000;

/** Splits ids into calls of at most `size` (default 10000), in order. */
export function toBatches<T>(items: readonly T[], size: number = ASSIGNMENT_BATCH_SIZE): T[][] {
  if (!(size >= 1)) throw new RangeError('Batch size must be at least 1');
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

/** Map and layout constants of the assignment tab (spec 1 §9). */
export const ASSIGNMENT_MAP = {
  clusterRadius: 75,
  clusterMaxZoom: 16,
  /** Clicking a cluster zooms in, but never past this. */
  expansionMaxZoom: 20,
  /** Near the geographic centre of the contiguous United States (Lebanon, Kansas). */
  defaultCenter: { lat: 39.8283, lng: -98.5795 },
  defaultZoom: 4,
  initialSplitHeight: 14,
} as const;

/** Texts of the assignment tab, word for word (spec 1 §2, §4). */
export const CREW_TEXTS = {
  noCrewGroups: 'No Crew Groups',
  noAdditionalUsers: 'No Additional Users Available',
  addCrewGroup: 'Add Crew Group',
  addPersonnel: 'Add Personnel',
  unassign: 'Unassign',
  unassignedFilter: 'Unassigned',
  alreadyAssignedTitle: 'Already Assigned',
  confirmUnassignTitle: 'Confirm unassignment',
  deleteCrewGroupTitle: 'Delete Crew Group',
  deleteCrewGroup:
    'Deleting this crew group will unassign any users and structures that were assigned to this crew group.',
} as const;

/** Confirmation when assigning a selection of which some structures already have a crew group. */
export const alreadyAssignedMessage = (selected: number, alreadyAssigned: number): string =>
  `The selection of ${formatCount(selected)} structures contains ${formatCount(alreadyAssigned)} structures that are assigned to an existing crew group`;

export const confirmUnassignMessage = (count: number): string =>
  `You are about to unassign ${formatCount(count)} structures`;
