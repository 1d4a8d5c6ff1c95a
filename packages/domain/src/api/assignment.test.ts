import { describe, expect, it } from 'vitest';
import { AssignmentData } from './assignment.ts';

const answer = () => ({
  crew: [],
  lines: [{ line_id: 7, line_name: 'North' }],
  structures: {
    structure_id: [1, 2],
    struct_num: ['S-1', 'S-2'],
    line_index: [0, 0],
    latitude: [46.1, 46.2],
    longitude: [-120.1, -120.2],
    crew_group_id: [null, 3],
    image_count: [0, 4],
    structure_source_type_id: [2, 2],
  },
  availableUsers: [],
});

describe('AssignmentData', () => {
  it('reads structures as columns of equal length', () => {
    expect(AssignmentData.parse(answer()).structures.crew_group_id).toEqual([null, 3]);
  });

  it('refuses columns of different lengths', () => {
    const data = answer();
    data.structures.latitude.pop();
    expect(AssignmentData.safeParse(data).error?.issues[0]?.path).toEqual(['structures', 'latitude']);
  });

  it('refuses a line index without a line', () => {
    const data = answer();
    data.structures.line_index[1] = 1;
    expect(AssignmentData.safeParse(data).error?.issues[0]?.path).toEqual(['structures', 'line_index', 1]);
  });
});
