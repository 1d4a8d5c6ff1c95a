import { z } from 'zod';
import { PositiveId } from '../common.ts';

/** Annotations at this risk or above put a structure into the project report (Significant, Urgent, Major). */
export const PROJECT_REPORT_MIN_RISK = 3;

/** One annotation of an inspection report, with what the report needs to crop and outline its region. */
export const ReportAnnotation = z.object({
  id: z.number().int(),
  annotation_number: z.number().int(),
  image_id: z.number().int(),
  image_name: z.string(),
  shape: z.enum(['rect', 'polygon']),
  rectangle: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).nullable(),
  polygon: z.array(z.tuple([z.number(), z.number()])).nullable(),
  /** The size of the photo the shape was drawn on (its coordinates are in these pixels). */
  image_width: z.number().int().nullable(),
  image_height: z.number().int().nullable(),
  component: z.string().nullable(),
  deficiency: z.string().nullable(),
  risk_level: z.number().int(),
  severity: z.string().describe("The risk level's label on the risk scale (Minor … Major)."),
  note: z.string().nullable(),
});
export type ReportAnnotation = z.infer<typeof ReportAnnotation>;

/** `GET /inspections/{id}/report`: what 'View Inspection Report' shows (and the PDF prints). */
export const InspectionReport = z.object({
  inspection_id: z.number().int(),
  project_id: z.number().int(),
  project_name: z.string(),
  structure: z.string(),
  line_name: z.string(),
  line_num: z.string().nullable(),
  component: z.string().nullable().describe('The component of a component-level inspection.'),
  latitude: z.number(),
  longitude: z.number(),
  review_status: z.string().nullable(),
  date_reviewed: z.string().nullable(),
  reviewer: z.string().nullable(),
  risk: z.object({ key: z.string(), label: z.string(), level: z.number().int(), color: z.string() }),
  /** Completion answers that were given, in the completion form's order (label and value). */
  completion: z.array(z.object({ label: z.string(), value: z.string() })),
  annotations: z.array(ReportAnnotation),
});
export type InspectionReport = z.infer<typeof InspectionReport>;

export const PROJECT_REPORT_STATUSES = ['queued', 'building', 'ready', 'failed'] as const;

/** A project-level PDF of every structure at risk ≥ 3, built in the background. */
export const ProjectReport = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  status: z.enum(PROJECT_REPORT_STATUSES),
  structure_count: z.number().int().nullable().describe('Structures in the report, known once building.'),
  structures_done: z.number().int(),
  size_bytes: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type ProjectReport = z.infer<typeof ProjectReport>;

export const CreateProjectReportBody = z.object({ projectId: PositiveId });
export type CreateProjectReportBody = z.input<typeof CreateProjectReportBody>;

export const ProjectReportsQuery = z.object({ projectId: PositiveId });
