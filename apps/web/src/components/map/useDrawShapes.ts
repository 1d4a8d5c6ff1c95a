import type { Polygon } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type HexColor, TerraDraw, TerraDrawPolygonMode, TerraDrawRectangleMode } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';

/** 'static' pans the map and lets markers be clicked; the other two draw a selection shape. */
export type DrawMode = 'static' | 'rectangle' | 'polygon';

const STROKE: HexColor = '#e8590c';
const shapeStyles = {
  fillColor: STROKE,
  fillOpacity: 0.12,
  outlineColor: STROKE,
  outlineWidth: 2,
};

/** The shape modes: what a finished shape was drawn with. */
export type ShapeMode = Exclude<DrawMode, 'static'>;

/**
 * Rectangle and polygon drawing with terra-draw, for picking things on the map by area. A finished
 * shape is handed to `onShape` and removed at once (it is a gesture, not a drawing to keep), and
 * the map goes back to panning. Escape cancels a shape; Enter finishes a polygon. `enabled` false
 * (e.g. a read-only user) leaves the map pan-only.
 */
export function useDrawShapes(
  map: MapLibreMap | null,
  enabled: boolean,
  onShape: (polygon: Polygon, mode: ShapeMode) => void,
) {
  const drawRef = useRef<TerraDraw | null>(null);
  const onShapeRef = useRef(onShape);
  onShapeRef.current = onShape;
  const [mode, setModeState] = useState<DrawMode>('static');
  const modeRef = useRef<DrawMode>('static');

  const setMode = useCallback((next: DrawMode) => {
    modeRef.current = next;
    setModeState(next);
    const draw = drawRef.current;
    if (draw?.enabled) draw.setMode(next);
  }, []);

  useEffect(() => {
    if (!map || !enabled) return;
    const draw = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map }),
      modes: [
        new TerraDrawRectangleMode({
          drawInteraction: 'click-move-or-drag',
          keyEvents: { cancel: 'Escape', finish: 'Enter' },
          styles: shapeStyles,
        }),
        new TerraDrawPolygonMode({
          keyEvents: { cancel: 'Escape', finish: 'Enter' },
          styles: { ...shapeStyles, closingPointColor: STROKE, closingPointOutlineColor: '#ffffff' },
        }),
      ],
    });
    draw.start();
    draw.setMode(modeRef.current);
    drawRef.current = draw;

    const onFinish = (id: string | number, context: { mode: string }) => {
      const feature = draw.getSnapshotFeature(id);
      // Out of terra-draw's own event handling before its store is changed.
      setTimeout(() => {
        if (draw.enabled) draw.removeFeatures([id]);
        setMode('static');
      }, 0);
      if (feature?.geometry.type !== 'Polygon') return;
      onShapeRef.current(feature.geometry, context.mode === 'polygon' ? 'polygon' : 'rectangle');
    };
    draw.on('finish', onFinish);
    return () => {
      draw.off('finish', onFinish);
      drawRef.current = null;
      // On unmount the map may already be removed, taking terra-draw's layers with it.
      try {
        if (draw.enabled) draw.stop();
      } catch {
        /* nothing left to clean up */
      }
    };
  }, [map, enabled, setMode]);

  return { mode, modeRef, setMode };
}
