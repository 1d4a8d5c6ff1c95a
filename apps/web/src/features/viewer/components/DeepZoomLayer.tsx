import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { onNextFrame } from '../../../lib/nextFrame.ts';
import { chooseTiles, tileUrl } from '../model/deepZoom.ts';
import type { StageView } from '../model/stageGeometry.ts';

export interface DeepZoomHandle {
  /** The stage moved: fetch and show the tiles of this view (coalesced to one update per frame). */
  update(view: StageView, fit: number, stageWidth: number, stageHeight: number): void;
}

interface DeepZoomLayerProps {
  imageId: number;
  /** The photo's size in original pixels: the layer's coordinates, as the annotations'. */
  width: number;
  height: number;
}

/** Tile elements kept after they leave the screen, so panning back shows them at once. */
const KEPT_TILES = 96;

/**
 * The sharp layer of a large photo: above the medium and below the annotations, inside the stage's one
 * transformed wrapper, so each tile sits at its place in original pixels and moves with the photo and the
 * annotations without any computation per frame. When the zoom passes the medium's resolution it loads the
 * tiles on screen (cut on the server on the first request and kept there), middle first. DOM only, no React
 * render while panning.
 */
export const DeepZoomLayer = forwardRef<DeepZoomHandle, DeepZoomLayerProps>(function DeepZoomLayer(
  { imageId, width, height },
  ref,
) {
  const layerRef = useRef<HTMLDivElement>(null);
  const kept = useRef(new Map<string, HTMLImageElement>());
  /** Cancels the update waiting for its frame; null when none is. */
  const pending = useRef<(() => void) | null>(null);
  const next = useRef<Parameters<DeepZoomHandle['update']> | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new photo starts without tiles, on purpose.
  useEffect(() => {
    const tiles = kept.current;
    return () => {
      pending.current?.();
      pending.current = null;
      for (const img of tiles.values()) img.remove();
      tiles.clear();
    };
  }, [imageId]);

  useImperativeHandle(ref, () => {
    const render = () => {
      pending.current = null;
      const layer = layerRef.current;
      const args = next.current;
      if (!layer || !args) return;
      const [view, fit, stageWidth, stageHeight] = args;
      const choice = chooseTiles(
        view,
        fit,
        { width: stageWidth, height: stageHeight },
        { width, height },
        window.devicePixelRatio || 1,
      );
      layer.dataset.level = choice.level === null ? '' : String(choice.level);
      const wanted = new Set<string>();
      for (const t of choice.tiles) {
        const key = `${t.level}/${t.col}/${t.row}`;
        wanted.add(key);
        let img = kept.current.get(key);
        if (img) kept.current.delete(key);
        else {
          img = document.createElement('img');
          img.alt = '';
          img.draggable = false;
          img.decoding = 'async';
          img.dataset.tile = key;
          img.style.cssText = `position:absolute;left:${t.x}px;top:${t.y}px;width:${t.w}px;height:${t.h}px;opacity:0;pointer-events:none`;
          const el = img;
          el.onload = () => {
            el.dataset.loaded = 'true';
            el.style.opacity = '1';
          };
          el.src = tileUrl(imageId, t);
        }
        // Most recently wanted last: the first entries are the ones to drop.
        kept.current.set(key, img);
        if (img.parentNode !== layer) layer.appendChild(img);
      }
      for (const [key, img] of kept.current) {
        if (!wanted.has(key) && img.parentNode) img.remove();
      }
      const extra = kept.current.size - KEPT_TILES;
      if (extra > 0) {
        for (const key of [...kept.current.keys()].slice(0, extra)) {
          const img = kept.current.get(key)!;
          // A tile still loading stops loading.
          if (!img.dataset.loaded) img.removeAttribute('src');
          kept.current.delete(key);
        }
      }
    };
    return {
      update(...args) {
        next.current = args;
        // The tiles must come even while the browser holds animation frames back.
        pending.current ??= onNextFrame(render);
      },
    };
  }, [imageId, width, height]);

  return (
    <div
      ref={layerRef}
      data-testid="deep-zoom-layer"
      data-level=""
      style={{ position: 'absolute', left: 0, top: 0, width, height, pointerEvents: 'none' }}
    />
  );
});
