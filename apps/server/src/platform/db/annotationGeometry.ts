import { z } from 'zod';
/**
 * An annotation's shape as raw queries read it from `annotations a` and its photo (`images`): a rectangle
 * (top-left corner, width, height) or a polygon, in the original photo's pixels, with the photo's size to
 * scale it by. The viewer, the reports and the delivery packages all draw from these columns.
 */
export const AnnotationGeometryRow = z.object({
  id: z.number(),
  image_id: z.number(),
  annotation_number: z.number(),
  shape: z.enum(['rect', 'polygon']),
  rect_top_left_x: z.number().nullable(),
  rect_top_left_y: z.number().nullable(),
  rect_width: z.number().nullable(),
  rect_height: z.number().nullable(),
  polygon: z.array(z.tuple([z.number(), z.number()])).nullable(),
  image_width: z.number().nullable(),
  image_height: z.number().nullable(),
});
export type AnnotationGeometryRow = z.infer<typeof AnnotationGeometryRow>;
