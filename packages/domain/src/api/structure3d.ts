import { z } from 'zod';
import { MAX_DB_ID, PositiveId } from '../common.ts';
import { COMPASS_SIDES, type StructureModel } from '../structure3d/model.ts';

/** GET /structures/check3D?inspectionId */
export const Check3DQuery = z.object({ inspectionId: PositiveId });

/** POST /structures/process3D */
export const Process3DBody = z.object({ inspectionId: z.number().int().positive().max(MAX_DB_ID) });

const EnuSchema = z.object({ e: z.number(), n: z.number(), u: z.number() });
const Side = z.enum(COMPASS_SIDES);

export const StructureModelSchema: z.ZodType<StructureModel> = z.object({
  origin: z.object({ lat: z.number(), lon: z.number() }),
  structure: z.object({
    height: z.number(),
    height_source: z.enum(['sightlines', 'cameras', 'default']),
  }),
  cameras: z.array(
    z.object({
      image_id: z.number().int(),
      image_name: z.string(),
      position: EnuSchema,
      direction: EnuSchema,
      yaw: z.number(),
      pitch: z.number(),
      height_source: z.enum(['relative', 'gps', 'assumed']),
      direction_assumed: z.boolean(),
      distance: z.number(),
      side: Side.nullable(),
    }),
  ),
  unplaced: z.array(z.object({ image_id: z.number().int(), image_name: z.string() })),
  sides: z.array(Side),
});

/**
 * 'none': never built; 'processing': a build is queued or running (the previous model, if any, is still
 * given); 'ready': a model is there; 'failed': the last build failed and there is no model.
 */
export const Model3DStatus = z.enum(['none', 'processing', 'ready', 'failed']);
export type Model3DStatus = z.infer<typeof Model3DStatus>;

export const Check3DResponse = z.object({
  inspection_id: z.number().int(),
  structure_id: z.number().int(),
  status: Model3DStatus,
  /** The latest build job (GET /jobs/{id}), or null. */
  job_id: z.number().int().nullable(),
  built_at: z.string().nullable(),
  /** True when the structure's photos changed since the model was built. */
  stale: z.boolean(),
  model: StructureModelSchema.nullable(),
});
export type Check3DResponse = z.infer<typeof Check3DResponse>;

export const Process3DResponse = z.object({
  job_id: z.number().int(),
  /** False when a build of this structure was already queued or running: that job is answered. */
  created: z.boolean(),
});
export type Process3DResponse = z.infer<typeof Process3DResponse>;
