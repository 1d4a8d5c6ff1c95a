import type { Map as MapLibreMap } from 'maplibre-gl';

/** While tiles load and the camera is still, at most one frame per this many ms. */
export const LOADING_FRAME_MS = 120;

/**
 * Makes `map` draw fewer frames while its first view loads. Each tile that arrives asks for a frame, and a
 * map with a dozen sources (base map, data, selection) drew one per arrival, 15–25 frames before it settled.
 * Without a GPU (WebGL in software) each such frame costs the page's thread 50–250 ms, while the tiles still
 * being cut in the map's worker wait for the same two cores. Here, while tiles are still loading and nothing
 * moves, at most one frame is drawn per `frameMs`: the arrivals in between share the next one. A moving map
 * (a drag, a zoom, an animation) and a map whose tiles are all in draw at once as before, so interaction
 * stays as smooth and the settled map comes as early. Call the returned `stop` once the map has settled with
 * its data: later updates (a shape being drawn, a filter) draw at once again.
 */
export function coalesceLoadingFrames(map: MapLibreMap, frameMs = LOADING_FRAME_MS): () => void {
  const drawNow = map.triggerRepaint.bind(map);
  let pending: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  // When the last paced frame was asked for: the first arrival after a quiet spell draws at once.
  let lastFrame = Number.NEGATIVE_INFINITY;
  // MapLibre's own calls go through the instance, so this covers tile arrivals as well as callers'.
  map.triggerRepaint = () => {
    // Before the style exists there are no tiles to wait for (and MapLibre's own check declines the frame).
    if (stopped || !(map as { style?: unknown }).style || map.isMoving() || map.areTilesLoaded()) {
      if (pending !== undefined) clearTimeout(pending);
      pending = undefined;
      drawNow();
      return;
    }
    if (pending !== undefined) return;
    const wait = lastFrame + frameMs - performance.now();
    if (wait <= 0) {
      lastFrame = performance.now();
      drawNow();
      return;
    }
    pending = setTimeout(() => {
      pending = undefined;
      lastFrame = performance.now();
      drawNow();
    }, wait);
  };
  const cancel = () => {
    stopped = true;
    if (pending !== undefined) clearTimeout(pending);
    const waiting = pending !== undefined;
    pending = undefined;
    return waiting;
  };
  map.once('remove', cancel);
  // A frame still waiting is drawn now.
  return () => {
    if (cancel()) drawNow();
  };
}
