import { describe, expect, it } from 'vitest';
import { fitScale, resetView, resizeView, toImage, zoomAround } from './stageGeometry.ts';

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

  it('keeps the zoom and the middle photo point when the stage changes size', () => {
    const image = { width: 4000, height: 3000 };
    const before = { width: 1000, height: 500 };
    const after = { width: 700, height: 800 };
    const zoomed = zoomAround(resetView(1000, 500, 4000, 3000), fitScale(1000, 500, 4000, 3000), 9, 420, 130);
    const middle = toImage(zoomed, fitScale(1000, 500, 4000, 3000), 500, 250);
    const resized = resizeView(zoomed, before, after, image);
    expect(resized.zoom).toBe(9);
    const nowMiddle = toImage(resized, fitScale(700, 800, 4000, 3000), 350, 400);
    expect(nowMiddle[0]).toBeCloseTo(middle[0]);
    expect(nowMiddle[1]).toBeCloseTo(middle[1]);
  });

  it('refits a fitted photo to the new stage', () => {
    const image = { width: 4000, height: 3000 };
    const resized = resizeView(
      resetView(1000, 500, 4000, 3000),
      { width: 1000, height: 500 },
      { width: 700, height: 800 },
      image,
    );
    expect(resized).toEqual(resetView(700, 800, 4000, 3000));
  });
});
