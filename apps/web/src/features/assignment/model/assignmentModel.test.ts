import { crewColor, pointsInPolygon, UNASSIGNED_COLOR } from '@linewalker/domain';
import { describe, expect, it } from 'vitest';
import { mercatorY, projectRings } from '../../../components/map/projection.ts';
import { buildAssignmentModel, crewPalette } from './assignmentModel.ts';
import { sampleData } from './testData.ts';

describe('buildAssignmentModel', () => {
  it('records each structure’s crew number, 0 for unassigned', () => {
    const model = buildAssignmentModel(sampleData());
    expect([...model.crewNumbers]).toEqual([1, 1, 2, 0, 0]);
  });

  it('takes crew colours from the server and fills the rest with the defaults', () => {
    const palette = crewPalette(sampleData().crew);
    expect(palette).toHaveLength(11);
    expect(palette[0]).toBe(UNASSIGNED_COLOR);
    expect(palette[1]).toBe('#e6194b');
    expect(palette[2]).toBe('#3cb44b');
    expect(palette[3]).toBe(crewColor(3));
  });

  it('projects to Web Mercator, where a rectangle drawn on the map is a rectangle', () => {
    expect(mercatorY(0)).toBeCloseTo(0, 10);
    // 60° north sits at about 75.4 "degrees" of Mercator y.
    expect(mercatorY(60)).toBeCloseTo(75.456, 2);
    expect(mercatorY(90)).toBe(mercatorY(85.051129));
  });

  it('selects the same structures when points and polygon are projected alike', () => {
    const model = buildAssignmentModel(sampleData());
    const around = [
      [
        [-98.45, 39.55],
        [-98.15, 39.55],
        [-98.15, 39.85],
        [-98.45, 39.85],
        [-98.45, 39.55],
      ],
    ];
    expect([...pointsInPolygon(model.projected, projectRings(around))]).toEqual([1, 2, 3]);
  });
});
