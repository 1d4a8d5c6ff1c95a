import type { FeatureCollection, Point } from 'geojson';
import { type Bounds, boundsOf } from '../../../components/map/fitBounds.ts';
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
  const { longitude, latitude } = model.columns;
  const features = new Array(indices.length);
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k]!;
    features[k] = {
      type: 'Feature',
      id: i,
      geometry: { type: 'Point', coordinates: [longitude[i]!, latitude[i]!] },
      properties: { i, n: model.crewNumbers[i]! },
    };
  }
  return { type: 'FeatureCollection', features };
}

/** The box around the given structures, or null for none. */
export function structureBounds(model: AssignmentModel, indices: Uint32Array): Bounds | null {
  const { longitude, latitude } = model.columns;
  return boundsOf(indices.length, (k) => [longitude[indices[k]!]!, latitude[indices[k]!]!]);
}
