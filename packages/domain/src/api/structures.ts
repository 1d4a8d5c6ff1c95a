import { z } from 'zod';
import { PositiveId } from '../common.ts';
import { Text } from '../text.ts';

/** The counts of `GET /structures/counts/{id}` are `ProjectStats` in `projects/stats.ts`. */

/** A line of a project or of a company (spec 1 §3 'Project line'; line_num from spec 2 §3 'Line'). */
export const ProjectLine = z.object({
  id: z.number().int(),
  line_name: z.string(),
  line_num: z.string().nullable(),
});
export type ProjectLine = z.infer<typeof ProjectLine>;

export const ProjectLinesQuery = z.object({ projectId: PositiveId });
export const CompanyLinesQuery = z.object({ companyId: PositiveId });

/** Line names, at most 50 characters (spec 2 §5 'Add line'). */
export const LINE_NAME_MAX = 50;
export const LINE_MESSAGES = {
  required: 'Line name is required',
  tooLong: 'Maximum character is 50',
  exists: 'Line already exists',
} as const;

/** `POST /structures/lines`: a new line of the project's customer company, added to the project. */
export const CreateLineBody = z.object({
  lineName: Text().trim().min(1, LINE_MESSAGES.required).max(LINE_NAME_MAX, LINE_MESSAGES.tooLong),
  projectId: PositiveId,
});
export type CreateLineBody = z.infer<typeof CreateLineBody>;

export const STRUCTURE_MESSAGES = {
  duplicate: 'Cannot create duplicate structures.',
  invalidCoordinates: 'Invalid Latitude, Longitude!',
} as const;

/** Body of `POST /structures/create?projectId` and `PUT /structures/update?structureId&projectId&latLonChanged`. */
export const StructureBody = z.object({
  lineId: PositiveId,
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
  structNumName: Text().trim().min(1).max(100),
});
export type StructureBody = z.infer<typeof StructureBody>;
export const CreateStructureQuery = z.object({ projectId: PositiveId });
export const StructureRefQuery = z.object({ structureId: PositiveId, projectId: PositiveId });
export const UpdateStructureQuery = StructureRefQuery.extend({
  latLonChanged: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export const StructureSaved = z.object({
  ok: z.literal(true),
  success: z.literal(true),
  structure_id: z.number().int(),
});
