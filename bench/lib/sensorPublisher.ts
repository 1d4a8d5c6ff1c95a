import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BurstTarget } from './sensorMessages.ts';

export interface PublishRequest {
  id: number;
  target: BurstTarget;
  tick: number;
  count: number;
}

/**
 * The simulated devices in a process of their own, as in a deployment (devices, or `npm run
 * simulate:sensors`, are never the server's process): a burst is published by the child while this process
 * only receives, so neither side of a sensor scenario pays for the publishing on its own thread.
 */
export class PublisherProcess {
  private next = 0;
  private readonly waiting = new Map<number, { resolve(): void; reject(err: Error): void }>();

  private constructor(private readonly child: ReturnType<typeof fork>) {
    child.on('message', (m: { id: number; error?: string }) => {
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id);
      if (m.error) w.reject(new Error(m.error));
      else w.resolve();
    });
    child.on('exit', (code) => {
      for (const w of this.waiting.values()) w.reject(new Error(`publisher process exited (${code})`));
      this.waiting.clear();
    });
  }

  static async start(): Promise<PublisherProcess> {
    const child = fork(fileURLToPath(new URL('./sensorPublisherMain.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`publisher process exited (${code}) before connecting`)));
    });
    return new PublisherProcess(child);
  }

  /** Publishes a burst of `count` readings (QoS 1, each acknowledged by the broker) and resolves when done. */
  publish(target: BurstTarget, tick: number, count: number): Promise<void> {
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.child.send({ id, target, tick, count } satisfies PublishRequest);
    });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ stop: true });
    await exited;
  }
}
