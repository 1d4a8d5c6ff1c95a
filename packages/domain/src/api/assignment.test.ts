import { describe, expect, it } from 'vitest';
import { AssignmentData, parseAssignmentData } from './assignment.ts';

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

describe('parseAssignmentData', () => {
  it('reads a good answer as the schema does, dropping unknown fields', () => {
    const data = { ...answer(), extra: 1, structures: { ...answer().structures, extra: [1, 2] } };
    // The columns are checked in place, not copied value by value as the schema does.
    expect(parseAssignmentData(data).structures.latitude).toBe(data.structures.latitude);
    expect(parseAssignmentData(data)).toEqual(AssignmentData.parse(data));
    expect(Object.keys(parseAssignmentData(data).structures)).toEqual(
      Object.keys(AssignmentData.parse(data).structures),
    );
  });

  type Answer = ReturnType<typeof answer>;
  const broken: Array<[string, (data: Answer) => unknown]> = [
    ['a fractional id', (d) => (d.structures.structure_id[0] = 1.5)],
    ['an id past the safe integers', (d) => (d.structures.structure_id[0] = 2 ** 53)],
    ['a number as structure number', (d) => ((d.structures.struct_num as unknown[])[0] = 7)],
    ['a latitude given as text', (d) => ((d.structures.latitude as unknown[])[1] = '46.2')],
    ['a missing longitude column', (d) => delete (d.structures as Partial<Answer['structures']>).longitude],
    ['a column one short', (d) => d.structures.image_count.pop()],
    ['a negative line index', (d) => (d.structures.line_index[0] = -1)],
    ['a line index without a line', (d) => (d.structures.line_index[1] = 1)],
    ['a crew id given as text', (d) => ((d.structures.crew_group_id as unknown[])[0] = 'x')],
    ['a crew without its members', (d) => (d.crew as unknown[]).push({ crew_group_id: 1 })],
    ['no structures at all', (d) => delete (d as Partial<Answer>).structures],
  ];

  it.each(broken)("refuses %s with the schema's own error", (_, breakIt) => {
    const data = answer();
    breakIt(data);
    const expected = AssignmentData.safeParse(data);
    expect(expected.success).toBe(false);
    expect(() => parseAssignmentData(data)).toThrow(expected.error!.message);
  });

  it('refuses what is not an object', () => {
    for (const input of [null, 'x', 3, []]) expect(() => parseAssignmentData(input)).toThrow();
  });
});
