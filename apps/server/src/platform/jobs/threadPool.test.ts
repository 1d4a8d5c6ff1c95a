import { afterAll, describe, expect, it } from 'vitest';
import { ThreadPool } from './threadPool.ts';

const tasks = new URL('./testing/cpuTasks.ts', import.meta.url);
const pool = new ThreadPool(2);
afterAll(() => pool.close());

describe('ThreadPool', () => {
  it('runs a CPU-bound module function in a thread and returns its result', async () => {
    expect(await pool.run<number>(tasks, 'countPrimes', 100_000)).toBe(9592);
  });

  it('keeps the event loop free while a thread computes', async () => {
    const flags = new Int32Array(new SharedArrayBuffer(8));
    const spinning = pool.run<string>(tasks, 'spinUntilReleased', flags.buffer);
    // Timers run only on a free event loop: this one sees the thread spinning, then releases it.
    const timerTicks = await new Promise<number>((resolve) => {
      let ticks = 0;
      const timer = setInterval(() => {
        ticks++;
        if (Atomics.load(flags, 0) === 1) {
          clearInterval(timer);
          Atomics.store(flags, 1, 1);
          resolve(ticks);
        }
      }, 10);
    });
    expect(await spinning).toBe('released');
    expect(timerTicks).toBeGreaterThan(0);
  }, 60_000);

  it('runs more tasks than threads, queueing the rest', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => pool.run<number>(tasks, 'countPrimes', 1000 * i)),
    );
    expect(results).toEqual([168, 303, 430, 550, 669]);
  }, 60_000);

  it("rejects with the task's error message, and the thread keeps serving", async () => {
    await expect(pool.run(tasks, 'fail', 'bad input')).rejects.toThrow('bad input');
    await expect(pool.run(tasks, 'nope')).rejects.toThrow(/no function nope/);
    expect(await pool.run<number>(tasks, 'countPrimes', 10)).toBe(4);
  });
});
