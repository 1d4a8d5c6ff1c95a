import { z } from 'zod';
import { Ok } from '../common.ts';
import { StructureRowErrorSchema } from '../csv/schemas.ts';
import { isIsoDate } from '../projects/dates.ts';
import { ASSIGNMENT_TYPES, INSPECTION_TYPES } from '../projects/rules.ts';
import { PROJECT_STATES } from '../projects/status.ts';

/**
 * How the server derives the computed fields of a project (the same words as the rules in
 * `projects/status.ts`, which compute them). "today" is the project's today: the current date in the
 * project's time zone (`time_zone`), whoever asks and wherever the server runs.
 */
export const PROJECT_FIELD_DEFINITIONS = {
  structures: 'All structures of the project.',
  inspected:
    'Structures whose inspection is complete: every inspection of the structure (one per component on ' +
    'component projects) has date_reviewed set.',
  progress:
    'Inspected ÷ total structures as a percentage rounded to two decimals (0 when the project has no ' +
    'structures yet); capped at 100.',
  state:
    'Complete when the project has at least one structure and every structure is inspected; else Late when ' +
    'past due (due date before today and not complete; a project without a due date is never late); else ' +
    'In Progress. Archived projects keep their state.',
  active: 'Not archived, started (start date on or before today) and not complete. Late projects are active.',
  starting_next_week: 'Not archived and the start date falls after today and no later than today + 7 days.',
  late: 'Not archived, not complete and the due date is before today (due today is not late yet).',
  early:
    'Not archived, complete, and completed (the UTC date of the last review) before the due date. ' +
    'Completing on the due date is on time; without a due date a project is never early.',
  on_schedule:
    'Active, not late, and progress (as a share) at least the elapsed share of the schedule: whole days ' +
    'from the start date to today over the schedule length in days, both ends included. Without a due date ' +
    'an active project is on schedule. An active project behind pace is neither on schedule nor late.',
} as const;

const isoDate = z.string().refine(isIsoDate).describe('YYYY-MM-DD');
const timestamp = z.string().describe('ISO 8601 timestamp (UTC)');

/** One row of the All Projects list (spec 1 §3 'Project'). */
export const ProjectListItem = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  project_name: z.string(),
  inspection_type: z.enum(INSPECTION_TYPES).describe("'0' Structure, '1' Component"),
  start_date: isoDate,
  due_date: isoDate.nullable(),
  num_pilots: z.number().int(),
  structure_assignment_type: z.enum(ASSIGNMENT_TYPES),
  photo_limit: z.number().int().describe('-1 means No Limit, else 1..8'),
  closest_city: z.string().nullable(),
  pilot_struct_day: z.number().int().nullable(),
  ptype_id: z.number().int(),
  ptype_name: z.string(),
  ptier_id: z.number().int().nullable(),
  use_new_risk_rating: z.boolean(),
  archived_date: timestamp.nullable().describe('Set means archived.'),
  created_at: timestamp,
  time_zone: z
    .string()
    .describe(
      "The project's calendar (IANA name): every date rule reads today there. Derived on create from where " +
        'the structures are, unless given.',
    ),
  state: z.enum(PROJECT_STATES).describe(PROJECT_FIELD_DEFINITIONS.state),
  structures: z.number().int().describe(PROJECT_FIELD_DEFINITIONS.structures),
  inspected: z.number().int().describe(PROJECT_FIELD_DEFINITIONS.inspected),
  progress: z.number().describe(PROJECT_FIELD_DEFINITIONS.progress),
  active: z.boolean().describe(PROJECT_FIELD_DEFINITIONS.active),
  starting_next_week: z.boolean().describe(PROJECT_FIELD_DEFINITIONS.starting_next_week),
  late: z.boolean().describe(PROJECT_FIELD_DEFINITIONS.late),
  early: z.boolean().describe(PROJECT_FIELD_DEFINITIONS.early),
  on_schedule: z.boolean().describe(PROJECT_FIELD_DEFINITIONS.on_schedule),
  open_bid: z
    .boolean()
    .describe(
      "The project is an open bid's proposal (staff only see it): its customer sees it once staff mark the bid won.",
    ),
  importing: z
    .object({
      jobId: z.number().int(),
      done: z.number().int().describe('Structures written so far.'),
      total: z.number().int().describe('Structures the import adds.'),
    })
    .nullable()
    .describe(
      'Set while a background job writes the CSV rows: the project is not ready yet (customers do not see it).',
    ),
});
export type ProjectListItem = z.infer<typeof ProjectListItem>;

/** A CSV (or KMZ) the project was built from (spec 2 §3 'kmzs'). */
export const ProjectSourceFile = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  kind: z.enum(['csv', 'kmz']),
});

/** GET /api/v1/projects/{id}: the list row plus its files and the centre of its structures. */
export const ProjectDetail = ProjectListItem.extend({
  kmzs: z.array(ProjectSourceFile),
  project_center_lat: z.number().nullable().describe('Mean latitude of the structures; null without any.'),
  project_center_lon: z.number().nullable().describe('Mean longitude of the structures; null without any.'),
});
export type ProjectDetail = z.infer<typeof ProjectDetail>;

export const ProjectListQuery = z.object({
  today: isoDate
    .optional()
    .describe(
      "Ignored (accepted so older clients keep working): each project's flags use the project's own today.",
    ),
});

export const ProjectType = z.object({ ptype_id: z.number().int(), ptype_name: z.string() });
export const ProjectTier = z.object({ ptier_id: z.number().int(), name: z.string() });

/** What a create or update wrote. */
export const ProjectSaveResponse = Ok.extend({
  id: z.number().int(),
  imported: z.object({
    files: z.number().int(),
    structures: z.number().int(),
    skippedRows: z
      .number()
      .int()
      .describe('Invalid rows left out, counted by the server, of files whose entry set skipInvalidRows.'),
    lines: z.number().int().describe('Distinct lines the files used (existing company lines are reused).'),
    inspections: z.number().int(),
  }),
  /**
   * A large import is written by a background job (GET /api/v1/jobs/{id} follows it) and `imported`
   * counts what it will add; null when the rows were written before this answer.
   */
  importJobId: z.number().int().nullable(),
});
export type ProjectSaveResponse = z.infer<typeof ProjectSaveResponse>;

/** Per-file verdict in a 400 `csv_invalid` answer: nothing was written. */
export const CsvFileProblem = z.object({
  url: z.string(),
  name: z.string(),
  reasons: z.array(z.string()).describe('Why the file cannot be imported, in the order to fix them.'),
  errorRowCount: z.number().int(),
  errorRows: z.array(StructureRowErrorSchema).describe('The first 100 bad rows of the file.'),
});
export type CsvFileProblem = z.infer<typeof CsvFileProblem>;

export const CsvImportError = z.object({
  code: z.literal('csv_invalid'),
  message: z.string(),
  files: z.array(CsvFileProblem),
});
export type CsvImportError = z.infer<typeof CsvImportError>;
