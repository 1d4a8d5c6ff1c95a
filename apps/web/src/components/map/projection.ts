const DEG = Math.PI / 180;

/** Web Mercator's y for a latitude, in the same degree-like units as longitude. */
export function mercatorY(latitude: number): number {
  const clamped = Math.max(-85.051129, Math.min(85.051129, latitude));
  return Math.log(Math.tan(Math.PI / 4 + (clamped * DEG) / 2)) / DEG;
}

/**
 * A polygon's rings in the Web Mercator plane (x = longitude, y = `mercatorY`). The map draws a
 * shape's edges as straight lines in this plane, so testing points projected the same way selects
 * exactly what the user sees inside it.
 */
export function projectRings(rings: ReadonlyArray<ReadonlyArray<readonly number[]>>): number[][][] {
  return rings.map((ring) => ring.map((position) => [position[0]!, mercatorY(position[1]!)]));
}
