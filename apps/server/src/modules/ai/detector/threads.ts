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

/**
 * Runs `fn` of the detector module in a thread of its own, reporting progress; `signal` ends the thread
 * (cancelling the training) and rejects.
 */
export function runWithProgress<T>(
  fn: string,
  input: unknown,
  transfer: TransferListItem[],
  onProgress: (step: number, total: number) => void,
  signal: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(TASK_ENTRY, {
      workerData: { module: String(DETECTOR_MODULE), fn, input },
      transferList: transfer,
    });
    let settled = false;
    const finish = (err: Error | null, value?: T) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', abort);
      void worker.terminate();
      if (err) reject(err);
      else resolve(value as T);
    };
    const abort = () => finish(new Error('Training cancelled'));
    signal.addEventListener('abort', abort, { once: true });
    worker.on('message', (m: { progress?: [number, number]; result?: T; error?: string }) => {
      if (m.progress) onProgress(m.progress[0], m.progress[1]);
      else if (m.error !== undefined) finish(new Error(m.error));
      else finish(null, m.result);
    });
    worker.on('error', (err) => finish(err));
    worker.on('exit', (code) => finish(new Error(`The training thread ended (${code})`)));
  });
}
