/**
 * Capture completeness (issue 8, Upload tab; spec 2 §4 Archive and §9): how many of the photos expected of a
 * structure were found, so a crew sees before leaving the site which structures are short.
 */

/** Five images are expected per structure (spec 2 §9). */
export const EXPECTED_IMAGES_PER_STRUCTURE = 5;

export interface CaptureCompleteness {
  found: number;
  expected: number;
  /** Fewer images than expected. */
  short: boolean;
  /** The spec's notification ('0 of 5 images found', 'Only N of 5 images found'); null when nothing is missing. */
  message: string | null;
}

export function captureCompleteness(
  imageCount: number,
  expected = EXPECTED_IMAGES_PER_STRUCTURE,
): CaptureCompleteness {
  // Counts come from the database; guard anyway so a bad value never prints 'Only -1 of 5' or 'Only 2.5 of 5'.
  const found = Number.isFinite(imageCount) ? Math.max(0, Math.floor(imageCount)) : 0;
  const short = found < expected;
  const message = !short
    ? null
    : found === 0
      ? `0 of ${expected} images found`
      : `Only ${found} of ${expected} images found`;
  return { found, expected, short, message };
}
