/** Draw modes of the viewer (spec 2 §4 'Annotation drawing'). */
export type DrawMode = 'rectangle' | 'polygon' | null;

/** A shape drawn on the photo, in the photo's pixels, before its details are saved. */
export type DrawnShape =
  | { kind: 'rectangle'; x: number; y: number; width: number; height: number }
  | { kind: 'polygon'; points: Array<[number, number]> };
