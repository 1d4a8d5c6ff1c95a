import { createServer, get, type IncomingMessage, type Server } from 'node:http';

const BOUNDARY = 'linewalkerframe';

export interface CameraServerOptions {
  /** Renders the camera's current view (a JPEG). */
  render: () => Promise<Buffer>;
  fps: number;
}

/**
 * The simulated vehicle's camera over loopback HTTP, as a companion computer serves one: `/video.mjpeg`
 * (multipart MJPEG, rendered only while someone watches, a slow viewer skips frames) and `/captures/<n>.jpg`
 * (the photos the camera took).
 */
export class CameraServer {
  private readonly viewers = new Set<import('node:http').ServerResponse>();
  private readonly captures = new Map<number, Buffer>();
  private timer: NodeJS.Timeout | null = null;
  private rendering = false;

  private constructor(
    private readonly server: Server,
    private readonly options: CameraServerOptions,
  ) {}

  static start(options: CameraServerOptions, host = '127.0.0.1'): Promise<CameraServer> {
    const server = createServer();
    const camera = new CameraServer(server, options);
    server.on('request', (req, res) => camera.handle(req, res));
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, host, () => resolve(camera));
    });
  }

  get url(): string {
    const address = this.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return `http://127.0.0.1:${port}`;
  }

  /** Keeps a taken photo (the last 20) and answers the URL it is served at. */
  keep(index: number, jpeg: Buffer): string {
    this.captures.set(index, jpeg);
    for (const key of this.captures.keys()) if (this.captures.size > 20) this.captures.delete(key);
    return `${this.url}/captures/${index}.jpg`;
  }

  close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    for (const viewer of this.viewers) viewer.destroy();
    this.viewers.clear();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: import('node:http').ServerResponse): void {
    const capture = /^\/captures\/(\d+)\.jpg$/.exec(req.url ?? '');
    if (capture) {
      const jpeg = this.captures.get(Number(capture[1]));
      if (!jpeg) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpeg.length }).end(jpeg);
      return;
    }
    if (req.url !== '/video.mjpeg') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': `multipart/x-mixed-replace; boundary=${BOUNDARY}`,
      'cache-control': 'no-store',
    });
    this.viewers.add(res);
    res.on('close', () => {
      this.viewers.delete(res);
      if (this.viewers.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    });
    if (!this.timer) this.timer = setInterval(() => void this.frame(), 1000 / this.options.fps);
  }

  private async frame(): Promise<void> {
    if (this.rendering) return;
    this.rendering = true;
    try {
      const jpeg = await this.options.render();
      const head = `--${BOUNDARY}\r\nContent-Type: image/jpeg\r\nContent-Length: ${jpeg.length}\r\n\r\n`;
      for (const viewer of this.viewers) {
        // A viewer whose socket is still full skips this frame.
        if (viewer.writableLength > 0) continue;
        viewer.write(Buffer.concat([Buffer.from(head), jpeg, Buffer.from('\r\n')]));
      }
    } finally {
      this.rendering = false;
    }
  }
}

/**
 * Reads an MJPEG stream (`multipart/x-mixed-replace`, each part with its Content-Length, as mjpg-streamer and
 * our simulator send it); calls `onFrame` per JPEG. The returned function stops it.
 */
export function readMjpeg(url: string, onFrame: (jpeg: Buffer) => void, onEnd: () => void): () => void {
  let stopped = false;
  let pending: Buffer = Buffer.alloc(0);
  const req = get(url, (res) => {
    if (res.statusCode !== 200) {
      res.resume();
      onEnd();
      return;
    }
    res.on('data', (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      for (;;) {
        const headEnd = pending.indexOf('\r\n\r\n');
        if (headEnd < 0) break;
        const length = /content-length:\s*(\d+)/i.exec(pending.subarray(0, headEnd).toString('latin1'));
        if (!length) {
          pending = pending.subarray(headEnd + 4);
          continue;
        }
        const start = headEnd + 4;
        const end = start + Number(length[1]);
        if (pending.length < end) break;
        onFrame(Buffer.from(pending.subarray(start, end)));
        pending = pending.subarray(end);
      }
    });
    res.on('end', () => {
      if (!stopped) onEnd();
    });
  });
  req.on('error', () => {
    if (!stopped) onEnd();
  });
  return () => {
    stopped = true;
    req.destroy();
  };
}

/** One JPEG by HTTP (a photo the vehicle's camera took); null when it cannot be fetched in time. */
export function fetchJpeg(url: string, timeoutMs: number): Promise<Buffer | null> {
  return fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
    .then(async (res) => (res.ok ? Buffer.from(await res.arrayBuffer()) : null))
    .catch(() => null);
}
