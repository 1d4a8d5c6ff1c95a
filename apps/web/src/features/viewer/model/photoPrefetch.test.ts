import { describe, expect, it } from 'vitest';
import { neighboursToPrefetch, PhotoPrefetch, type PrefetchImage } from './photoPrefetch.ts';

/** An image element stand-in: records its source; decode() settles when the test says. */
class FakeImage implements PrefetchImage {
  src = '';
  decodes = 0;
  decode(): Promise<void> {
    this.decodes++;
    return this.src === 'broken' ? Promise.reject(new Error('EncodingError')) : Promise.resolve();
  }
  removeAttribute(): void {
    this.src = '';
  }
}

describe('photo prefetch', () => {
  it('holds exactly the neighbours asked for, decoding each once', () => {
    const made: FakeImage[] = [];
    const prefetch = new PhotoPrefetch(() => {
      const image = new FakeImage();
      made.push(image);
      return image;
    });
    prefetch.keep(['/a', '/c']);
    expect(made.map((i) => i.src)).toEqual(['/a', '/c']);
    expect(made.every((i) => i.decodes === 1)).toBe(true);
    // Moving on lets the old neighbours go and starts the new ones only.
    prefetch.keep(['/b', '/d']);
    expect(prefetch.urls()).toEqual(['/b', '/d']);
    expect(made[0]!.src).toBe('');
    expect(made[1]!.src).toBe('');
    prefetch.keep(['/d', '/e']);
    expect(prefetch.urls()).toEqual(['/d', '/e']);
    expect(made).toHaveLength(5);
    expect(made[3]!.decodes).toBe(1);
  });

  it('lets everything go on clear, and a photo that will not decode does not throw', async () => {
    const made: FakeImage[] = [];
    const prefetch = new PhotoPrefetch(() => {
      const image = new FakeImage();
      made.push(image);
      return image;
    });
    prefetch.keep(['broken', '/x']);
    await Promise.resolve();
    prefetch.clear();
    expect(prefetch.urls()).toEqual([]);
    expect(made.every((i) => i.src === '')).toBe(true);
  });
});

describe('neighbours to prefetch', () => {
  it('are both neighbours in SD', () => {
    expect(neighboursToPrefetch(1, 3, false, 'next')).toEqual([1, 3]);
    expect(neighboursToPrefetch(undefined, 3, false, 'back')).toEqual([3]);
  });

  it('are the one ahead in HD, or the other at either end', () => {
    expect(neighboursToPrefetch(1, 3, true, 'next')).toEqual([3]);
    expect(neighboursToPrefetch(1, 3, true, 'back')).toEqual([1]);
    expect(neighboursToPrefetch(1, undefined, true, 'next')).toEqual([1]);
    expect(neighboursToPrefetch(undefined, 3, true, 'back')).toEqual([3]);
    expect(neighboursToPrefetch(undefined, undefined, true, 'next')).toEqual([]);
  });
});
