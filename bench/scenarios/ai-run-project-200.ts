import { cpus, loadavg } from 'node:os';
import { detectMany } from '../../apps/server/src/modules/ai/detector/detectMany.ts';
import type { HeadWeights } from '../../apps/server/src/modules/ai/detector/detector.ts';
import { placedObjectSet } from '../../apps/server/src/modules/ai/detector/placedObjects.ts';
import { syntheticImage } from '../../apps/server/src/modules/ai/detector/syntheticSet.ts';
import { DETECTOR_THREADS } from '../../apps/server/src/modules/ai/detector/threads.ts';
import { train } from '../../apps/server/src/modules/ai/detector/train.task.ts';
import { ThreadPool } from '../../apps/server/src/platform/jobs/threadPool.ts';
import { realPhotosDir, seconds } from '../lib/aiData.ts';
import { defineScenario } from '../lib/scenario.ts';

const PHOTOS = 200;

interface Run {
  ms: number;
  cpuMs: number;
  threads: number;
  boxes: string;
  load: number;
}
interface Context {
  photos: Buffer[];
  weights: HeadWeights;
  pools: { subject: ThreadPool; baseline: ThreadPool };
  runs: { subject: Run[]; baseline: Run[] };
}

async function run(ctx: Context, pool: ThreadPool): Promise<Run> {
  const load = loadavg()[0]!;
  const found: string[] = new Array(ctx.photos.length);
  const cpu = process.cpuUsage();
  const start = performance.now();
  const { threads } = await detectMany({
    pool,
    photos: ctx.photos.map((_, i) => i),
    read: async (i) => ctx.photos[i]!,
    weights: ctx.weights,
    threshold: 0.5,
    async onPhoto(i, boxes) {
      found[i] = JSON.stringify(boxes);
    },
  });
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000, threads, boxes: found.join('\n'), load };
}

/**
 * Task: 'Run on project' over 200 photos (1024 × 1024 JPEGs from the real drone photos) through the job's
 * detectMany on the detector's threads (DETECTOR_THREADS, ≥ 2), against the same run on a pool of one
 * thread. Prints both runs' CPU time ÷ wall time (how many cores were busy), the threads that answered,
 * and whether both found the same boxes.
 */
export default defineScenario<Context>({
  name: 'ai-run-project-200',
  description: `AI: Run on project, ${PHOTOS} photos on ${DETECTOR_THREADS} detector threads vs one thread`,
  measure: { rounds: 1, roundMs: 1, warmup: 0 },
  async setup() {
    const photos = (await placedObjectSet(realPhotosDir(), PHOTOS, 23)).map((p) => p.bytes);
    const set = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const s = await syntheticImage(500 + i);
        return { bytes: new Uint8Array(s.bytes), boxes: s.boxes, validation: i >= 10 };
      }),
    );
    const { weights } = await train({ images: set, epochs: 3, seed: 1, threshold: 0.5 }, () => {});
    const pools = { subject: new ThreadPool(DETECTOR_THREADS), baseline: new ThreadPool(1) };
    return { photos, weights, pools, runs: { subject: [], baseline: [] } };
  },
  async subject(ctx) {
    ctx.runs.subject.push(await run(ctx, ctx.pools.subject));
  },
  async baseline(ctx) {
    ctx.runs.baseline.push(await run(ctx, ctx.pools.baseline));
  },
  report(ctx) {
    const line = (r: Run) =>
      `${seconds(r.ms)} wall, ${seconds(r.cpuMs)} CPU, CPU ÷ wall ${(r.cpuMs / r.ms).toFixed(2)}, ${r.threads} threads answered (load ${r.load.toFixed(1)})`;
    const same = ctx.runs.subject.every((s) => ctx.runs.baseline.every((b) => b.boxes === s.boxes));
    return (
      `${PHOTOS} photos on ${DETECTOR_THREADS} threads: ${ctx.runs.subject.map(line).join('; ')}; ` +
      `on one thread: ${ctx.runs.baseline.map(line).join('; ')}; same boxes: ${same ? 'yes' : 'NO'}; ${cpus().length} cores`
    );
  },
  async teardown(ctx) {
    await Promise.all([ctx.pools.subject.close(), ctx.pools.baseline.close()]);
  },
});
