import { describe, expect, it } from 'vitest';
import { fitScale, resetView, toImage, zoomAround } from './stageGeometry.ts';

describe('stage geometry', () => {
  it('fits and centres the photo at zoom 1', () => {
    expect(fitScale(1000, 500, 4000, 3000)).toBeCloseTo(1 / 6);
    const v = resetView(1000, 500, 4000, 3000);
    expect(v.zoom).toBe(1);
    expect(v.ty).toBeCloseTo(0);
    expect(v.tx).toBeCloseTo((1000 - 4000 / 6) / 2);
  });

  it('keeps the photo point under the cursor while zooming', () => {
    const fit = 0.25;
    const v = { zoom: 1, tx: 10, ty: 20 };
    const before = toImage(v, fit, 300, 200);
    const z = zoomAround(v, fit, 3, 300, 200);
    const after = toImage(z, fit, 300, 200);
    expect(after[0]).toBeCloseTo(before[0]);
    expect(after[1]).toBeCloseTo(before[1]);
  });
});
