import type { BasemapSource } from '@linewalker/domain';
import { describe, expect, it } from 'vitest';
import { resolveBasemap } from './basemapChoice.ts';

const source = (available: boolean): BasemapSource => ({
  kind: 'raster',
  url: 'x/{z}/{x}/{y}',
  available,
  attribution: '',
});

describe('resolveBasemap', () => {
  it('shows the chosen basemap when the server reached it', () => {
    expect(
      resolveBasemap({ streets: source(true), satellite: source(true) }, 'satellite', new Set()),
    ).toEqual({
      offered: ['streets', 'satellite', 'offline'],
      shown: 'satellite',
      notice: null,
    });
  });

  it('falls back to Offline with a notice when it is unreachable, or failed in this browser', () => {
    const down = resolveBasemap({ streets: source(false), satellite: null }, 'streets', new Set());
    expect(down).toEqual({
      offered: ['streets', 'offline'],
      shown: 'offline',
      notice: 'Streets tiles cannot be reached: showing the offline map.',
    });
    const failed = resolveBasemap(
      { streets: source(true), satellite: null },
      'streets',
      new Set(['streets']),
    );
    expect(failed.shown).toBe('offline');
    expect(failed.notice).toMatch(/^Streets tiles cannot be reached/);
  });

  it('offers only what is configured, and Offline without a notice when the choice is not offered', () => {
    expect(resolveBasemap({ streets: null, satellite: null }, 'satellite', new Set())).toEqual({
      offered: ['offline'],
      shown: 'offline',
      notice: null,
    });
  });
});
