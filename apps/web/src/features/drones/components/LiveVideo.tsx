import { useEffect, useRef } from 'react';
import type { FrameFeed, LiveFrame } from '../model/frameFeed.ts';

/** The still shown until the first camera frame arrives: sky over ground. */
const DEFAULT_STILL =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><rect width="640" height="180" fill="#9cc7ea"/><rect y="180" width="640" height="180" fill="#6f8f4e"/></svg>',
  );

/**
 * A JPEG decoded for drawing. WebCodecs' ImageDecoder decodes inside the page; a Blob for createImageBitmap
 * is first registered with the browser process (a copy and a round trip per frame), so it is the fallback.
 */
async function decodeJpeg(jpeg: Uint8Array): Promise<ImageBitmap | VideoFrame> {
  if (typeof ImageDecoder === 'function') {
    const decoder = new ImageDecoder({ data: jpeg, type: 'image/jpeg' });
    try {
      return (await decoder.decode()).image;
    } finally {
      decoder.close();
    }
  }
  return createImageBitmap(new Blob([jpeg as BlobPart], { type: 'image/jpeg' }));
}

const FILL = { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' } as const;

/**
 * The live video: each frame is decoded off the main thread (ImageDecoder or createImageBitmap) and drawn on a canvas, the
 * newest only — a frame that arrives while one decodes replaces any other waiting, so a slow page shows fewer
 * frames, never older ones. The canvas carries the shown frame's render time (`data-rendered-at`) and fires
 * `videoframe` with it, so the delay from camera to screen can be measured.
 */
export function LiveVideo({ feed }: { feed: FrameFeed }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    let waiting: LiveFrame | null = null;
    let decoding = false;
    let stopped = false;
    const draw = async (frame: LiveFrame) => {
      decoding = true;
      try {
        const bitmap = await decodeJpeg(frame.jpeg);
        const width = 'displayWidth' in bitmap ? bitmap.displayWidth : bitmap.width;
        const height = 'displayHeight' in bitmap ? bitmap.displayHeight : bitmap.height;
        if (!stopped) {
          if (canvas.width !== width) canvas.width = width;
          if (canvas.height !== height) canvas.height = height;
          context.drawImage(bitmap, 0, 0);
          canvas.dataset.renderedAt = String(frame.renderedAt);
          canvas.dispatchEvent(new CustomEvent('videoframe', { detail: { renderedAt: frame.renderedAt } }));
        }
        bitmap.close();
      } catch {
        // A damaged frame is skipped; the next one replaces it.
      }
      decoding = false;
      const next = waiting;
      waiting = null;
      if (next && !stopped) void draw(next);
    };
    const unlisten = feed.listen((frame) => {
      if (decoding) waiting = frame;
      else void draw(frame);
    });
    return () => {
      stopped = true;
      unlisten();
    };
  }, [feed]);

  return (
    <>
      <img src={DEFAULT_STILL} alt="" aria-hidden style={FILL} />
      <canvas ref={canvasRef} role="img" aria-label="Live video from the drone" style={FILL} />
    </>
  );
}
