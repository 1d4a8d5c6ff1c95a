import { availableParallelism } from 'node:os';
import { type TransferListItem, Worker } from 'node:worker_threads';
import { ThreadPool } from '../../../platform/jobs/threadPool.ts';

const built = !import.meta.url.endsWith('.ts');
/** The detector's module: next to this file in the sources, built to dist/modules/ai/detector/ by build.mjs. */
export const DETECTOR_MODULE = built
  ? new URL('./modules/ai/detector/train.task.js', import.meta.url)
  : new URL('./train.task.ts', import.meta.url);
const TASK_ENTRY = built
  ? new URL('./modules/ai/detector/taskEntry.js', import.meta.url)
  : new URL('./taskEntry.js', import.meta.url);

/**
 * Threads for detections: at least two (a project run keeps both cores of a small machine busy), one per
 * core up to four. Each loads the trunk once (~15 MB of weights); an idle one costs no CPU.
 */
export const DETECTOR_THREADS = Math.max(2, Math.min(4, availableParallelism()));

let pool: ThreadPool | undefined;
/** The detection threads (the detect call and project runs share them). */
export function detectorThreads(): ThreadPool {
  pool ??= new ThreadPool(DETECTOR_THREADS);
  return pool;
}

/** How often progress is reported at the least, also while the thread loads or works through a long step. */
export const PROGRESS_HEARTBEAT_MS = 1_000;

/**
 * Runs `fn` of the detector module in a thread of its own, reporting progress: `initial` at once, each step
 * the thread reports, and the latest again whenever a second passed without one (the thread loading the
 * trunk, or one long step on a busy machine), so progress is never silent. `signal` ends the thread
 * (cancelling the training) and rejects.
 */
export function runWithProgress<T>(
  fn: string,
  input: unknown,
  transfer: TransferListItem[],
  onProgress: (step: number, total: number) => void,
  signal: AbortSignal,
  initial?: [number, number],
): Promise<T> {
  let latest = initial;
  let reported = Date.now();
  const report = (step: number, total: number) => {
    latest = [step, total];
    reported = Date.now();
    onProgress(step, total);
  };
  if (initial) report(...initial);
  const heartbeat = setInterval(() => {
    if (latest && Date.now() - reported >= PROGRESS_HEARTBEAT_MS) report(...latest);
  }, PROGRESS_HEARTBEAT_MS / 4);
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(TASK_ENTRY, {
      workerData: { module: String(DETECTOR_MODULE), fn, input },
      transferList: transfer,
    });
    let settled = false;
    const finish = (err: Error | null, value?: T) => {
      if (settled) return;
      settled = true;
      clearInterval(heartbeat);
      signal.removeEventListener('abort', abort);
      void worker.terminate();
      if (err) reject(err);
      else resolve(value as T);
    };
    const abort = () => finish(new Error('Training cancelled'));
    signal.addEventListener('abort', abort, { once: true });
    worker.on('message', (m: { progress?: [number, number]; result?: T; error?: string }) => {
      if (m.progress) report(m.progress[0], m.progress[1]);
      else if (m.error !== undefined) finish(new Error(m.error));
      else finish(null, m.result);
    });
    worker.on('error', (err) => finish(err));
    worker.on('exit', (code) => finish(new Error(`The training thread ended (${code})`)));
  });
}
