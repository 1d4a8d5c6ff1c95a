import { describe, expect, it } from 'vitest';
import { buildAssignmentModel } from './assignmentModel.ts';
import { structureBounds, structureFeatures } from './mapFeatures.ts';
import { sampleData } from './testData.ts';

const model = buildAssignmentModel(sampleData());

describe('structureFeatures', () => {
  it('makes one point per shown structure with its index and crew number', () => {
    const collection = structureFeatures(model, Uint32Array.of(2, 4));
    expect(collection.features).toEqual([
      {
        type: 'Feature',
        id: 2,
        geometry: { type: 'Point', coordinates: [-98.3, 39.7] },
        properties: { i: 2, n: 2 },
      },
      {
        type: 'Feature',
        id: 4,
        geometry: { type: 'Point', coordinates: [-98.1, 39.9] },
        properties: { i: 4, n: 0 },
      },
    ]);
  });
});

describe('structureBounds', () => {
  it('spans the shown structures, null for none', () => {
    expect(structureBounds(model, Uint32Array.of(0, 2))).toEqual([
      [-98.5, 39.5],
      [-98.3, 39.7],
    ]);
    expect(structureBounds(model, new Uint32Array(0))).toBeNull();
  });
});
