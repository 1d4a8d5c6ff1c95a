import { z } from 'zod';
import { PositiveId } from '../common.ts';
import { FLIGHT_PLAN_EXTENSIONS } from '../overview/flightPlan.ts';
import { Text } from '../text.ts';

/** A dock box id as the WiBotic boxes name themselves. */
const BoxId = Text()
  .trim()
  .min(1, 'Box ID is required')
  .max(100, 'Box ID is at most 100 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._:-]*$/, 'Box ID may hold letters, digits, spaces and . _ : -');

/** `GET /wibotic/flightplan/uploadToken?wibotic_box_id&extension` (spec 3 §7), for one project. */
export const FlightPlanTokenQuery = z.object({
  projectId: PositiveId,
  wibotic_box_id: BoxId,
  extension: z
    .string()
    .transform((v) => v.replace(/^\./, '').toLowerCase())
    .pipe(z.enum(FLIGHT_PLAN_EXTENSIONS, { message: 'Only .plan/.json files are supported.' })),
});
export type FlightPlanTokenQuery = z.infer<typeof FlightPlanTokenQuery>;

export const FlightPlanToken = z.object({
  /** PUT the file here with Content-Type application/json. */
  signedTokenUrl: z.string(),
  /** The storage key, to send back as `url` once uploaded. */
  imageUrl: z.string(),
  contentType: z.string(),
});
export type FlightPlanToken = z.infer<typeof FlightPlanToken>;

export const FlightPlanUploadedQuery = z.object({ projectId: PositiveId, wibotic_box_id: BoxId });
/** `POST /wibotic/flightplan/uploaded?wibotic_box_id` body (spec 3 §7). */
export const FlightPlanUploadedBody = z.object({
  url: Text().trim().min(1).max(500),
  filename: Text().trim().min(1).max(255),
});
export type FlightPlanUploadedBody = z.infer<typeof FlightPlanUploadedBody>;

/** A flight plan of a project (spec 2 §3 Project 'wibotic'), with what the overview draws. */
export const FlightPlanSummary = z.object({
  flight_plan_id: z.number().int(),
  box_id: z.string(),
  filename: z.string(),
  created_date: z.string(),
  flight_started_date: z.string().nullable(),
  format: z.enum(['qgc', 'json']),
  waypoint_count: z.number().int(),
  uploaded_by_name: z.string().nullable(),
});
export type FlightPlanSummary = z.infer<typeof FlightPlanSummary>;

export const FlightPlanListQuery = z.object({ projectId: PositiveId });

/** One plan's path and the structures it misses (`GET /wibotic/flightplan/{id}`). */
export const FlightPlanDetail = FlightPlanSummary.extend({
  waypoints: z.array(z.object({ lat: z.number(), lon: z.number(), alt: z.number().nullable() })),
  /** The coverage radius N in metres (FLIGHT_PLAN_COVERAGE_METERS). */
  coverage_metres: z.number(),
  structure_count: z.number().int(),
  uncovered_count: z.number().int(),
  /** The first 1,000 structures the path does not come within coverage_metres of, with their distance. */
  uncovered: z.array(
    z.object({
      structure_id: z.number().int(),
      struct_num: z.string(),
      line_name: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      metres: z.number(),
    }),
  ),
});
export type FlightPlanDetail = z.infer<typeof FlightPlanDetail>;
