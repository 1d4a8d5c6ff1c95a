import { describe, expect, it } from 'vitest';
import { buildAssignmentModel } from './assignmentModel.ts';
import { filterStructures, maskOf, UNASSIGNED_VALUE } from './filterStructures.ts';
import { sampleData } from './testData.ts';

const model = buildAssignmentModel(sampleData());
const kept = (lineIds: string[], crews: string[]) => [...filterStructures(model, { lineIds, crews })];

describe('filterStructures', () => {
  it('keeps everything when no filter is chosen', () => {
    expect(kept([], [])).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps the chosen lines', () => {
    expect(kept(['2'], [])).toEqual([2, 3]);
    expect(kept(['1', '3'], [])).toEqual([0, 1, 4]);
  });

  it("keeps the chosen crews, with 'Unassigned' for structures in none", () => {
    expect(kept([], ['12'])).toEqual([2]);
    expect(kept([], [UNASSIGNED_VALUE])).toEqual([3, 4]);
    expect(kept([], ['11', UNASSIGNED_VALUE])).toEqual([0, 1, 3, 4]);
  });

  it('combines line and crew', () => {
    expect(kept(['2'], [UNASSIGNED_VALUE])).toEqual([3]);
    expect(kept(['3'], ['11'])).toEqual([]);
  });
});

describe('maskOf', () => {
  it('marks the given indices', () => {
    expect([...maskOf(Uint32Array.of(1, 3), 5)]).toEqual([0, 1, 0, 1, 0]);
  });
});
