import type { Map as MapLibreMap } from 'maplibre-gl';
import { DEFAULT_VIEW } from './defaultView.ts';

/** [[west, south], [east, north]] in degrees. */
export type Bounds = [[number, number], [number, number]];

/**
 * The box around `count` points, each read by `position(k)` as [longitude, latitude], or null for
 * none. Taking an accessor lets callers pass typed arrays or indices into their own data without
 * building an array of 50,000 pairs first.
 */
export function boundsOf(count: number, position: (k: number) => readonly [number, number]): Bounds | null {
  if (count === 0) return null;
  let west = 180;
  let south = 90;
  let east = -180;
  let north = -90;
  for (let k = 0; k < count; k++) {
    const [lng, lat] = position(k);
    if (lng < west) west = lng;
    if (lng > east) east = lng;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  return [
    [west, south],
    [east, north],
  ];
}

export interface FitOptions {
  /** Room around the box, in pixels: more where toolbars or buttons cover the map. */
  padding?: number | { top: number; bottom: number; left: number; right: number };
  /** A single point (or a tiny box) is not zoomed in past this. */
  maxZoom?: number;
  /** false jumps at once (the first fit, before the user has seen the map). */
  animate?: boolean;
  /** Where to go when there is nothing to fit; DEFAULT_VIEW when not given. */
  fallback?: { center: [number, number]; zoom: number };
}

/** Moves the map to show `bounds`, or to the fallback view when there is nothing to show. */
export function fitMapTo(map: MapLibreMap, bounds: Bounds | null, options: FitOptions = {}): void {
  const { padding = 32, maxZoom = 15, animate = true, fallback = DEFAULT_VIEW } = options;
  if (bounds) map.fitBounds(bounds, { padding, maxZoom, ...(animate ? {} : { duration: 0 }) });
  else map.easeTo({ center: fallback.center, zoom: fallback.zoom, ...(animate ? {} : { duration: 0 }) });
}
