import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/**
 * How server processes reach each other about drones: status, camera frames, commands and their answers.
 * In-process with one server; Redis pub/sub (`REDIS_URL`) with several. Messages are bytes (frames are JPEG).
 */
export interface DroneBus {
  publish(channel: string, message: Buffer): void;
  /** Returns the unsubscribe. */
  subscribe(channel: string, handler: (message: Buffer) => void): () => void;
  close(): Promise<void>;
}

export class InProcessBus implements DroneBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publish(channel: string, message: Buffer): void {
    // Asynchronous like a real bus: a publisher never runs its subscribers inside its own call.
    queueMicrotask(() => this.emitter.emit(channel, message));
  }

  subscribe(channel: string, handler: (message: Buffer) => void): () => void {
    this.emitter.on(channel, handler);
    return () => this.emitter.off(channel, handler);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** Redis pub/sub: one connection publishes, one listens (a subscribed Redis connection can do nothing else). */
export class RedisBus implements DroneBus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers = new Map<string, Set<(message: Buffer) => void>>();

  constructor(
    url: string,
    private readonly prefix: string,
    onError: (err: Error) => void,
  ) {
    const options = { maxRetriesPerRequest: 2, lazyConnect: false };
    this.pub = new Redis(url, options);
    this.sub = new Redis(url, options);
    this.pub.on('error', onError);
    this.sub.on('error', onError);
    this.sub.on('messageBuffer', (channel: Buffer, message: Buffer) => {
      const name = channel.toString().slice(this.prefix.length);
      for (const handler of this.handlers.get(name) ?? []) handler(message);
    });
  }

  /** Resolves once both connections are up and subscriptions will be heard. */
  async ready(): Promise<void> {
    await Promise.all([this.pub.ping(), this.sub.ping()]);
  }

  publish(channel: string, message: Buffer): void {
    this.pub.publish(this.prefix + channel, message).catch(() => {
      // A lost publish is a lost status or frame: the next one follows within 100 ms. Errors are logged by onError.
    });
  }

  subscribe(channel: string, handler: (message: Buffer) => void): () => void {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      void this.sub.subscribe(this.prefix + channel).catch(() => {});
    }
    set.add(handler);
    return () => {
      const current = this.handlers.get(channel);
      if (!current) return;
      current.delete(handler);
      if (current.size === 0) {
        this.handlers.delete(channel);
        void this.sub.unsubscribe(this.prefix + channel).catch(() => {});
      }
    };
  }

  /** Waits until the listening connection has every channel subscribed (tests wait for it before publishing). */
  async settled(): Promise<void> {
    await this.sub.ping().catch(() => {});
  }

  async close(): Promise<void> {
    this.handlers.clear();
    this.pub.disconnect();
    this.sub.disconnect();
  }
}
