import { availableParallelism } from 'node:os';
import { ThreadPool } from '../../platform/jobs/threadPool.ts';

let pool: ThreadPool | undefined;

/**
 * Threads for cutting deep-zoom tiles during a request, apart from the photo-processing threads so a viewer's
 * tiles never wait behind a batch of uploads. Made on first use.
 */
export function tileThreads(): ThreadPool {
  pool ??= new ThreadPool(Math.max(1, Math.min(2, availableParallelism())));
  return pool;
}
