import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FRAME_HEIGHT, FRAME_WIDTH, projectPoint, renderFrame, type Scene, toLocal } from './camera.ts';

const scene: Scene = {
  structures: [
    { e: 0, n: 60, height: 15, label: 'P-1' },
    { e: 0, n: 120, height: 15, label: 'P-2' },
  ],
  spans: [[0, 1]],
};

describe('simulated camera', () => {
  it('projects a structure ahead to the centre column, one behind to nothing, one to the right to the right half', () => {
    const pose = { pos: { e: 0, n: 0, u: 15 }, heading: 0, gimbalPitch: 0 };
    const [x, y] = projectPoint(pose, { e: 0, n: 60, u: 15 })!;
    expect(x).toBeCloseTo(FRAME_WIDTH / 2, 6);
    expect(y).toBeCloseTo(FRAME_HEIGHT / 2, 6);
    expect(projectPoint(pose, { e: 0, n: -60, u: 15 })).toBeNull();
    expect(projectPoint(pose, { e: 20, n: 60, u: 15 })![0]).toBeGreaterThan(FRAME_WIDTH / 2);
    // Turned to face east, the same pole is now to the left, behind the right edge of view.
    const east = { ...pose, heading: 90 };
    expect(projectPoint(east, { e: 60, n: 0, u: 15 })![0]).toBeCloseTo(FRAME_WIDTH / 2, 6);
    // Pitched down, the ground point below-ahead rises toward the centre.
    const down = { ...pose, gimbalPitch: -30 };
    const ahead = projectPoint(down, { e: 0, n: 15 / Math.tan(Math.PI / 6), u: 0 })!;
    expect(ahead[1]).toBeCloseTo(FRAME_HEIGHT / 2, 6);
  });

  it('renders a 640 × 360 JPEG whose pixels change as the drone moves', async () => {
    const a = await renderFrame(scene, { pos: { e: 0, n: 0, u: 20 }, heading: 0, gimbalPitch: -20 });
    const b = await renderFrame(scene, { pos: { e: 0, n: 40, u: 20 }, heading: 0, gimbalPitch: -20 });
    const meta = await sharp(a).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([640, 360]);
    const [ra, rb] = await Promise.all([a, b].map((f) => sharp(f).raw().toBuffer()));
    let differing = 0;
    for (let i = 0; i < ra!.length; i++) if (Math.abs(ra![i]! - rb![i]!) > 30) differing++;
    expect(differing).toBeGreaterThan(1000);
  });

  it('places structures by their real coordinates around home', () => {
    const home = { lat: 46.9, lon: -120.5 };
    const p = toLocal(home, 46.9 + 0.001, -120.5 + 0.001);
    expect(p.n).toBeCloseTo(111.3, 0);
    expect(p.e).toBeCloseTo(111.3 * Math.cos((46.9 * Math.PI) / 180), 0);
  });
});
