/**
 * An annotation's shape as raw queries read it from `annotations a` and its photo (`images`): a rectangle
 * (top-left corner, width, height) or a polygon, in the original photo's pixels, with the photo's size to
 * scale it by. The viewer, the reports and the delivery packages all draw from these columns.
 */
export interface AnnotationGeometryRow {
  id: number;
  image_id: number;
  annotation_number: number;
  shape: 'rect' | 'polygon';
  rect_top_left_x: number | null;
  rect_top_left_y: number | null;
  rect_width: number | null;
  rect_height: number | null;
  polygon: Array<[number, number]> | null;
  image_width: number | null;
  image_height: number | null;
}
