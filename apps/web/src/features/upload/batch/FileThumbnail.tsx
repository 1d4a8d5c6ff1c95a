import { useEffect, useRef } from 'react';

const SIZE = 112; // device pixels: sharp at 56 CSS px on a 2× screen

/**
 * A small picture of a local file drawn on a canvas. A blob: URL would be simpler, but revoking it
 * while the browser is still decoding a 12 MP photo (the dialog closes on Upload) fails the load
 * and logs an error; a bitmap scaled while decoding needs no URL and keeps only the small copy.
 */
export function FileThumbnail({ file, height }: { file: File; height: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (typeof createImageBitmap !== 'function') return;
    let cancelled = false;
    createImageBitmap(file, { resizeHeight: SIZE, resizeQuality: 'low' })
      .then((bitmap) => {
        const target = canvas.current;
        if (!cancelled && target) {
          // Cover the square box: crop the middle of the scaled photo.
          target.width = SIZE;
          target.height = SIZE;
          target.getContext('2d')?.drawImage(bitmap, (SIZE - bitmap.width) / 2, 0);
        }
        bitmap.close();
      })
      .catch(() => {
        // Not a picture the browser can decode (the server judges the file): the box stays blank.
      });
    return () => {
      cancelled = true;
    };
  }, [file]);
  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={file.name}
      title={file.name}
      style={{
        width: '100%',
        height,
        borderRadius: 'var(--mantine-radius-sm)',
        background: 'var(--mantine-color-gray-2)',
        display: 'block',
      }}
    />
  );
}
