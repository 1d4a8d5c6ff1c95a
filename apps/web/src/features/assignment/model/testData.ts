import type { AssignmentData, CrewGroup } from '@linewalker/domain';

/** A small assignment answer shaped like the server's, for the model tests. */
export function sampleData(): AssignmentData {
  const crew: CrewGroup[] = [
    {
      crew_group_id: 11,
      crew_number: 1,
      color: '#e6194b',
      crew_users: [],
      structure_count: 2,
      structures_acquired_count: 0,
    },
    {
      crew_group_id: 12,
      crew_number: 2,
      color: '#3cb44b',
      crew_users: [],
      structure_count: 1,
      structures_acquired_count: 1,
    },
  ];
  // Structures 101..105: lines 1, 1, 2, 2, 3; crew groups 11, 11, 12, none, none.
  return {
    crew,
    lines: [
      { line_id: 1, line_name: 'Line 1' },
      { line_id: 2, line_name: 'Line 2' },
      { line_id: 3, line_name: 'Line 3' },
    ],
    structures: {
      structure_id: [101, 102, 103, 104, 105],
      struct_num: ['S-101', 'S-102', 'S-103', 'S-104', 'S-105'],
      line_index: [0, 0, 1, 1, 2],
      latitude: [39.5, 39.6, 39.7, 39.8, 39.9],
      longitude: [-98.5, -98.4, -98.3, -98.2, -98.1],
      crew_group_id: [11, 11, 12, null, null],
      image_count: [101 % 3, 102 % 3, 103 % 3, 104 % 3, 105 % 3],
      structure_source_type_id: [2, 2, 2, 2, 2],
    },
    availableUsers: [],
  };
}
