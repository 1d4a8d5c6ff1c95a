import type { ThreadPool } from '../../../platform/jobs/threadPool.ts';
import type { HeadWeights, ScoredBox } from './detector.ts';
import { DETECTOR_MODULE } from './threads.ts';

export interface DetectManyOptions<P> {
  /** The detector's threads; one lane per thread, each taking the next photo when its last is handled. */
  pool: ThreadPool;
  photos: readonly P[];
  read(photo: P): Promise<Buffer>;
  weights: HeadWeights;
  /** The version's weights key: each thread builds the head once for it (see `detect`). */
  weightsKey?: string;
  threshold: number;
  /** Called once per photo with what was found (nothing for a photo that cannot be read or decoded). */
  onPhoto(photo: P, boxes: ScoredBox[], done: number): Promise<void>;
  /** No new photo starts once it aborts; the call then rejects. */
  signal?: AbortSignal;
}

/**
 * Runs a trained head over many photos on every thread of `pool` at once (a project run keeps all cores
 * busy). A photo's boxes do not depend on the thread or the order. Answers how many distinct threads
 * found the boxes (an observable fact of the spread, not a timing).
 */
export async function detectMany<P>(o: DetectManyOptions<P>): Promise<{ threads: number }> {
  let next = 0;
  let done = 0;
  const threads = new Set<number>();
  const lane = async () => {
    for (;;) {
      if (o.signal?.aborted) throw new Error('Stopped');
      const photo = o.photos[next++];
      if (photo === undefined) return;
      const bytes = await o.read(photo);
      const out = await o.pool
        .run<{ boxes: ScoredBox[]; thread: number }>(
          DETECTOR_MODULE,
          'detect',
          new Uint8Array(bytes),
          o.weights,
          o.threshold,
          o.weightsKey,
        )
        .catch(() => ({ boxes: [] as ScoredBox[], thread: -1 }));
      if (out.thread >= 0) threads.add(out.thread);
      await o.onPhoto(photo, out.boxes, ++done);
    }
  };
  const settled = await Promise.allSettled(
    Array.from({ length: Math.min(o.pool.size, o.photos.length) }, lane),
  );
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return { threads: threads.size };
}
