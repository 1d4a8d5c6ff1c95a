import { describe, expect, it } from 'vitest';
import { buildAssignmentModel } from './assignmentModel.ts';
import { planSelection } from './selectionPlan.ts';
import { sampleData } from './testData.ts';

const model = buildAssignmentModel(sampleData());
const all = Uint32Array.of(0, 1, 2, 3, 4);

describe('planSelection', () => {
  it('assigning sends only structures not already in the crew, and counts those in another crew', () => {
    // Crew group 11 holds 101 and 102; 103 is in crew group 12; 104 and 105 are unassigned.
    expect(planSelection(model, all, 11)).toEqual({ ids: [103, 104, 105], alreadyAssigned: 1 });
  });

  it('assigning unassigned structures needs no confirmation', () => {
    expect(planSelection(model, Uint32Array.of(3, 4), 12)).toEqual({ ids: [104, 105], alreadyAssigned: 0 });
  });

  it('unassigning sends only the assigned structures', () => {
    expect(planSelection(model, all, null)).toEqual({ ids: [101, 102, 103], alreadyAssigned: 3 });
    expect(planSelection(model, Uint32Array.of(4), null)).toEqual({ ids: [], alreadyAssigned: 0 });
  });
});
