import type { GeoJSONSource, GeoJSONSourceSpecification, Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PointIndexClient, type ViewAnswer } from './pointIndexClient.ts';
import type { Box, PointSet } from './protocol.ts';
import { type FeatureNaming, viewFeatures } from './viewFeatures.ts';

/**
 * The plain (non-clustered) GeoJSON source a large point layer fills with the current view's clusters and
 * points: a few hundred features, whatever the size of the point set.
 */
export const largePointSource = (): GeoJSONSourceSpecification => ({
  type: 'geojson',
  data: { type: 'FeatureCollection', features: [] },
});

export interface LargePointLayerOptions extends FeatureNaming {
  /** The source (made with `largePointSource`) the view's features go to. */
  source: string;
  /** Pixels within which points merge into a cluster. */
  radius: number;
  /** Above this zoom every point is drawn on its own. */
  maxZoom: number;
  /** Called once the map has settled with the first view of a new point set (not for a replaced one). */
  onSettled?: () => void;
}

/** The view's box grown by half its width and height on each side: a pan that stays inside needs nothing new. */
function paddedView(map: MapLibreMap): Box {
  const b = map.getBounds();
  const w = (b.getEast() - b.getWest()) / 2;
  const h = (b.getNorth() - b.getSouth()) / 2;
  return [b.getWest() - w, Math.max(-90, b.getSouth() - h), b.getEast() + w, Math.min(90, b.getNorth() + h)];
}

const inside = (map: MapLibreMap, [west, south, east, north]: Box) => {
  const b = map.getBounds();
  return b.getWest() >= west && b.getEast() <= east && b.getSouth() >= south && b.getNorth() <= north;
};

/** Tells two answers of one point set apart: the same clusters (ids stand for their points) and points. */
const answerKey = (answer: ViewAnswer) =>
  `${answer.clusters.map((c) => c.id).join(',')};${answer.points.join(',')}`;

/**
 * A point layer for tens of thousands of points that MapLibre never sees whole. The point set lives in our
 * own worker (positions as transferred typed arrays, a k-d tree of the points, cluster levels built only
 * when a clustering zoom needs them or after the first drawing); the map's source gets only the clusters or
 * points of the padded view, asked for again when the view leaves that box, changes zoom level, or settles.
 * Clusters carry MapLibre's cluster properties, so cluster layers and clicks work unchanged; use
 * `expansionZoom` for where a clicked cluster splits.
 */
export function useLargePointLayer(
  map: MapLibreMap | null,
  points: PointSet | null,
  options: LargePointLayerOptions,
): { expansionZoom: (clusterId: number) => Promise<number> } {
  const ref = useRef(options);
  ref.current = options;
  const [client, setClient] = useState<PointIndexClient | null>(null);
  const generation = useRef(0);

  useEffect(() => {
    const made = new PointIndexClient();
    setClient(made);
    return () => made.dispose();
  }, []);

  // A new point set goes to the worker as soon as it is known, map or not.
  const [loaded, setLoaded] = useState<{
    points: PointSet;
    generation: number;
    /** The caller's naming as it was for these points (its point properties read the caller's own rows). */
    naming: FeatureNaming;
  } | null>(null);
  const { radius, maxZoom } = options;
  const countedKey = (options.counted ?? []).join(',');
  useEffect(() => {
    if (!client || !points) return;
    const counted = countedKey ? countedKey.split(',').map(Number) : [];
    generation.current = client.load(points, { radius, maxZoom, counted });
    setLoaded({ points, generation: generation.current, naming: ref.current });
  }, [client, points, radius, maxZoom, countedKey]);

  useEffect(() => {
    if (!map || !client || !loaded) return;
    let box: Box | null = null;
    let level = -1;
    let busy = false;
    let again = false;
    let drawn = false;
    let closed = false;
    // What the source holds: an answer with the same clusters and points is not handed over again (each
    // hand-over re-tiles the source and redraws the map).
    let shown = '';
    const refresh = () => {
      if (busy) {
        again = true;
        return;
      }
      busy = true;
      const asked = paddedView(map);
      const zoom = map.getZoom();
      client
        .view(loaded.generation, asked, zoom)
        .then((answer) => {
          if (closed) return;
          box = asked;
          level = Math.floor(zoom);
          const key = answerKey(answer);
          if (key !== shown) {
            shown = key;
            (map.getSource(ref.current.source) as GeoJSONSource | undefined)?.setData(
              viewFeatures(answer, loaded.points, loaded.naming),
            );
          }
          if (!drawn) {
            drawn = true;
            map.once('idle', () => {
              if (closed || generation.current !== loaded.generation) return;
              ref.current.onSettled?.();
              client.warm(loaded.generation);
            });
          }
        })
        .catch(() => {
          // A replaced point set or a closed worker: the next effect asks again.
        })
        .finally(() => {
          busy = false;
          if (again && !closed) {
            again = false;
            refresh();
          }
        });
    };
    // While moving, only when the view leaves what was drawn; once settled, re-centred on the view.
    const onMove = () => {
      if (!box || Math.floor(map.getZoom()) !== level || !inside(map, box)) refresh();
    };
    map.on('move', onMove);
    map.on('moveend', refresh);
    refresh();
    return () => {
      closed = true;
      map.off('move', onMove);
      map.off('moveend', refresh);
    };
  }, [map, client, loaded]);

  const expansionZoom = useCallback(
    (clusterId: number) =>
      client ? client.expansionZoom(generation.current, clusterId) : Promise.reject(new Error('no index')),
    [client],
  );
  return { expansionZoom };
}
