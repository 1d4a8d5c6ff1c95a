import type { AssignmentData, AssignmentStructure, CrewGroup } from '@linewalker/domain';

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
  const structure = (id: number, lineId: number, crewGroupId: number | null, lon: number, lat: number) =>
    ({
      structure_id: id,
      struct_num: `S-${id}`,
      line_id: lineId,
      line_name: `Line ${lineId}`,
      latitude: lat,
      longitude: lon,
      crew_group_id: crewGroupId,
      image_count: id % 3,
      structure_source_type_id: 2,
    }) satisfies AssignmentStructure;
  return {
    crew,
    structures: [
      structure(101, 1, 11, -98.5, 39.5),
      structure(102, 1, 11, -98.4, 39.6),
      structure(103, 2, 12, -98.3, 39.7),
      structure(104, 2, null, -98.2, 39.8),
      structure(105, 3, null, -98.1, 39.9),
    ],
    availableUsers: [],
  };
}
