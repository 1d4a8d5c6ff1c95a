import { ZOOM_MAX, ZOOM_MIN, zoomByWheel, zoomStepDown, zoomStepUp } from '@linewalker/domain';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { DeepZoomHandle } from '../components/DeepZoomLayer.tsx';
import {
  clampToImage,
  fitScale,
  resetView,
  resizeView,
  type StageView,
  toImage,
  zoomAround,
} from '../model/stageGeometry.ts';

interface StageTransformOptions {
  /** The stage: the visible box, which takes the wheel. */
  stageRef: RefObject<HTMLDivElement | null>;
  /** The wrapper of image and layers that the transform moves. */
  wrapRef: RefObject<HTMLDivElement | null>;
  deepZoom: RefObject<DeepZoomHandle | null>;
  imageId: number;
  /** The photo's size in pixels (0 until known). */
  width: number;
  height: number;
  hd: boolean;
  /** Called the first time the reviewer zooms into a photo. */
  onFirstZoom: () => void;
}

/**
 * Pan and zoom of the viewer's stage. They write one CSS transform on one wrapper (image + SVG layer)
 * straight to the DOM, without a React render per frame; the wheel zooms 10 % per notch around the cursor.
 * A new photo starts fitted and un-zoomed; a resized stage keeps what was in its middle.
 */
export function useStageTransform({
  stageRef,
  wrapRef,
  deepZoom,
  imageId,
  width,
  height,
  hd,
  onFirstZoom,
}: StageTransformOptions) {
  const view = useRef<StageView>({ zoom: 1, tx: 0, ty: 0 });
  const zoomedOnce = useRef(false);

  const currentFitScale = () => {
    const s = stageRef.current;
    return s ? fitScale(s.clientWidth, s.clientHeight, width, height) : 1;
  };

  const apply = useCallback(() => {
    const w = wrapRef.current;
    const s = stageRef.current;
    if (!w || !s) return;
    const fit = fitScale(s.clientWidth, s.clientHeight, width, height);
    const scale = fit * view.current.zoom;
    w.style.transform = `translate(${view.current.tx}px, ${view.current.ty}px) scale(${scale})`;
    deepZoom.current?.update(view.current, fit, s.clientWidth, s.clientHeight);
    s.dataset.zoom = view.current.zoom.toFixed(2);
    if (view.current.zoom > 1 && !zoomedOnce.current) {
      zoomedOnce.current = true;
      onFirstZoom();
    }
  }, [stageRef, wrapRef, deepZoom, width, height, onFirstZoom]);

  const reset = useCallback(() => {
    const s = stageRef.current;
    if (!s) return;
    view.current = resetView(s.clientWidth, s.clientHeight, width, height);
    apply();
  }, [stageRef, width, height, apply]);

  const zoomTo = useCallback(
    (zoom: number, px?: number, py?: number) => {
      const s = stageRef.current;
      if (!s) return;
      const z = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));
      if (z === ZOOM_MIN) {
        reset();
        return;
      }
      const f = fitScale(s.clientWidth, s.clientHeight, width, height);
      view.current = zoomAround(view.current, f, z, px ?? s.clientWidth / 2, py ?? s.clientHeight / 2);
      apply();
    },
    [stageRef, apply, reset, width, height],
  );
  const zoomIn = useCallback(() => zoomTo(zoomStepUp(view.current.zoom)), [zoomTo]);
  const zoomOut = useCallback(() => zoomTo(zoomStepDown(view.current.zoom)), [zoomTo]);
  /** Moves the photo by so many screen pixels. */
  const pan = (dx: number, dy: number) => {
    view.current = { ...view.current, tx: view.current.tx + dx, ty: view.current.ty + dy };
    apply();
  };
  /** Zooms by a drag: 1 % per pixel upward, around where the drag started. */
  const zoomByDrag = (pixelsUp: number, px?: number, py?: number) =>
    zoomTo(view.current.zoom * 1.01 ** pixelsUp, px, py);
  /** A point on the stage (pixels from its top left) in the photo's pixels, kept inside the photo. */
  const toImagePoint = (px: number, py: number): [number, number] => {
    const [x, y] = toImage(view.current, currentFitScale(), px, py);
    return clampToImage(x, y, width, height);
  };
  /** Screen pixels per photo pixel. */
  const screenScale = () => currentFitScale() * view.current.zoom;
  /** True while the photo is zoomed in past its fitted size (there is something to pan to). */
  const zoomedIn = () => view.current.zoom > ZOOM_MIN;

  // A new photo has not been zoomed into yet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the photo changes, on purpose.
  useLayoutEffect(() => {
    zoomedOnce.current = false;
  }, [imageId]);
  useLayoutEffect(() => {
    if (width > 0) reset();
  }, [width, reset]);
  useEffect(() => {
    const s = stageRef.current;
    if (!s) return;
    let size = { width: s.clientWidth, height: s.clientHeight };
    const observer = new ResizeObserver(() => {
      const now = { width: s.clientWidth, height: s.clientHeight };
      if (now.width === size.width && now.height === size.height) return;
      view.current = resizeView(view.current, size, now, { width, height });
      size = now;
      apply();
    });
    observer.observe(s);
    return () => observer.disconnect();
  }, [stageRef, apply, width, height]);
  // Back from HD, the tile layer is new: give it the current view.
  useEffect(() => {
    if (!hd) apply();
  }, [hd, apply]);
  // The wheel listener must not be passive, to keep the page from scrolling.
  useEffect(() => {
    const s = stageRef.current;
    if (!s) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = s.getBoundingClientRect();
      zoomTo(zoomByWheel(view.current.zoom, e.deltaY), e.clientX - r.left, e.clientY - r.top);
    };
    s.addEventListener('wheel', onWheel, { passive: false });
    return () => s.removeEventListener('wheel', onWheel);
  }, [stageRef, zoomTo]);

  return { reset, zoomIn, zoomOut, pan, zoomByDrag, toImagePoint, screenScale, zoomedIn };
}
