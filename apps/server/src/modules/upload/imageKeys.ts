/** The derived sizes a processed photo has next to its original. */
export type DerivedSize = 'THUMBNAIL_IMG' | 'MEDIUM_IMG';

const SUFFIX: Record<DerivedSize, string> = { THUMBNAIL_IMG: 'thumb', MEDIUM_IMG: 'medium' };

/** Where a derived size of the photo stored under `originalKey` lives: `images/7/abc.jpg` → `images/7/abc.thumb.jpg`. */
export function derivedKey(originalKey: string, size: DerivedSize): string {
  const dot = originalKey.lastIndexOf('.');
  const stem = dot > originalKey.lastIndexOf('/') ? originalKey.slice(0, dot) : originalKey;
  return `${stem}.${SUFFIX[size]}.jpg`;
}

/**
 * Where a deep-zoom tile of the photo stored under `originalKey` is kept once cut:
 * `images/7/abc.jpg` → `images/7/abc.tiles/1/3_2.jpg` (level 1, column 3, row 2).
 */
export function tileKey(originalKey: string, level: number, col: number, row: number): string {
  const dot = originalKey.lastIndexOf('.');
  const stem = dot > originalKey.lastIndexOf('/') ? originalKey.slice(0, dot) : originalKey;
  return `${stem}.tiles/${level}/${col}_${row}.jpg`;
}
