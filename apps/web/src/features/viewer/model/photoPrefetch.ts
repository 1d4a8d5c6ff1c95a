/** What the prefetch needs of an image element (an `HTMLImageElement`; a stand-in in tests). */
export interface PrefetchImage {
  src: string;
  decode(): Promise<void>;
  removeAttribute(name: 'src'): void;
}

/**
 * Photos loaded and decoded ahead of the stage: the ones a reviewer reaches next with Back and Next. An image
 * element of a URL keeps the page's in-memory image (bytes and decoded pixels) alive, so the stage's <img> of
 * the same URL shows at once; this works with or without the HTTP cache. Holds only the URLs last asked for:
 * the others are let go, and a download still running is stopped.
 */
export class PhotoPrefetch {
  private readonly held = new Map<string, PrefetchImage>();

  constructor(private readonly create: () => PrefetchImage = () => new Image()) {}

  /** Holds exactly these URLs: starts the new ones, lets go of the rest. */
  keep(urls: readonly string[]): void {
    const wanted = new Set(urls);
    for (const [url, image] of this.held) {
      if (!wanted.has(url)) this.drop(url, image);
    }
    for (const url of wanted) {
      if (this.held.has(url)) continue;
      const image = this.create();
      image.src = url;
      // Dropped before it was decoded, or not an image: the stage loads it itself and says so.
      image.decode().catch(() => undefined);
      this.held.set(url, image);
    }
  }

  /** The URLs held, in the order they were started. */
  urls(): string[] {
    return [...this.held.keys()];
  }

  clear(): void {
    for (const [url, image] of this.held) this.drop(url, image);
  }

  private drop(url: string, image: PrefetchImage): void {
    // Without a source the element stops its download (no request error is logged) and frees its pixels.
    image.removeAttribute('src');
    this.held.delete(url);
  }
}

/** Which way the reviewer last stepped through the photos. */
export type StepDirection = 'back' | 'next';

/**
 * The photos to load ahead of the one shown. In SD both neighbours (a 2048 px medium decodes to ~16 MB);
 * in HD only the one the reviewer is heading to, since a 20 MP original decodes to ~80 MB and a reviewer
 * who turned HD on mostly keeps going the same way.
 */
export function neighboursToPrefetch(
  before: number | undefined,
  after: number | undefined,
  hd: boolean,
  direction: StepDirection,
): number[] {
  const both = [before, after];
  const ahead = direction === 'back' ? [before ?? after] : [after ?? before];
  return (hd ? ahead : both).filter((id) => id !== undefined);
}
