import { z } from 'zod';
import { ASSIGNMENT_BATCH_SIZE } from '../assignment/crew.ts';
import { MAX_DB_ID, Ok, PositiveId as positiveId } from '../common.ts';

export const CrewUser = z.object({
  user_id: z.number().int(),
  name: z.string().describe('First and last name.'),
});
export type CrewUser = z.infer<typeof CrewUser>;

/** A flight crew of a project (spec 1 §3 'Crew group'). */
export const CrewGroup = z.object({
  crew_group_id: z.number().int(),
  crew_number: z.number().int().describe('1..10, unique within the project.'),
  color: z.string().describe('The crew colour of its number (one of the 10 crew colours).'),
  crew_users: z.array(CrewUser).describe('Personnel of the crew, by name.'),
  structure_count: z.number().int().describe('Structures assigned to the crew.'),
  structures_acquired_count: z
    .number()
    .int()
    .describe('Of those, structures with at least one image (rejected images included).'),
});
export type CrewGroup = z.infer<typeof CrewGroup>;

/** A structure as the assignment map and table show it (spec 1 §3 'Structure'). */
export const AssignmentStructure = z.object({
  structure_id: z.number().int(),
  struct_num: z.string(),
  line_id: z.number().int(),
  line_name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  crew_group_id: z.number().int().nullable().describe('null means unassigned.'),
  image_count: z.number().int().describe('Images linked to the structure (rejected ones included).'),
  structure_source_type_id: z.number().int().describe('1 manual, 2 KMZ/CSV, 3 nadir.'),
});
export type AssignmentStructure = z.infer<typeof AssignmentStructure>;

export const AssignmentData = z.object({
  crew: z.array(CrewGroup).describe('Crew groups by crew number.'),
  structures: z.array(AssignmentStructure).describe('Every structure of the project, in creation order.'),
  availableUsers: z
    .array(CrewUser)
    .describe(
      'Active staff users of the operating company not yet in any crew of this project, by name ' +
        "('No Additional Users Available' when empty).",
    ),
});
export type AssignmentData = z.infer<typeof AssignmentData>;

export const AddCrewGroupResponse = Ok.extend({
  crewGroup: CrewGroup,
});
export type AddCrewGroupResponse = z.infer<typeof AddCrewGroupResponse>;

export const CrewGroupQuery = z.object({ crewGroupId: positiveId });

export const DeleteCrewGroupResponse = Ok.extend({
  unassignedStructures: z.number().int().describe('Structures that were assigned to the deleted crew group.'),
  removedUsers: z.number().int().describe('Personnel that were in the deleted crew group.'),
});
export type DeleteCrewGroupResponse = z.infer<typeof DeleteCrewGroupResponse>;

export const CrewUserQuery = z.object({ userId: positiveId, crewGroupId: positiveId });

export const CrewUserResponse = Ok.extend({
  changed: z
    .boolean()
    .describe('false when the user already was (add) or was not (remove) in the crew group.'),
});
export type CrewUserResponse = z.infer<typeof CrewUserResponse>;

export const SaveStructuresQuery = z.object({ crewGroupId: positiveId, projectId: positiveId });
export const UnassignStructuresQuery = z.object({ projectId: positiveId });

/** The body of assign/unassign: structure ids of the project, at most 10000 per request (the web batches). */
export const StructureIdList = z
  .array(z.number().int().positive().max(MAX_DB_ID))
  .max(
    ASSIGNMENT_BATCH_SIZE,
    `At most ${ASSIGNMENT_BATCH_SIZE} structures can be assigned in one request; send them in batches.`,
  );
export type StructureIdList = z.infer<typeof StructureIdList>;

export const AssignStructuresResponse = Ok.extend({
  updated: z
    .number()
    .int()
    .describe('Structures now in the crew group (assign) or unassigned (unassign); repeated ids count once.'),
});
export type AssignStructuresResponse = z.infer<typeof AssignStructuresResponse>;
