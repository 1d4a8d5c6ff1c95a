import type { Map as MapLibreMap } from 'maplibre-gl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesceLoadingFrames } from './coalesceLoadingFrames.ts';

/** The parts of a MapLibre map the pacing reads, with the frames it asked for counted. */
function pacedMap() {
  const state = { moving: false, tilesLoaded: false, frames: 0, onRemove: [] as (() => void)[] };
  const map = {
    style: {},
    triggerRepaint: () => {
      state.frames += 1;
    },
    isMoving: () => state.moving,
    areTilesLoaded: () => state.tilesLoaded,
    once: (event: string, listener: () => void) => {
      if (event === 'remove') state.onRemove.push(listener);
    },
  };
  const stop = coalesceLoadingFrames(map as unknown as MapLibreMap, 100);
  return { map, state, stop };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('coalesceLoadingFrames', () => {
  it('lets the tile arrivals of one interval share a frame while tiles load', () => {
    const { map, state } = pacedMap();
    // The first arrival after a quiet spell draws at once; the next ones within 100 ms share one frame.
    map.triggerRepaint();
    expect(state.frames).toBe(1);
    vi.advanceTimersByTime(30);
    for (let i = 0; i < 10; i++) map.triggerRepaint();
    expect(state.frames).toBe(1);
    vi.advanceTimersByTime(69);
    expect(state.frames).toBe(1);
    vi.advanceTimersByTime(1);
    expect(state.frames).toBe(2);
    // Quiet for longer than the interval: at once again.
    vi.advanceTimersByTime(150);
    map.triggerRepaint();
    expect(state.frames).toBe(3);
  });

  it('draws at once when the last tile is in, or the map moves', () => {
    const { map, state } = pacedMap();
    map.triggerRepaint();
    map.triggerRepaint();
    expect(state.frames).toBe(1);
    state.tilesLoaded = true;
    map.triggerRepaint();
    expect(state.frames).toBe(2);
    // The waiting frame was that one: not drawn again.
    vi.advanceTimersByTime(500);
    expect(state.frames).toBe(2);
    state.tilesLoaded = false;
    map.triggerRepaint();
    state.moving = true;
    map.triggerRepaint();
    expect(state.frames).toBe(4);
  });

  it('paces nothing once stopped (the map has settled with its data) or removed', () => {
    const { map, state, stop } = pacedMap();
    map.triggerRepaint();
    map.triggerRepaint();
    expect(state.frames).toBe(1);
    // The waiting frame is drawn at once; later ones as MapLibre asks.
    stop();
    expect(state.frames).toBe(2);
    vi.advanceTimersByTime(500);
    expect(state.frames).toBe(2);
    map.triggerRepaint();
    expect(state.frames).toBe(3);

    const other = pacedMap();
    other.map.triggerRepaint();
    other.map.triggerRepaint();
    for (const listener of other.state.onRemove) listener();
    vi.advanceTimersByTime(500);
    expect(other.state.frames).toBe(1);
  });
});
