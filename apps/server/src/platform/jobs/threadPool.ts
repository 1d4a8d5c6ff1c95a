import { availableParallelism } from 'node:os';
import { type TransferListItem, Worker } from 'node:worker_threads';

interface Pending {
  id: number;
  module: string;
  fn: string;
  args: unknown[];
  /** Moved to the thread rather than copied (the caller gives them up). */
  transfer: TransferListItem[];
  resolve(value: unknown): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  busy: Pending | null;
}

/** Next to this file in the sources, next to the bundle in dist/ (build.mjs copies it there). */
const entry = new URL('./threadEntry.js', import.meta.url);

/**
 * A fixed set of worker threads for CPU-heavy job work (images, tiles, training), so the event loop
 * keeps answering requests and renewing leases meanwhile. `run(moduleUrl, 'fn', args)` imports the
 * module in a free thread and calls its exported function; arguments and result cross by structured
 * clone (transfer big buffers, or share a SharedArrayBuffer). A thread that crashes is replaced.
 *
 * The module must be loadable on its own: under `npm start` list it as an entry point in build.mjs.
 */
export class ThreadPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(readonly size = Math.max(1, availableParallelism() - 1)) {
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  run<T>(module: string | URL, fn: string, ...args: unknown[]): Promise<T> {
    return this.runMoving<T>(module, fn, args, []);
  }

  /**
   * `run`, moving `transfer` (the ArrayBuffers of big arguments, e.g. a photo's bytes) to the thread
   * instead of copying them: they are unusable in the caller afterwards.
   */
  runMoving<T>(module: string | URL, fn: string, args: unknown[], transfer: TransferListItem[]): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The thread pool is closed'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        id: this.nextId++,
        module: String(module),
        fn,
        args,
        transfer,
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      this.dispatch();
    });
  }

  /** Ends every thread; tasks still queued or running are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new Error('The thread pool is closed'));
    await Promise.all(
      this.slots.map(async (slot) => {
        slot.busy?.reject(new Error('The thread pool is closed'));
        slot.busy = null;
        await slot.worker.terminate();
      }),
    );
  }

  private spawn(): Slot {
    const worker = new Worker(entry);
    const slot: Slot = { worker, busy: null };
    worker.on(
      'message',
      (msg: { id: number; ok: boolean; result?: unknown; error?: { message: string } }) => {
        const task = slot.busy;
        if (!task || task.id !== msg.id) return;
        slot.busy = null;
        if (msg.ok) task.resolve(msg.result);
        else task.reject(new Error(msg.error?.message ?? 'Thread task failed'));
        this.dispatch();
      },
    );
    worker.on('error', (err) => {
      slot.busy?.reject(err);
      slot.busy = null;
    });
    worker.on('exit', () => {
      if (this.closed) return;
      // A thread that died (out of memory, process.exit in the task) is replaced.
      slot.busy?.reject(new Error('The worker thread exited'));
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots[index] = this.spawn();
      this.dispatch();
    });
    worker.unref();
    return slot;
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.busy || this.queue.length === 0) continue;
      const task = this.queue.shift()!;
      slot.busy = task;
      slot.worker.ref();
      slot.worker.postMessage(
        { id: task.id, module: task.module, fn: task.fn, args: task.args },
        task.transfer,
      );
    }
    // Idle threads must not keep the process alive.
    for (const slot of this.slots) if (!slot.busy) slot.worker.unref();
  }
}
