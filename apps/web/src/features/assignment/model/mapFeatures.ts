import type { FeatureCollection, Point } from 'geojson';
import type { AssignmentModel } from './assignmentModel.ts';

/** `i`: the structure's index in the data (for clicks); `n`: its crew number, 0 unassigned (for colour). */
export interface StructurePointProps {
  i: number;
  n: number;
}

/** The given structures as map points; ids are the data indices so features can be looked up fast. */
export function structureFeatures(
  model: AssignmentModel,
  indices: Uint32Array,
): FeatureCollection<Point, StructurePointProps> {
  const features = new Array(indices.length);
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k]!;
    const s = model.structures[i]!;
    features[k] = {
      type: 'Feature',
      id: i,
      geometry: { type: 'Point', coordinates: [s.longitude, s.latitude] },
      properties: { i, n: model.crewNumbers[i]! },
    };
  }
  return { type: 'FeatureCollection', features };
}

/** [[west, south], [east, north]] around the structures, or null for none. */
export function structureBounds(
  model: AssignmentModel,
  indices: Uint32Array,
): [[number, number], [number, number]] | null {
  if (indices.length === 0) return null;
  let west = 180;
  let south = 90;
  let east = -180;
  let north = -90;
  for (const i of indices) {
    const s = model.structures[i]!;
    if (s.longitude < west) west = s.longitude;
    if (s.longitude > east) east = s.longitude;
    if (s.latitude < south) south = s.latitude;
    if (s.latitude > north) north = s.latitude;
  }
  return [
    [west, south],
    [east, north],
  ];
}
