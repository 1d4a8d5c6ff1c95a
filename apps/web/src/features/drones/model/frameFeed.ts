/** A camera frame as it arrives on the live connection: its render time on the server and the JPEG bytes. */
export interface LiveFrame {
  renderedAt: number;
  jpeg: Uint8Array;
}

/**
 * Frames handed from the live connection to whatever draws them, outside React state: a frame every 67 ms
 * must not re-render the console. One listener at a time (the video); the newest frame is kept for a listener
 * that comes later.
 */
export class FrameFeed {
  private listener: ((frame: LiveFrame) => void) | null = null;
  latest: LiveFrame | null = null;

  push(frame: LiveFrame): void {
    this.latest = frame;
    this.listener?.(frame);
  }

  listen(listener: (frame: LiveFrame) => void): () => void {
    this.listener = listener;
    if (this.latest) listener(this.latest);
    return () => {
      if (this.listener === listener) this.listener = null;
    };
  }

  clear(): void {
    this.latest = null;
  }
}
