import { describe, expect, it } from 'vitest';
import {
  ASSIGNMENT_BATCH_SIZE,
  ASSIGNMENT_MAP,
  alreadyAssignedMessage,
  CREW_COLORS,
  CREW_TEXTS,
  canAddCrewGroup,
  confirmUnassignMessage,
  contrastRatio,
  crewColor,
  crewTextColor,
  MAX_CREW_GROUPS,
  nextCrewNumber,
  toBatches,
  UNASSIGNED_COLOR,
} from './crew.ts';

describe('crew groups', () => {
  it('allows at most 10: Add is disabled once the count exceeds 9', () => {
    expect(MAX_CREW_GROUPS).toBe(10);
    expect(canAddCrewGroup(0)).toBe(true);
    expect(canAddCrewGroup(9)).toBe(true);
    expect(canAddCrewGroup(10)).toBe(false);
  });

  it('numbers a new group with the lowest free number', () => {
    expect(nextCrewNumber([])).toBe(1);
    expect(nextCrewNumber([1, 2, 4])).toBe(3);
    expect(nextCrewNumber([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBeNull();
  });
});

describe('crew colours', () => {
  it('has 10 distinct colours, none the unassigned grey', () => {
    expect(CREW_COLORS).toHaveLength(10);
    expect(new Set(CREW_COLORS.map((c) => c.toUpperCase())).size).toBe(10);
    expect(CREW_COLORS).not.toContain(UNASSIGNED_COLOR);
  });

  it('gives crew number n the n-th colour, wrapping past 10', () => {
    expect(crewColor(1)).toBe(CREW_COLORS[0]);
    expect(crewColor(10)).toBe(CREW_COLORS[9]);
    expect(crewColor(11)).toBe(CREW_COLORS[0]);
    expect(crewColor(0)).toBe(CREW_COLORS[9]);
  });

  it('keeps labels on every crew colour readable (WCAG AA, 4.5:1)', () => {
    for (const color of CREW_COLORS) {
      expect(contrastRatio(color, crewTextColor(color)), color).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21);
  });

  it('keeps colours apart from each other (no pair closer than a visible step)', () => {
    const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
    for (let i = 0; i < CREW_COLORS.length; i++) {
      for (let j = i + 1; j < CREW_COLORS.length; j++) {
        const [a, b] = [rgb(CREW_COLORS[i] as string), rgb(CREW_COLORS[j] as string)];
        const distance = Math.hypot(...a.map((v, k) => v - (b[k] as number)));
        expect(distance, `${CREW_COLORS[i]} vs ${CREW_COLORS[j]}`).toBeGreaterThan(60);
      }
    }
  });
});

describe('batches', () => {
  it('splits ids into calls of at most 10000, in order', () => {
    const ids = Array.from({ length: 25_001 }, (_, i) => i);
    const batches = toBatches(ids);
    expect(ASSIGNMENT_BATCH_SIZE).toBe(10_000);
    expect(batches.map((b) => b.length)).toEqual([10_000, 10_000, 5_001]);
    expect(batches.flat()).toEqual(ids);
    expect(toBatches([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
    expect(toBatches([])).toEqual([]);
    expect(() => toBatches([1], 0)).toThrow(RangeError);
  });
});

describe('texts and map constants', () => {
  it('are word for word', () => {
    expect(CREW_TEXTS.noCrewGroups).toBe('No Crew Groups');
    expect(CREW_TEXTS.noAdditionalUsers).toBe('No Additional Users Available');
    expect(CREW_TEXTS.alreadyAssignedTitle).toBe('Already Assigned');
    expect(alreadyAssignedMessage(120, 7)).toBe(
      'The selection of 120 structures contains 7 structures that are assigned to an existing crew group',
    );
    expect(CREW_TEXTS.confirmUnassignTitle).toBe('Confirm unassignment');
    expect(confirmUnassignMessage(42)).toBe('You are about to unassign 42 structures');
    // Large counts read as everywhere else in the app.
    expect(confirmUnassignMessage(12_500)).toBe('You are about to unassign 12,500 structures');
    expect(alreadyAssignedMessage(12_500, 1_200)).toContain('12,500 structures contains 1,200 structures');
    expect(CREW_TEXTS.deleteCrewGroupTitle).toBe('Delete Crew Group');
    expect(CREW_TEXTS.deleteCrewGroup).toBe(
      'Deleting this crew group will unassign any users and structures that were assigned to this crew group.',
    );
  });

  it('match spec 1 §9', () => {
    expect(ASSIGNMENT_MAP).toMatchObject({
      clusterRadius: 75,
      clusterMaxZoom: 16,
      expansionMaxZoom: 20,
      initialSplitHeight: 14,
    });
    const { lat, lng } = ASSIGNMENT_MAP.defaultCenter;
    expect(lat).toBeGreaterThan(35);
    expect(lat).toBeLessThan(42);
    expect(lng).toBeGreaterThan(-102);
    expect(lng).toBeLessThan(-94);
  });
});
