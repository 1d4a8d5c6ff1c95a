import { z } from 'zod';

/** The counts of `GET /structures/counts/{id}` are `ProjectStats` in `projects/stats.ts`. */

/** A line of a project or of a company (spec 1 §3 'Project line'; line_num from spec 2 §3 'Line'). */
export const ProjectLine = z.object({
  id: z.number().int(),
  line_name: z.string(),
  line_num: z.string().nullable(),
});
export type ProjectLine = z.infer<typeof ProjectLine>;

export const ProjectLinesQuery = z.object({ projectId: z.coerce.number().int().positive() });
export const CompanyLinesQuery = z.object({ companyId: z.coerce.number().int().positive() });
