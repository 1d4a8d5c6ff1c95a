import sharp from 'sharp';
import {
  FRAME_HEIGHT,
  FRAME_WIDTH,
  renderFrame,
  type Scene,
} from '../../apps/server/src/modules/drones/simulator/camera.ts';
import { defineScenario } from '../lib/scenario.ts';

interface Context {
  scene: Scene;
  /** The same frame's pixels, rendered once: what the baseline only encodes. */
  raw: Buffer;
  turn: number;
}

const pose = (turn: number) => ({ pos: { e: 0, n: 0, u: 20 }, heading: turn % 360, gimbalPitch: -15 });

/** Ten poles 50 m apart on a line 30 m east of home, strung together: a demo project's view. */
function scene(): Scene {
  const structures = Array.from({ length: 10 }, (_, i) => ({
    e: 30,
    n: 40 + i * 50,
    height: 15,
    label: `P-${i + 1}`,
  }));
  return { structures, spans: structures.slice(1).map((_, i) => [i, i + 1] as [number, number]) };
}

export default defineScenario<Context>({
  name: 'drone-camera',
  description: `the simulated drone camera's ${FRAME_WIDTH}×${FRAME_HEIGHT} JPEG frame (project the scene, draw it as SVG, rasterise, encode) vs sharp encoding the same frame's pixels already drawn; the console needs ≥ 15 frames/s`,
  async setup() {
    const s = scene();
    const jpeg = await renderFrame(s, pose(0));
    const raw = await sharp(jpeg).raw().toBuffer();
    return { scene: s, raw, turn: 0 };
  },
  subject(ctx) {
    return renderFrame(ctx.scene, pose(ctx.turn++));
  },
  baseline(ctx) {
    return sharp(ctx.raw, { raw: { width: FRAME_WIDTH, height: FRAME_HEIGHT, channels: 3 } })
      .jpeg({ quality: 70 })
      .toBuffer();
  },
});
