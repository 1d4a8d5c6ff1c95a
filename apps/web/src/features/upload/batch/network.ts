import { networkBackoffMs } from '@linewalker/domain';

/** fetch rejects with a TypeError when no answer came at all (offline, DNS, connection reset). */
export const isConnectionError = (error: unknown): boolean =>
  error instanceof TypeError || (typeof navigator !== 'undefined' && navigator.onLine === false);

export const isAbort = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError';

/** Resolves after `ms`, or rejects with an AbortError when `signal` aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Stopped', 'AbortError'));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DOMException('Stopped', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Resolves when the browser says it is online again (or after `ms`), whichever comes first. */
function onlineOrAfter(ms: number, signal: AbortSignal): Promise<void> {
  if (typeof window === 'undefined') return sleep(ms, signal);
  return new Promise((resolve, reject) => {
    const done = () => {
      window.removeEventListener('online', done);
      signal.removeEventListener('abort', stop);
      clearTimeout(timer);
      resolve();
    };
    const stop = () => {
      window.removeEventListener('online', done);
      clearTimeout(timer);
      reject(new DOMException('Stopped', 'AbortError'));
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
    signal.addEventListener('abort', stop, { once: true });
  });
}

/** Asks our own server whether it can be reached (no cache, no cookie needed). */
export async function probeServer(signal?: AbortSignal): Promise<boolean> {
  try {
    const response = await fetch('/api/v1/health', { cache: 'no-store', signal });
    return response.ok;
  } catch (error) {
    if (isAbort(error)) throw error;
    return false;
  }
}

/**
 * One gate for all uploads of a batch: when a call finds no network, every worker waits here while one
 * probe retries with exponential back-off (1 s, 2 s, 4 s … 30 s, sooner when the browser comes back
 * online). `onWaiting` reports the state for the 'Waiting for network…' line.
 */
export class NetworkGate {
  private waiting: Promise<boolean> | null = null;
  constructor(
    private readonly probe: (signal: AbortSignal) => Promise<boolean>,
    private readonly onWaiting: (waiting: boolean) => void,
    private readonly wait: (ms: number, signal: AbortSignal) => Promise<void> = onlineOrAfter,
  ) {}

  /**
   * Waits until the server answers. Resolves true when the network really was away (so the failed
   * call does not count as one of its tries), false when the server answered at once.
   */
  reachable(signal: AbortSignal): Promise<boolean> {
    if (!this.waiting) {
      this.waiting = this.loop(signal).finally(() => {
        this.waiting = null;
      });
    }
    return this.waiting;
  }

  private async loop(signal: AbortSignal): Promise<boolean> {
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    if (!offline && (await this.probe(signal))) return false;
    this.onWaiting(true);
    try {
      for (let attempt = 0; ; attempt++) {
        await this.wait(networkBackoffMs(attempt), signal);
        if (typeof navigator !== 'undefined' && navigator.onLine === false) continue;
        if (await this.probe(signal)) return true;
      }
    } finally {
      this.onWaiting(false);
    }
  }
}
