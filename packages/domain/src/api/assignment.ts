import { z } from 'zod';
import { ASSIGNMENT_BATCH_SIZE } from '../assignment/crew.ts';
import { MAX_DB_ID, Ok, PositiveId as positiveId } from '../common.ts';

export const CrewUser = z.object({
  user_id: z.number().int(),
  name: z.string().describe('First and last name.'),
});
export type CrewUser = z.infer<typeof CrewUser>;

/** Someone who can join a crew: a pilot, or field staff (inspector or user) without a pilot profile. */
export const CrewCandidate = CrewUser.extend({ crew_role: z.enum(['pilot', 'field_staff']) });
export type CrewCandidate = z.infer<typeof CrewCandidate>;

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

/** A line of the project, as the structures' `line_index` refers to it. */
export const AssignmentLine = z.object({
  line_id: z.number().int(),
  line_name: z.string(),
});
export type AssignmentLine = z.infer<typeof AssignmentLine>;

const column = <T extends z.ZodType>(item: T, description: string) => z.array(item).describe(description);

/**
 * Every structure of the project as the assignment map and table show it (spec 1 §3 'Structure'), as
 * columns: entry i of every array belongs to the i-th structure (creation order). At 50,000 structures
 * this is about a quarter of the bytes of one object per structure, and the web reads the map's
 * coordinates straight from the arrays.
 */
export const AssignmentStructures = z
  .object({
    structure_id: column(z.number().int(), 'Structure ids.'),
    struct_num: column(z.string(), 'Structure numbers.'),
    line_index: column(z.number().int().min(0), "Each structure's line: an index into `lines`."),
    latitude: column(z.number(), 'Latitudes (WGS 84).'),
    longitude: column(z.number(), 'Longitudes (WGS 84).'),
    crew_group_id: column(z.number().int().nullable(), 'Crew group ids; null means unassigned.'),
    image_count: column(z.number().int(), 'Images linked to each structure (rejected ones included).'),
    structure_source_type_id: column(z.number().int(), '1 manual, 2 KMZ/CSV, 3 nadir.'),
  })
  .superRefine((columns, ctx) => {
    const count = columns.structure_id.length;
    for (const [name, values] of Object.entries(columns)) {
      if (values.length !== count) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `${name} has ${values.length} entries for ${count} structures.`,
        });
      }
    }
  });
export type AssignmentStructures = z.infer<typeof AssignmentStructures>;

/** The answer's parts other than the structures. */
const AssignmentHead = z.object({
  crew: z.array(CrewGroup).describe('Crew groups by crew number.'),
  lines: z
    .array(AssignmentLine)
    .describe('The lines the structures are on, in order of their first structure.'),
  availableUsers: z
    .array(CrewCandidate)
    .describe(
      'People who fly and shoot, not yet in any crew of this project: active pilots (any staff role) ' +
        'and field staff (inspectors and users) of the operating company; pilots first, then by name ' +
        "('No Additional Users Available' when empty). Office roles without a pilot profile are not offered.",
    ),
});

export const AssignmentData = AssignmentHead.extend({
  structures: AssignmentStructures.describe(
    'Every structure of the project in creation order, as columns of equal length.',
  ),
}).superRefine((data, ctx) => {
  const lines = data.lines.length;
  const index = data.structures.line_index;
  for (let i = 0; i < index.length; i++) {
    if (index[i]! >= lines) {
      ctx.addIssue({ code: 'custom', path: ['structures', 'line_index', i], message: 'No such line.' });
      return;
    }
  }
});
export type AssignmentData = z.infer<typeof AssignmentData>;

const isInt = Number.isSafeInteger;
/** Which values each structure column takes, as `AssignmentStructures` says (line_index is checked against the lines). */
const COLUMN_ACCEPTS: Record<keyof AssignmentStructures, (value: unknown) => boolean> = {
  structure_id: isInt,
  struct_num: (value) => typeof value === 'string',
  line_index: isInt,
  latitude: Number.isFinite,
  longitude: Number.isFinite,
  crew_group_id: (value) => value === null || isInt(value),
  image_count: isInt,
  structure_source_type_id: isInt,
};

/** The columns when every value fits its column, the lengths agree and each line index names a line; else null. */
function plainColumns(input: unknown, lineCount: number): AssignmentStructures | null {
  if (typeof input !== 'object' || input === null) return null;
  const source = input as Record<string, unknown>;
  const columns: Record<string, unknown[]> = {};
  let length = -1;
  for (const [name, accepts] of Object.entries(COLUMN_ACCEPTS)) {
    const values = source[name];
    if (!Array.isArray(values) || (length >= 0 && values.length !== length)) return null;
    length = values.length;
    for (let i = 0; i < values.length; i++) if (!accepts(values[i])) return null;
    columns[name] = values;
  }
  const lineIndex = columns.line_index as number[];
  for (let i = 0; i < lineIndex.length; i++) if (lineIndex[i]! < 0 || lineIndex[i]! >= lineCount) return null;
  return columns as AssignmentStructures;
}

/**
 * `AssignmentData.parse` with the structure columns checked by plain loops: zod's per-value checks of a
 * 50,000-structure answer (400,000 values) take 20–60 ms of the page's busiest second. Anything the loops
 * refuse goes through the schema, so a bad answer fails with the schema's own error.
 */
export function parseAssignmentData(input: unknown): AssignmentData {
  if (typeof input === 'object' && input !== null) {
    const { structures, ...head } = input as Record<string, unknown>;
    const parsedHead = AssignmentHead.safeParse(head);
    const columns = parsedHead.success ? plainColumns(structures, parsedHead.data.lines.length) : null;
    if (parsedHead.success && columns) return { ...parsedHead.data, structures: columns };
  }
  return AssignmentData.parse(input);
}

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
